// Best and lowest price on every wish, and the below_max_price filter, over real HTTP and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { createBook, expectError, freshIsbn, insertQuote, type QuoteRow, userIdOf, walkPages } from './user-space-helpers.js';
import { languageIdOf } from '../../support/pricing-integration-helpers.js';

let t: TestService;
const store = {} as Record<'home' | 'germany' | 'france' | 'dollars' | 'inactive', number>;
const language = {} as Record<'en' | 'de', number>;

beforeAll(async () => {
  t = await startTestService();
  // Stores of this test's own: home (international) and germany sell to a reader in Germany buying in euros;
  // france is in another country, dollars in another currency, inactive is switched off.
  const stores: Array<[keyof typeof store, string | null, string, boolean]> = [
    ['home', null, 'EUR', true],
    ['germany', 'DE', 'EUR', true],
    ['france', 'FR', 'EUR', true],
    ['dollars', null, 'USD', true],
    ['inactive', 'DE', 'EUR', false],
  ];
  for (const [role, country, currency, active] of stores) {
    const [row] = await t.db.sql<{ store_id: string }>(
      `insert into store (store_key, store_name, country, currency, formats, homepage_url, product_url_template, is_active)
       values ($1, $1, $2, $3, '{paperback,hardcover}', 'https://store.example', 'https://store.example/{isbn}', $4) returning store_id`,
      [`best-price-${role}`, country, currency, active],
    );
    store[role] = Number(row!.store_id);
  }
  for (const code of ['en', 'de'] as const) {
    language[code] = await languageIdOf(t, code);
  }
});
afterAll(async () => {
  await t.stop();
});

let readers = 0;
/** A new reader in Germany buying paperbacks in euros, reading English only. */
async function aReader(): Promise<string> {
  const token = t.token(`best-price-reader-${++readers}`);
  const prefs = await t.call('PUT', '/api/user/preferences', { token, body: { country: 'DE', currency: 'EUR', formats: ['paperback'] } });
  expect(prefs.status, prefs.text).toBe(200);
  const added = await t.call('POST', '/api/user/preferences/languages', { token, body: { language_id: language.en } });
  expect(added.status, added.text).toBe(201);
  return token;
}

async function anEdition(bookId: number, format = 'paperback', languageCode: keyof typeof language = 'en'): Promise<number> {
  const [row] = await t.db.sql<{ edition_id: string }>(
    'insert into edition (book_id, isbn, format, language_id) values ($1, $2, $3, $4) returning edition_id',
    [bookId, freshIsbn(), format, language[languageCode]],
  );
  return Number(row!.edition_id);
}

let books = 0;
async function aBook(): Promise<number> {
  return createBook(t, `Best Price Book ${++books}`);
}

/** A daily quote in euros, in stock, unless told otherwise. */
function quote(editionId: number, storeId: number, amountMinor: number, fetchedAt: string, more: Partial<QuoteRow> = {}): Promise<number> {
  return insertQuote(t, { editionId, storeId, amountMinor, fetchedAt, ...more });
}

/** A consolidated month: its last price `lastMinor`, its minimum `minMinor`. */
async function monthlyQuote(editionId: number, storeId: number, lastMinor: number, minMinor: number, fetchedAt: string): Promise<void> {
  await t.db.sql(
    `insert into price_quote (edition_id, store_id, amount_minor, currency, availability, url, fetched_at, quote_kind,
                              month, min_minor, max_minor, avg_minor, sample_count)
     values ($1, $2, $3, 'EUR', 'in_stock', 'https://store.example/monthly', $4, 'monthly', date_trunc('month', $4::timestamptz)::date, $5, $3, $3, 20)`,
    [editionId, storeId, lastMinor, fetchedAt, minMinor],
  );
}

async function wish(token: string, bookId: number, maxPrice?: { amount: string; currency: string }): Promise<Record<string, any>> {
  const res = await t.call('POST', '/api/wishes', { token, body: { book_id: bookId, ...(maxPrice ? { max_price: maxPrice } : {}) } });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

/** The wish as the list shows it. */
async function listed(token: string, bookId: number): Promise<Record<string, any>> {
  const res = await t.call('GET', `/api/wishes?book_id=${bookId}`, { token });
  expect(res.status, res.text).toBe(200);
  expect(res.body.data).toHaveLength(1);
  return res.body.data[0];
}

describe('best_price and lowest_price', () => {
  it('keep to the editions the user reads at the stores the user can buy from, in the user currency', async () => {
    const token = await aReader();
    const bookId = await aBook();
    const read = await anEdition(bookId);
    const hardcover = await anEdition(bookId, 'hardcover');
    const german = await anEdition(bookId, 'paperback', 'de');
    const at = '2026-10-01T03:00:00.000Z';
    await quote(read, store.home, 1200, at, { url: 'https://store.example/the-one' });
    await quote(hardcover, store.home, 500, at); // a format the reader does not read
    await quote(german, store.home, 400, at); // a language the reader does not read
    await quote(read, store.france, 300, at); // a store in another country
    await quote(read, store.dollars, 200, at, { currency: 'USD' }); // a store in another currency
    await quote(read, store.inactive, 150, at); // a store switched off
    await quote(read, store.germany, 100, at, { currency: 'USD' }); // a quote in another currency at a store in scope

    await wish(token, bookId);
    const body = await listed(token, bookId);
    expect(body.best_price).toEqual({
      amount: '12.00', currency: 'EUR', edition_id: read, format: 'paperback', store_id: store.home, store_name: 'best-price-home',
      availability: 'in_stock', fetched_at: at, url: 'https://store.example/the-one', shipping: null, delivered: null,
    });
    expect(body.lowest_price).toEqual({ amount: '12.00', currency: 'EUR', edition_id: read, format: 'paperback', store_id: store.home, fetched_at: at });
  });

  it("counts every language when the user named no readable language", async () => {
    const token = t.token('best-price-any-language');
    await t.call('PUT', '/api/user/preferences', { token, body: { country: 'DE', currency: 'EUR', formats: ['paperback'] } });
    const bookId = await aBook();
    const german = await anEdition(bookId, 'paperback', 'de');
    await quote(german, store.germany, 999, '2026-10-02T03:00:00Z');
    expect((await wish(token, bookId)).best_price).toMatchObject({ amount: '9.99', edition_id: german });
  });

  it("takes each (edition, store)'s latest quote for the best price; an older cheaper one only counts as the lowest", async () => {
    const token = await aReader();
    const bookId = await aBook();
    const edition = await anEdition(bookId);
    await quote(edition, store.home, 800, '2026-10-01T03:00:00Z');
    await quote(edition, store.home, 1000, '2026-10-02T03:00:00Z');
    await quote(edition, store.germany, 1100, '2026-10-02T03:00:00Z');
    await wish(token, bookId);
    const body = await listed(token, bookId);
    expect(body.best_price).toMatchObject({ amount: '10.00', store_id: store.home, fetched_at: '2026-10-02T03:00:00.000Z' });
    expect(body.lowest_price).toEqual({ amount: '8.00', currency: 'EUR', edition_id: edition, format: 'paperback', store_id: store.home, fetched_at: '2026-10-01T03:00:00.000Z' });
  });

  it('leaves out of stock quotes out of the best price but not out of the lowest', async () => {
    const token = await aReader();
    const bookId = await aBook();
    const edition = await anEdition(bookId);
    await quote(edition, store.home, 700, '2026-10-01T03:00:00Z');
    await quote(edition, store.home, 500, '2026-10-02T03:00:00Z', { availability: 'out_of_stock' });
    await quote(edition, store.germany, 900, '2026-10-01T03:00:00Z', { availability: 'preorder' });
    await wish(token, bookId);
    const body = await listed(token, bookId);
    // The home store's latest quote is out of stock: its older 7.00 is not current, so the preorder wins.
    expect(body.best_price).toMatchObject({ amount: '9.00', store_id: store.germany, availability: 'preorder' });
    expect(body.lowest_price).toMatchObject({ amount: '5.00', store_id: store.home, fetched_at: '2026-10-02T03:00:00.000Z' });
  });

  it('counts monthly quotes: their last price when latest, their minimum for the lowest', async () => {
    const token = await aReader();
    const bookId = await aBook();
    const edition = await anEdition(bookId);
    await quote(edition, store.home, 1500, '2026-08-31T03:00:00Z');
    await monthlyQuote(edition, store.home, 1300, 650, '2026-09-30T03:00:00Z');
    await wish(token, bookId);
    const body = await listed(token, bookId);
    expect(body.best_price).toMatchObject({ amount: '13.00', store_id: store.home, fetched_at: '2026-09-30T03:00:00.000Z', url: 'https://store.example/monthly' });
    expect(body.lowest_price).toEqual({ amount: '6.50', currency: 'EUR', edition_id: edition, format: 'paperback', store_id: store.home, fetched_at: '2026-09-30T03:00:00.000Z' });
    // A daily quote after the month is the latest again.
    await quote(edition, store.home, 1400, '2026-10-01T03:00:00Z');
    expect((await listed(token, bookId)).best_price).toMatchObject({ amount: '14.00', fetched_at: '2026-10-01T03:00:00.000Z' });
  });

  it('breaks ties: the freshest quote for the best, the earliest for the lowest, then the lowest edition and store id', async () => {
    const token = await aReader();
    const bookId = await aBook();
    const first = await anEdition(bookId);
    const second = await anEdition(bookId);
    await quote(second, store.germany, 700, '2026-10-01T03:00:00Z');
    await quote(first, store.germany, 700, '2026-10-02T03:00:00Z');
    await quote(second, store.home, 700, '2026-10-02T03:00:00Z');
    await wish(token, bookId);
    const body = await listed(token, bookId);
    const [lowerStore, higherStore] = [store.home, store.germany].sort((a, b) => a - b);
    // Both freshest quotes are of 2 October; the lower edition id wins.
    expect(body.best_price).toMatchObject({ amount: '7.00', edition_id: first, store_id: store.germany, fetched_at: '2026-10-02T03:00:00.000Z' });
    expect(body.lowest_price).toMatchObject({ amount: '7.00', edition_id: second, store_id: store.germany, fetched_at: '2026-10-01T03:00:00.000Z' });
    // Same edition, same time: the lower store id.
    const bookTwo = await aBook();
    const only = await anEdition(bookTwo);
    await quote(only, higherStore!, 600, '2026-10-03T03:00:00Z');
    await quote(only, lowerStore!, 600, '2026-10-03T03:00:00Z');
    const two = await wish(token, bookTwo);
    expect(two.best_price).toMatchObject({ store_id: lowerStore });
    expect(two.lowest_price).toMatchObject({ store_id: lowerStore });
  });

  it('are null when nothing is quoted in scope; only out of stock quotes leave the best null and the lowest set', async () => {
    const token = await aReader();
    const nothing = await wish(token, await aBook(), { amount: '100.00', currency: 'EUR' });
    expect(nothing).toMatchObject({ best_price: null, lowest_price: null, below_max_price: false });
    const bookId = await aBook();
    const edition = await anEdition(bookId);
    await quote(edition, store.home, 450, '2026-10-01T03:00:00Z', { availability: 'out_of_stock' });
    expect(await wish(token, bookId)).toMatchObject({ best_price: null, lowest_price: { amount: '4.50' }, below_max_price: false });
  });

  it('are in the 201 body of POST /api/wishes, as the list shows them', async () => {
    const token = await aReader();
    const bookId = await aBook();
    const edition = await anEdition(bookId);
    await quote(edition, store.germany, 1999, '2026-10-01T03:00:00Z');
    const created = await wish(token, bookId, { amount: '25.00', currency: 'EUR' });
    expect(created).toMatchObject({
      book_id: bookId,
      best_price: { amount: '19.99', currency: 'EUR', edition_id: edition, store_id: store.germany, availability: 'in_stock' },
      lowest_price: { amount: '19.99', currency: 'EUR', edition_id: edition, store_id: store.germany },
      below_max_price: true,
    });
    expect(await listed(token, bookId)).toEqual(created);
  });
});

describe('below_max_price', () => {
  it('is true at or under a max price in the user currency, else false', async () => {
    const token = await aReader();
    const bookId = await aBook();
    const edition = await anEdition(bookId);
    await quote(edition, store.home, 1000, '2026-10-01T03:00:00Z');
    const created = await wish(token, bookId, { amount: '10.00', currency: 'EUR' });
    expect(created.below_max_price).toBe(true);
    const cases: Array<[{ amount: string; currency: string } | null, boolean]> = [
      [{ amount: '10.01', currency: 'EUR' }, true],
      [{ amount: '9.99', currency: 'EUR' }, false],
      [{ amount: '50.00', currency: 'USD' }, false],
      [null, false],
    ];
    for (const [maxPrice, expected] of cases) {
      const res = await t.call('PATCH', `/api/wishes/${created.wish_id}`, { token, body: { max_price: maxPrice } });
      expect(res.status, res.text).toBe(204);
      expect((await listed(token, bookId)).below_max_price, JSON.stringify(maxPrice)).toBe(expected);
    }
  });

  it('filters the list in full pages, every link repeating it', async () => {
    const token = await aReader();
    const below: number[] = [];
    const notBelow: number[] = [];
    for (let i = 0; i < 7; i++) {
      const bookId = await aBook();
      const edition = await anEdition(bookId);
      await quote(edition, store.home, 1000 + i, '2026-10-01T03:00:00Z');
      const isBelow = i % 3 !== 1;
      const created = await wish(token, bookId, { amount: isBelow ? '20.00' : '5.00', currency: 'EUR' });
      (isBelow ? below : notBelow).push(created.wish_id);
    }
    notBelow.push((await wish(token, await aBook())).wish_id);

    const first = await t.call('GET', '/api/wishes?below_max_price=true&per_page=2', { token });
    expect(first.status, first.text).toBe(200);
    expect(first.body.data).toHaveLength(2);
    for (const link of Object.values(first.body._links) as Array<{ href: string }>) expect(link.href).toContain('below_max_price=true');
    const walkedBelow = await walkPages(t, '/api/wishes?below_max_price=true&per_page=2', token);
    expect(walkedBelow.map((w) => w.wish_id)).toEqual(below);
    expect(walkedBelow.every((w) => w.below_max_price === true)).toBe(true);
    const walkedNotBelow = await walkPages(t, '/api/wishes?below_max_price=false&per_page=1', token);
    expect(walkedNotBelow.map((w) => w.wish_id)).toEqual(notBelow);

    // Walking back from the last page visits the same wishes.
    const back: number[] = [];
    let href: string | undefined = first.body._links.last.href;
    while (href) {
      const page = await t.call('GET', href, { token });
      expect(page.status).toBe(200);
      expect(href).toContain('below_max_price=true');
      back.unshift(...page.body.data.map((w: { wish_id: number }) => w.wish_id));
      href = page.body._links.prev?.href;
    }
    expect(back).toEqual(below);

    // A cursor of the filtered list, sent without the filter, starts the unfiltered list again.
    const next = new URL(first.body._links.next.href, 'http://x');
    const unfiltered = await t.call('GET', `/api/wishes?per_page=2&cursor=${next.searchParams.get('cursor')}`, { token });
    expect(unfiltered.status).toBe(200);
    expect(unfiltered.body._links.prev).toBeUndefined();
    expect((await walkPages(t, '/api/wishes?per_page=3', token)).map((w) => w.wish_id)).toEqual([...below, ...notBelow].sort((a, b) => a - b));
  });

  it('refuses any other value with 400 validation_failed', async () => {
    const token = await aReader();
    for (const value of ['yes', 'TRUE', '1', '', 'true,false']) {
      expectError(await t.call('GET', `/api/wishes?below_max_price=${encodeURIComponent(value)}`, { token }), 400, 'validation_failed', 'below_max_price');
    }
  });

  it("keeps to the caller's own wishes", async () => {
    const owner = await aReader();
    const bookId = await aBook();
    const edition = await anEdition(bookId);
    await quote(edition, store.home, 100, '2026-10-01T03:00:00Z');
    await wish(owner, bookId, { amount: '5.00', currency: 'EUR' });
    const stranger = await aReader();
    await userIdOf(t, `best-price-reader-${readers}`, stranger);
    const res = await t.call('GET', '/api/wishes?below_max_price=true', { token: stranger });
    expect(res.body.data).toEqual([]);
  });
});
