// GET /api/wishes?sort= over real HTTP and PostgreSQL: the shared case table's orders (the same table the in-memory
// repository is held to), alone and with every filter, every link followed both ways; links repeating `sort`; pages
// still placed after their edge wish was removed or left the filter; the wishes as the default order shows them; and
// bad values refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Money } from '../../../src/domain/shared/money.js';
import { WISH_SORTS } from '../../../src/domain/wishes/wish-order.js';
import { startTestService, type TestService } from '../../support/test-service.js';
import { playRuleTable } from '../../contracts/rules/rule-table.js';
import { expectedNames, WISH_ORDER, WISH_ORDER_CASES } from '../../contracts/rules/wish-order.js';
import { createBook, expectError, freshIsbn, insertQuote } from './user-space-helpers.js';
import { languageIdOf } from '../../support/pricing-integration-helpers.js';

let t: TestService;
let storeId: number;
let englishId: number;
/** The table's books, by row. */
const bookIds: number[] = [];
const nameOfBook = new Map<number, string>();
let reader: string;

const cents = (amount: string) => Number(Money.parse(amount, 'EUR').toMinor());

beforeAll(async () => {
  t = await startTestService();
  const [store] = await t.db.sql<{ store_id: string }>(
    `insert into store (store_key, store_name, country, currency, formats, homepage_url, product_url_template, is_active)
     values ('wish-order-home', 'Wish Order Home', null, 'EUR', '{paperback,hardcover}', 'https://store.example', 'https://store.example/{isbn}', true)
     returning store_id`,
  );
  storeId = Number(store!.store_id);
  englishId = await languageIdOf(t, 'en');

  // The books in reverse order, so a later row has a lower book id (the table's tie rule relies on it).
  for (let row = WISH_ORDER_CASES.length - 1; row >= 0; row--) {
    const c = WISH_ORDER_CASES[row]!;
    const bookId = await createBook(t, c.title);
    bookIds[row] = bookId;
    nameOfBook.set(bookId, c.name);
    const [edition] = await t.db.sql<{ edition_id: string }>(
      'insert into edition (book_id, isbn, format, language_id) values ($1, $2, $3, $4) returning edition_id',
      [bookId, freshIsbn(), c.format, englishId],
    );
    const editionId = Number(edition!.edition_id);
    if (c.best === null && c.lowest !== null) {
      await insertQuote(t, { editionId, storeId, amountMinor: cents(c.lowest), fetchedAt: '2026-10-01T03:00:00Z', availability: 'out_of_stock' });
    } else if (c.best !== null && c.lowest !== null) {
      await insertQuote(t, { editionId, storeId, amountMinor: cents(c.lowest), fetchedAt: '2026-10-01T03:00:00Z' });
      if (c.best !== c.lowest) await insertQuote(t, { editionId, storeId, amountMinor: cents(c.best), fetchedAt: '2026-10-02T03:00:00Z' });
    }
  }
  reader = await aReaderWishingTheTable('wish-order-reader');
});
afterAll(async () => {
  await t.stop();
});

/** A reader in Germany buying paperbacks and hardcovers in euros, reading English, who wishes the table's books in order. */
async function aReaderWishingTheTable(subject: string): Promise<string> {
  const token = t.token(subject);
  const prefs = await t.call('PUT', '/api/user/preferences', { token, body: { country: 'DE', currency: 'EUR', formats: ['paperback', 'hardcover'] } });
  expect(prefs.status, prefs.text).toBe(200);
  const language = await t.call('POST', '/api/user/preferences/languages', { token, body: { language_id: englishId } });
  expect(language.status, language.text).toBe(201);
  for (const [row, c] of WISH_ORDER_CASES.entries()) {
    const body = { book_id: bookIds[row], is_monitored: c.monitored, ...(c.maxPrice ? { max_price: { amount: c.maxPrice, currency: 'EUR' } } : {}) };
    const res = await t.call('POST', '/api/wishes', { token, body });
    expect(res.status, res.text).toBe(201);
  }
  return token;
}

interface Walk {
  names: string[];
  hrefs: string[];
}

/** Follows `next` from `path` (or `prev` from its `last` link) and collects the wishes' names and the links followed. */
async function walk(path: string, token: string, along: 'next' | 'prev'): Promise<Walk> {
  const names: string[] = [];
  const hrefs: string[] = [];
  const visited = new Set<string>();
  const first = await t.call('GET', path, { token });
  expect(first.status, first.text).toBe(200);
  let href: string | undefined = along === 'next' ? path : first.body._links.last.href;
  while (href !== undefined) {
    expect(visited.has(href), `loop at ${href}`).toBe(false);
    visited.add(href);
    const res = await t.call('GET', href, { token });
    expect(res.status, `${href}: ${res.text.slice(0, 200)}`).toBe(200);
    const page = (res.body.data as Array<{ book_id: number }>).map((w) => nameOfBook.get(w.book_id)!);
    if (along === 'next') names.push(...page);
    else names.unshift(...page);
    for (const link of Object.values(res.body._links) as Array<{ href: string }>) hrefs.push(link.href);
    href = res.body._links[along]?.href;
    expect(visited.size).toBeLessThan(20);
  }
  return { names, hrefs };
}

// The order in one page, which following the links either way must give too (the case's name is its query string).
playRuleTable(WISH_ORDER, 'sql', async ({ name: query, sort, filter }) => {
  const all = await t.call('GET', `/api/wishes?${query}&per_page=100`, { token: reader });
  expect(all.status, all.text).toBe(200);
  const listed: string[] = all.body.data.map((w: { book_id: number }) => nameOfBook.get(w.book_id));
  for (const along of ['next', 'prev'] as const) {
    const walked = await walk(`/api/wishes?${query}&per_page=5`, reader, along);
    expect(walked.names, along).toEqual(listed);
    // Every link repeats the order and the filters.
    for (const href of walked.hrefs) {
      const params = new URL(href, 'http://x').searchParams;
      expect(params.get('sort'), href).toBe(sort);
      for (const [name, value] of new URLSearchParams(filter.query)) expect(params.get(name), href).toBe(value);
    }
  }
  return listed;
});

describe('GET /api/wishes?sort=', () => {
  it('shows each wish as the default order does', async () => {
    const byId = async (query: string) => {
      const res = await t.call('GET', `/api/wishes?per_page=100${query}`, { token: reader });
      expect(res.status, res.text).toBe(200);
      return Object.fromEntries(res.body.data.map((w: { wish_id: number }) => [w.wish_id, w]));
    };
    const plain = await byId('');
    expect(Object.values(plain).some((w: any) => w.best_price?.url && w.best_price?.store_name === 'Wish Order Home' && w.lowest_price)).toBe(true);
    for (const sort of WISH_SORTS) expect(await byId(`&sort=${sort}`), sort).toEqual(plain);
  });
});

describe('the pages of a sorted list', () => {
  const names = (res: { body: { data: Array<{ book_id: number }> } }) => res.body.data.map((w) => nameOfBook.get(w.book_id));

  it('go on after their edge wish when it was removed meanwhile', async () => {
    const token = await aReaderWishingTheTable('wish-order-remover');
    const first = await t.call('GET', '/api/wishes?sort=price&per_page=4', { token });
    expect(names(first)).toEqual(['free-now', 'free-once', 'half-above', 'third-above']);
    const removed = await t.call('DELETE', `/api/wishes/${first.body.data[3].wish_id}`, { token });
    expect(removed.status).toBe(204);
    const next = await t.call('GET', first.body._links.next.href, { token });
    expect(names(next)).toEqual(['same-price', 'fifth-above-cheaper', 'at-lowest', 'fifth-above']);
    // And back: the page before the next one's first wish ends with the wish before the removed one.
    const back = await t.call('GET', next.body._links.prev.href, { token });
    expect(names(back)).toEqual(['free-now', 'free-once', 'half-above']);
  });

  it('go on after their edge wish when it has left the filter', async () => {
    const token = await aReaderWishingTheTable('wish-order-unmonitor');
    const first = await t.call('GET', '/api/wishes?sort=-saving&is_monitored=true&per_page=2', { token });
    expect(names(first)).toEqual(['half-above', 'third-above']);
    const changed = await t.call('PATCH', `/api/wishes/${first.body.data[1].wish_id}`, { token, body: { is_monitored: false } });
    expect(changed.status).toBe(204);
    const next = await t.call('GET', first.body._links.next.href, { token });
    expect(names(next)).toEqual(['fifth-above', 'twentieth-above']);
  });

  it("are the caller's own: another reader's wishes of the same books never appear", async () => {
    const res = await t.call('GET', '/api/wishes?sort=title&per_page=100', { token: reader });
    expect(res.body.data).toHaveLength(WISH_ORDER_CASES.length);
  });

  it('bind their cursors to the order: a cursor sent with another sort gives that order from its start', async () => {
    const first = await t.call('GET', '/api/wishes?sort=price&per_page=3', { token: reader });
    const cursor = new URL(first.body._links.next.href, 'http://x').searchParams.get('cursor');
    const other = await t.call('GET', `/api/wishes?sort=title&per_page=3&cursor=${cursor}`, { token: reader });
    expect(other.status, other.text).toBe(200);
    expect(names(other)).toEqual(expectedNames('title', { query: '', filter: {}, keeps: () => true }).slice(0, 3));
    expect(other.body._links.prev).toBeUndefined();
  });
});

describe('sort', () => {
  it('refuses any other value with 400 validation_failed naming sort', async () => {
    for (const value of ['PRICE', 'Price', 'price ', '+price', '--price', 'price,title', '', 'best_price', 'created', '-', 'saving-']) {
      expectError(await t.call('GET', `/api/wishes?sort=${encodeURIComponent(value)}`, { token: reader }), 400, 'validation_failed', 'sort');
    }
    expectError(await t.call('GET', '/api/wishes?sort=price&sort=title', { token: reader }), 400, 'validation_failed', 'sort');
  });

  it('is in the OpenAPI document with every value', async () => {
    const res = await t.call('GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    const parameters = res.body.paths['/api/wishes'].get.parameters as Array<{ name: string; schema: { enum?: string[] } }>;
    expect(parameters.find((p) => p.name === 'sort')?.schema.enum).toEqual([...WISH_SORTS]);
  });
});
