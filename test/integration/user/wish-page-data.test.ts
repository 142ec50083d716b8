// What a page of wishes and a page of alerts need in few requests, over real HTTP and PostgreSQL: the wishes' price
// histories in one request, the wishes' filters and order, the format and store of their prices, the alerts' store
// pages and "mark all read".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { createBook, expectError, freshIsbn, insertAlert, insertQuote, type QuoteRow, userIdOf, walkPages } from './user-space-helpers.js';
import { languageIdOf } from '../../support/pricing-integration-helpers.js';

let t: TestService;
const store = {} as Record<'home' | 'germany' | 'france' | 'dollars', number>;
const language = {} as Record<'en' | 'de', number>;

beforeAll(async () => {
  t = await startTestService();
  // home (international) and germany sell to a reader in Germany buying in euros; france and dollars do not.
  const stores: Array<[keyof typeof store, string | null, string]> = [
    ['home', null, 'EUR'],
    ['germany', 'DE', 'EUR'],
    ['france', 'FR', 'EUR'],
    ['dollars', null, 'USD'],
  ];
  for (const [role, country, currency] of stores) {
    const [row] = await t.db.sql<{ store_id: string }>(
      `insert into store (store_key, store_name, country, currency, formats, homepage_url, product_url_template, is_active)
       values ($1, $2, $3, $4, '{paperback,hardcover,ebook}', 'https://store.example', 'https://store.example/{isbn}', true) returning store_id`,
      [`page-data-${role}`, `Page Data ${role}`, country, currency],
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
/** A new reader in Germany buying paperbacks and ebooks in euros, reading English only. */
async function aReader(): Promise<string> {
  const token = t.token(`page-data-reader-${++readers}`);
  const prefs = await t.call('PUT', '/api/user/preferences', { token, body: { country: 'DE', currency: 'EUR', formats: ['paperback', 'ebook'] } });
  expect(prefs.status, prefs.text).toBe(200);
  expect((await t.call('POST', '/api/user/preferences/languages', { token, body: { language_id: language.en } })).status).toBe(201);
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
const aBook = () => createBook(t, `Page Data Book ${++books}`);

async function wish(token: string, bookId: number): Promise<number> {
  const res = await t.call('POST', '/api/wishes', { token, body: { book_id: bookId } });
  expect(res.status, res.text).toBe(201);
  return res.body.wish_id;
}

const quote = (editionId: number, storeId: number, amountMinor: number, fetchedAt: string, more: Partial<QuoteRow> = {}) =>
  insertQuote(t, { editionId, storeId, amountMinor, fetchedAt, ...more });

/** A consolidated month (its `month` the month of `fetchedAt`): last price `lastMinor`, minimum `minMinor`. */
async function monthlyQuote(editionId: number, storeId: number, lastMinor: number, minMinor: number, fetchedAt: string): Promise<void> {
  await t.db.sql(
    `insert into price_quote (edition_id, store_id, amount_minor, currency, availability, url, fetched_at, quote_kind,
                              month, min_minor, max_minor, avg_minor, sample_count)
     values ($1, $2, $3, 'EUR', 'in_stock', 'https://store.example/monthly', $4, 'monthly', date_trunc('month', $4::timestamptz at time zone 'UTC')::date, $5, $3, $3, 20)`,
    [editionId, storeId, lastMinor, fetchedAt, minMinor],
  );
}

const DAY = 86_400_000;
const todayUtc = () => {
  const now = new Date();
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
};
/** `n` days ago (UTC) at `hour`:00, as an ISO timestamp; and that day as YYYY-MM-DD. */
const at = (n: number, hour = 3) => new Date(todayUtc() - n * DAY + hour * 3_600_000).toISOString();
const day = (n: number) => at(n).slice(0, 10);
const monthStartOf = (iso: string) => `${iso.slice(0, 7)}-01`;

describe('GET /api/wishes/price-history', () => {
  it("answers each listed wish's daily lowest price in the scope of its best price, a consolidated month as one point", async () => {
    const token = await aReader();
    const bookId = await aBook();
    const paperback = await anEdition(bookId);
    const ebook = await anEdition(bookId, 'ebook');
    const hardcover = await anEdition(bookId, 'hardcover');
    const german = await anEdition(bookId, 'paperback', 'de');
    const wishId = await wish(token, bookId);

    await quote(paperback, store.home, 1500, at(0, 1));
    await quote(paperback, store.home, 1400, at(0, 2)); // two quotes on a day: the lower counts
    await quote(ebook, store.germany, 1450, at(0, 4));
    await quote(paperback, store.germany, 1300, at(1), { availability: 'out_of_stock' }); // out of stock counts too
    await quote(paperback, store.home, 1600, at(89)); // the window's first day
    await quote(paperback, store.home, 100, at(91)); // before the window
    // Out of scope: a format, a language, a store and a currency the reader does not buy.
    await quote(hardcover, store.home, 200, at(1));
    await quote(german, store.home, 200, at(1));
    await quote(paperback, store.france, 200, at(1));
    await quote(paperback, store.dollars, 200, at(1), { currency: 'USD' });
    await quote(paperback, store.germany, 200, at(1), { currency: 'USD' });
    // A month consolidated inside the window, and one that ended long before it.
    await monthlyQuote(paperback, store.home, 1700, 1250, at(60));
    await monthlyQuote(paperback, store.germany, 1800, 1350, at(60));
    await monthlyQuote(paperback, store.home, 900, 50, at(150));

    const res = await t.call('GET', `/api/wishes/price-history?ids=${wishId}&days=90`, { token });
    expect(res.status, res.text).toBe(200);
    const monthPoint = [monthStartOf(at(60)), day(89)].sort().at(-1)!;
    const expected = [
      { date: day(89), amount: '16.00' },
      { date: monthPoint, amount: '12.50' },
      { date: day(1), amount: '13.00' },
      { date: day(0), amount: '14.00' },
    ].sort((a, b) => a.date.localeCompare(b.date));
    // A month point dated the window's first day merges with that day's quotes: the lower price wins.
    const merged = expected.filter((p, i) => i === 0 || p.date !== expected[i - 1]!.date).map((p) => ({
      date: p.date,
      amount: expected.filter((q) => q.date === p.date).map((q) => q.amount).sort((a, b) => Number(a) - Number(b))[0]!,
    }));
    expect(res.body).toEqual({ data: [{ wish_id: wishId, currency: 'EUR', points: merged }] });

    // A shorter window keeps its own days only; the default is 90 days.
    const week = await t.call('GET', `/api/wishes/price-history?ids=${wishId}&days=7`, { token });
    expect(week.body.data[0].points).toEqual([{ date: day(1), amount: '13.00' }, { date: day(0), amount: '14.00' }]);
    expect((await t.call('GET', `/api/wishes/price-history?ids=${wishId}`, { token })).body).toEqual(res.body);
  });

  it("answers the caller's listed wishes in id order, each once: unknown and other users' ids are absent, no quotes is no points", async () => {
    const token = await aReader();
    const other = await aReader();
    const [a, b] = [await aBook(), await aBook()];
    const first = await wish(token, a);
    const second = await wish(token, b);
    const others = await wish(other, a);
    await quote(await anEdition(b), store.home, 999, at(2));
    const res = await t.call('GET', `/api/wishes/price-history?ids=${others},${second},999999999,${first},${second}`, { token });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toEqual([
      { wish_id: first, currency: 'EUR', points: [] },
      { wish_id: second, currency: 'EUR', points: [{ date: day(2), amount: '9.99' }] },
    ]);
    expect((await t.call('GET', `/api/wishes/price-history?ids=${others}`, { token })).body).toEqual({ data: [] });
  });

  it('refuses bad ids and days with 400 validation_failed naming the parameter', async () => {
    const token = await aReader();
    expectError(await t.call('GET', '/api/wishes/price-history', { token }), 400, 'validation_failed', 'ids');
    for (const bad of ['', '1,,2', ',', 'a', '0', '-3', Array.from({ length: 101 }, (_, i) => i + 1).join(',')]) {
      expectError(await t.call('GET', `/api/wishes/price-history?ids=${encodeURIComponent(bad)}`, { token }), 400, 'validation_failed', 'ids');
    }
    for (const bad of ['0', '366', '-1', '1.5', 'abc', '', '090', '1000']) {
      expectError(await t.call('GET', `/api/wishes/price-history?ids=1&days=${encodeURIComponent(bad)}`, { token }), 400, 'validation_failed', 'days');
    }
    expect((await t.call('GET', '/api/wishes/price-history?ids=1&days=365', { token })).status).toBe(200);
    expect((await t.call('GET', '/api/wishes/price-history?ids=1', { token: null })).status).toBe(401);
  });
});

describe('GET /api/wishes: format and store of the prices, filters and order', () => {
  it("names the format of the best and lowest price's edition, and the best price's store", async () => {
    const token = await aReader();
    const bookId = await aBook();
    const ebook = await anEdition(bookId, 'ebook');
    const paperback = await anEdition(bookId);
    await quote(ebook, store.germany, 800, at(3));
    await quote(paperback, store.home, 700, at(5));
    await quote(paperback, store.home, 900, at(2));
    await wish(token, bookId);
    const [listed] = (await t.call('GET', `/api/wishes?book_id=${bookId}`, { token })).body.data;
    expect(listed.best_price).toMatchObject({ amount: '8.00', edition_id: ebook, format: 'ebook', store_id: store.germany, store_name: 'Page Data germany' });
    expect(listed.lowest_price).toMatchObject({ amount: '7.00', edition_id: paperback, format: 'paperback', store_id: store.home });
  });

  it('filters by is_monitored and by the format of the best price, in full pages, the links repeating them', async () => {
    const token = await aReader();
    const made: Array<{ id: number; format: 'ebook' | 'paperback' | null; monitored: boolean }> = [];
    for (let i = 0; i < 6; i++) {
      const bookId = await aBook();
      const format = i % 3 === 0 ? 'ebook' : i % 3 === 1 ? 'paperback' : null;
      if (format) await quote(await anEdition(bookId, format), store.home, 1000 + i, at(1));
      const id = await wish(token, bookId);
      const monitored = i % 2 === 0;
      if (!monitored) expect((await t.call('PATCH', `/api/wishes/${id}`, { token, body: { is_monitored: false } })).status).toBe(204);
      made.push({ id, format, monitored });
    }
    const ids = (items: Array<{ wish_id: number }>) => items.map((w) => w.wish_id);
    expect(ids(await walkPages(t, '/api/wishes?is_monitored=false&per_page=1', token))).toEqual(made.filter((w) => !w.monitored).map((w) => w.id));
    expect(ids(await walkPages(t, '/api/wishes?format=ebook&per_page=1', token))).toEqual(made.filter((w) => w.format === 'ebook').map((w) => w.id));
    expect(ids(await walkPages(t, '/api/wishes?format=paperback&is_monitored=true', token))).toEqual(
      made.filter((w) => w.format === 'paperback' && w.monitored).map((w) => w.id),
    );
    const page = await t.call('GET', '/api/wishes?format=ebook&is_monitored=true&sort=-created_at&per_page=1', { token });
    for (const name of ['self', 'first', 'last'] as const) {
      const href = new URL(page.body._links[name].href, t.baseUrl).searchParams;
      expect([href.get('format'), href.get('is_monitored'), href.get('sort'), href.get('per_page')]).toEqual(['ebook', 'true', '-created_at', '1']);
    }
  });

  it('lists newest first with sort=-created_at, forwards and backwards, each wish once', async () => {
    const token = await aReader();
    const made: number[] = [];
    for (let i = 0; i < 5; i++) made.push(await wish(token, await aBook()));
    const newestFirst = [...made].reverse();
    const ids = (items: Array<{ wish_id: number }>) => items.map((w) => w.wish_id);
    expect(ids(await walkPages(t, '/api/wishes?sort=-created_at&per_page=2', token))).toEqual(newestFirst);
    expect(ids(await walkPages(t, '/api/wishes?sort=created_at&per_page=2', token))).toEqual(made);
    // Backwards from the last page.
    const first = await t.call('GET', '/api/wishes?sort=-created_at&per_page=2', { token });
    const seen: number[] = [];
    let href: string | undefined = first.body._links.last.href;
    while (href) {
      const res = await t.call('GET', href, { token });
      seen.unshift(...ids(res.body.data));
      href = res.body._links.prev?.href;
    }
    expect(seen).toEqual(newestFirst);
    // A cursor made under the other order gives the first page of this one.
    const cursor = new URL(first.body._links.next.href, t.baseUrl).searchParams.get('cursor')!;
    const other = await t.call('GET', `/api/wishes?sort=created_at&per_page=2&cursor=${encodeURIComponent(cursor)}`, { token });
    expect(ids(other.body.data)).toEqual(made.slice(0, 2));
  });

  it('refuses other values with 400 validation_failed naming the parameter', async () => {
    const token = await aReader();
    for (const [name, bad] of [['is_monitored', 'yes'], ['is_monitored', ''], ['format', 'scroll'], ['format', 'EBOOK'], ['sort', 'PRICE'], ['sort', '']]) {
      expectError(await t.call('GET', `/api/wishes?${name}=${encodeURIComponent(bad!)}`, { token }), 400, 'validation_failed', name);
    }
  });
});

describe('alerts: the store page and mark all read', () => {
  it("carries the URL of the latest quote of the alert's edition at its store, or null", async () => {
    const token = await aReader();
    const userId = await userIdOf(t, `page-data-reader-${readers}`, token);
    const bookId = await aBook();
    const edition = await anEdition(bookId);
    const wishId = await wish(token, bookId);
    await quote(edition, store.home, 1000, at(3), { url: 'https://store.example/old' });
    await quote(edition, store.home, 900, at(1), { url: 'https://store.example/latest' });
    const withUrl = await insertAlert(t, { userId, wishId, bookId, editionId: edition, storeId: store.home, amountMinor: 900 });
    const withoutUrl = await insertAlert(t, { userId, wishId, bookId, editionId: edition, storeId: store.germany, amountMinor: 900 });
    const res = await t.call('GET', '/api/alerts', { token });
    expect(res.body.data.map((a: { alert_id: number; url: string | null }) => [a.alert_id, a.url])).toEqual([
      [withoutUrl, null],
      [withUrl, 'https://store.example/latest'],
    ]);
  });

  it("marks the caller's unread alerts read, up to the alert given, and counts them", async () => {
    const token = await aReader();
    const subject = `page-data-reader-${readers}`;
    const userId = await userIdOf(t, subject, token);
    const other = await aReader();
    const otherId = await userIdOf(t, `page-data-reader-${readers}`, other);
    const bookId = await aBook();
    const edition = await anEdition(bookId);
    const wishId = await wish(token, bookId);
    const otherWish = await wish(other, bookId);
    const alert = (user: number, w: number) => insertAlert(t, { userId: user, wishId: w, bookId, editionId: edition, storeId: store.home, amountMinor: 500 });
    const [a1, a2, a3] = [await alert(userId, wishId), await alert(userId, wishId), await alert(userId, wishId)];
    const theirs = await alert(otherId, otherWish);
    expect((await t.call('PATCH', `/api/alerts/${a1}`, { token, body: { is_read: true } })).status).toBe(204);

    const upTo = await t.call('POST', '/api/alerts/mark-read', { token, body: { up_to_alert_id: a2 } });
    expect(upTo.status, upTo.text).toBe(200);
    expect(upTo.body).toEqual({ marked_read: 1 });
    const unread = (await t.call('GET', '/api/alerts?is_read=false', { token })).body.data.map((a: { alert_id: number }) => a.alert_id);
    expect(unread).toEqual([a3]);

    expect((await t.call('POST', '/api/alerts/mark-read', { token, body: {} })).body).toEqual({ marked_read: 1 });
    expect((await t.call('GET', '/api/alerts?is_read=false', { token })).body.data).toEqual([]);
    expect((await t.call('GET', '/api/alerts?is_read=false', { token: other })).body.data.map((a: { alert_id: number }) => a.alert_id)).toEqual([theirs]);
  });

  it('refuses a bad body with 400 and no token with 401', async () => {
    const token = await aReader();
    expectError(await t.call('POST', '/api/alerts/mark-read', { token, body: { up_to_alert_id: 0 } }), 400, 'validation_failed', 'up_to_alert_id');
    expectError(await t.call('POST', '/api/alerts/mark-read', { token, body: { up_to_alert_id: '5' } }), 400, 'validation_failed', 'up_to_alert_id');
    expectError(await t.call('POST', '/api/alerts/mark-read', { token, body: { everything: true } }), 400, 'validation_failed', 'everything');
    expect((await t.call('POST', '/api/alerts/mark-read', { token: null, body: {} })).status).toBe(401);
  });
});
