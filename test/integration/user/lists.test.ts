// Shareable lists: owner view by id (JWT), public view by token (no JWT), best price from price quotes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import {
  createAuthor, createBook, createEdition, expectError, insertQuote, ISO_TIMESTAMP, storeIdOf, walkPages,
} from './user-space-helpers.js';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(async () => {
  await t.stop();
});

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{22,}$/;

describe('owner routes', () => {
  it('creates a list (201) with list_id, book_ids in the given order, a share token and created_at', async () => {
    const a = await createBook(t, 'First on list');
    const b = await createBook(t, 'Second on list');
    const res = await t.call('POST', '/api/lists', { body: { list_name: '  Summer reading  ', book_ids: [b, a] } });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ list_name: 'Summer reading', book_ids: [b, a] });
    expect(typeof res.body.list_id).toBe('number');
    expect(res.body.token).toMatch(TOKEN_SHAPE);
    expect(res.body.token).not.toMatch(/^\d+$/);
    expect(res.body.created_at).toMatch(ISO_TIMESTAMP);

    const own = await t.call('GET', `/api/lists/${res.body.list_id}`);
    expect(own.status).toBe(200);
    expect(own.body).toEqual(res.body);
    const listed = await walkPages(t, '/api/lists?per_page=1');
    expect(listed).toContainEqual(res.body);
  });

  it('creates an empty list, and gives every list its own token', async () => {
    const tokens = new Set<string>();
    for (let i = 0; i < 8; i++) {
      const res = await t.call('POST', '/api/lists', { body: { list_name: `Empty ${i}`, book_ids: [] } });
      expect(res.status, res.text).toBe(201);
      expect(res.body.book_ids).toEqual([]);
      expect(res.body.token).toMatch(TOKEN_SHAPE);
      expect(res.body.token).not.toMatch(/^\d+$/);
      tokens.add(res.body.token);
    }
    expect(tokens.size).toBe(8);
  });

  it('refuses unknown and repeated books (400), storing nothing', async () => {
    const a = await createBook(t, 'Only once');
    const before = await t.db.sql('select (select count(*)::int from book_list) as lists, (select count(*)::int from book_list_item) as items');
    expectError(await t.call('POST', '/api/lists', { body: { list_name: 'Ghosts', book_ids: [a, 987654321] } }), 400, 'validation_failed', 'book_ids');
    expectError(await t.call('POST', '/api/lists', { body: { list_name: 'Twice', book_ids: [a, a] } }), 400, 'validation_failed', 'book_ids');
    expectError(await t.call('POST', '/api/lists', { body: { list_name: '   ', book_ids: [a] } }), 400, 'validation_failed', 'list_name');
    expectError(await t.call('POST', '/api/lists', { body: { list_name: 'No books' } }), 400, 'validation_failed', 'book_ids');
    expect(await t.db.sql('select (select count(*)::int from book_list) as lists, (select count(*)::int from book_list_item) as items')).toEqual(before);
  });

  it('needs a JWT for an all-digit id (401), and answers 404 for an unknown id', async () => {
    const list = (await t.call('POST', '/api/lists', { body: { list_name: 'Private', book_ids: [] } })).body;
    const anonymous = await t.call('GET', `/api/lists/${list.list_id}`, { token: null });
    expectError(anonymous, 401, 'unauthorized');
    expect(anonymous.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(anonymous.text).not.toContain(list.token);
    expectError(await t.call('GET', '/api/lists/987654321', { token: null }), 401, 'unauthorized');
    expectError(await t.call('GET', '/api/lists/987654321'), 404, 'not_found');
    expectError(await t.call('GET', '/api/lists/99999999999999999999'), 404, 'not_found');
    expectError(await t.call('GET', '/api/lists/0'), 404, 'not_found');
  });

  it('DELETEs a list (204): its id and its token answer 404 afterwards', async () => {
    const bookId = await createBook(t, 'On a deleted list');
    const list = (await t.call('POST', '/api/lists', { body: { list_name: 'Short-lived', book_ids: [bookId] } })).body;
    expect((await t.call('GET', `/api/lists/${list.token}`, { token: null })).status).toBe(200);
    const removed = await t.call('DELETE', `/api/lists/${list.list_id}`);
    expect(removed.status).toBe(204);
    expect(removed.text).toBe('');
    expectError(await t.call('GET', `/api/lists/${list.list_id}`), 404, 'not_found');
    expectError(await t.call('GET', `/api/lists/${list.token}`, { token: null }), 404, 'not_found');
    expectError(await t.call('DELETE', `/api/lists/${list.list_id}`), 404, 'not_found');
    expect(await t.db.sql('select * from book_list_item where list_id = $1', [list.list_id])).toEqual([]);
    // The book is free to go now.
    expect((await t.call('DELETE', `/api/books/${bookId}`)).status).toBe(204);
  });
});

describe('public view by token', () => {
  it('shows list_name, created_at and books, and nothing about the owner', async () => {
    const subject = 'owner-sub-7f3a9c';
    const email = 'owner-7f3a9c@example.org';
    const ownerToken = t.token(subject, { email, name: 'Owner Display 7f3a9c' });
    const author = await createAuthor(t, 'Ursula K. Le Guin');
    const bookId = await createBook(t, 'The Dispossessed', [author]);
    const other = await createBook(t, 'Unpriced Book');
    const list = (await t.call('POST', '/api/lists', { token: ownerToken, body: { list_name: 'Gifts for 7f3a9c', book_ids: [bookId, other] } })).body;
    // The service does know the owner's e-mail and internal id.
    const [user] = await t.db.sql<{ email: string }>('select email from app_user where subject = $1', [subject]);
    expect(user!.email).toBe(email);

    const res = await t.call('GET', `/api/lists/${list.token}`, { token: null });
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['books', 'created_at', 'list_name']);
    expect(res.body.list_name).toBe('Gifts for 7f3a9c');
    expect(res.body.created_at).toBe(list.created_at);
    expect(res.body.books).toEqual([
      { book_id: bookId, book_original_title: 'The Dispossessed', authors: ['Ursula K. Le Guin'], best_price: null },
      { book_id: other, book_original_title: 'Unpriced Book', authors: [], best_price: null },
    ]);

    const text = res.text;
    expect(text).not.toContain(list.token);
    expect(text).not.toContain(subject);
    expect(text).not.toContain(email);
    expect(text).not.toContain('Owner Display');
    for (const key of ['list_id', 'token', 'user_id', 'user', 'owner', 'subject', 'sub', 'email', 'display_name']) {
      expect(text, key).not.toContain(`"${key}"`);
    }

    // The same view with any user's JWT (the token route ignores it) and the owner's own JWT.
    expect((await t.call('GET', `/api/lists/${list.token}`, { token: t.token('stranger') })).body).toEqual(res.body);
    expect((await t.call('GET', `/api/lists/${list.token}`, { token: ownerToken })).body).toEqual(res.body);
  });

  it('answers 404 for an unknown token without echoing it', async () => {
    const unknown = 'Zq9_unknown-share-token-0000000000';
    const res = await t.call('GET', `/api/lists/${unknown}`, { token: null });
    expectError(res, 404, 'not_found');
    expect(res.text).not.toContain(unknown);
    expectError(await t.call('GET', '/api/lists/abc', { token: null }), 404, 'not_found');
    // A token of a list that was never a list, with a JWT: still 404.
    expectError(await t.call('GET', `/api/lists/${unknown}`), 404, 'not_found');
  });

  it("gives each book's best price: the cheapest latest daily quote per edition and store, not out of stock", async () => {
    const palace = await storeIdOf(t, 'demo-paperback-palace');
    const buch = await storeIdOf(t, 'demo-buchhandlung');
    const emporium = await storeIdOf(t, 'demo-ebook-emporium');

    // Book 1: two editions at three stores.
    const book1 = await createBook(t, 'Priced Book');
    const paper = await createEdition(t, book1, 'paperback');
    const ebook = await createEdition(t, book1, 'ebook');
    // paperback @ palace: an older cheap quote is superseded by the latest one (15.00).
    await insertQuote(t, { editionId: paper, storeId: palace, amountMinor: 500, fetchedAt: '2026-11-01T03:00:00Z' });
    await insertQuote(t, { editionId: paper, storeId: palace, amountMinor: 1500, fetchedAt: '2026-11-20T03:00:00Z' });
    // paperback @ buch: cheaper, but its latest quote is out of stock.
    await insertQuote(t, { editionId: paper, storeId: buch, amountMinor: 800, fetchedAt: '2026-11-10T03:00:00Z' });
    await insertQuote(t, { editionId: paper, storeId: buch, amountMinor: 700, availability: 'out_of_stock', fetchedAt: '2026-11-20T03:00:00Z' });
    // ebook @ emporium: the winner, 12.99.
    await insertQuote(t, { editionId: ebook, storeId: emporium, amountMinor: 1299, fetchedAt: '2026-11-19T03:00:00Z', url: 'https://emporium.example/dispossessed' });
    // A monthly consolidation row is history, not a current price.
    await insertQuote(t, { editionId: ebook, storeId: buch, amountMinor: 100, fetchedAt: '2026-10-31T23:00:00Z', kind: 'monthly' });

    // Book 2: only out-of-stock latest quotes: no best price.
    const book2 = await createBook(t, 'Sold Out Book');
    const sold = await createEdition(t, book2, 'hardcover');
    await insertQuote(t, { editionId: sold, storeId: palace, amountMinor: 900, availability: 'out_of_stock', fetchedAt: '2026-11-20T03:00:00Z' });

    // Book 3: a price that went up: the latest counts, not the lowest ever.
    const book3 = await createBook(t, 'Dearer Book');
    const dear = await createEdition(t, book3, 'hardcover');
    await insertQuote(t, { editionId: dear, storeId: buch, amountMinor: 1000, fetchedAt: '2026-11-01T03:00:00Z' });
    await insertQuote(t, { editionId: dear, storeId: buch, amountMinor: 2050, fetchedAt: '2026-11-21T03:00:00Z' });

    const list = (await t.call('POST', '/api/lists', { body: { list_name: 'Prices', book_ids: [book1, book2, book3] } })).body;
    const res = await t.call('GET', `/api/lists/${list.token}`, { token: null });
    expect(res.status, res.text).toBe(200);
    const [b1, b2, b3] = res.body.books;
    expect(b1.book_id).toBe(book1);
    expect(b1.best_price).toMatchObject({ amount: '12.99', currency: 'EUR', store_name: 'Ebook Emporium (demo)', url: 'https://emporium.example/dispossessed' });
    expect(new Date(b1.best_price.fetched_at).toISOString()).toBe('2026-11-19T03:00:00.000Z');
    expect(b1.best_price.fetched_at).toMatch(ISO_TIMESTAMP);
    expect(b2).toMatchObject({ book_id: book2, best_price: null });
    expect(b3.best_price).toMatchObject({ amount: '20.50', currency: 'EUR', store_name: 'Buchhandlung Beispiel (demo)' });
    expect(res.text).not.toContain('price_quote_id');
    expect(res.text).not.toContain('store_id');

    // A new, cheaper in-stock quote becomes the best price.
    await insertQuote(t, { editionId: paper, storeId: buch, amountMinor: 650, fetchedAt: '2026-11-21T03:00:00Z' });
    const again = await t.call('GET', `/api/lists/${list.token}`, { token: null });
    expect(again.body.books[0].best_price).toMatchObject({ amount: '6.50', currency: 'EUR', store_name: 'Buchhandlung Beispiel (demo)' });
  });

  it("compares quotes in other currencies converted into the owner's currency, never by their raw amounts", async () => {
    const palace = await storeIdOf(t, 'demo-paperback-palace');
    const buch = await storeIdOf(t, 'demo-buchhandlung');
    const emporium = await storeIdOf(t, 'demo-ebook-emporium');
    // 0.8 pounds and 160 yen per euro on the quotes' day; no rate at all for the Swiss franc.
    for (const [currency, perEuro] of [['GBP', '0.8'], ['JPY', '160']]) {
      await t.db.sql(
        `insert into reference_rate (rate_date, currency, per_euro) values ('2026-11-20', $1, $2)
         on conflict (currency, rate_date) do update set per_euro = excluded.per_euro`,
        [currency, perEuro],
      );
    }
    const at = '2026-11-20T03:00:00Z';
    // The owner's preferred currency is the default, EUR, and no store quotes it: 12.00 GBP is 15.00 EUR, 2,000 JPY
    // is 12.50 EUR (the cheapest), 11.50 CHF has no rate (the smallest raw amount: never compared with the others).
    const book = await createBook(t, 'Priced Abroad');
    const edition = await createEdition(t, book, 'paperback');
    await insertQuote(t, { editionId: edition, storeId: palace, amountMinor: 1200, currency: 'GBP', fetchedAt: at });
    await insertQuote(t, { editionId: edition, storeId: buch, amountMinor: 2000, currency: 'JPY', fetchedAt: at });
    await insertQuote(t, { editionId: edition, storeId: emporium, amountMinor: 1150, currency: 'CHF', fetchedAt: at });
    // Only quotes without a rate: the cheapest within one currency, by currency code (CHF before USD).
    const unrated = await createBook(t, 'Priced Without Rates');
    const unratedEdition = await createEdition(t, unrated, 'paperback');
    await insertQuote(t, { editionId: unratedEdition, storeId: palace, amountMinor: 900, currency: 'USD', fetchedAt: at });
    await insertQuote(t, { editionId: unratedEdition, storeId: buch, amountMinor: 1900, currency: 'CHF', fetchedAt: at });
    await insertQuote(t, { editionId: unratedEdition, storeId: emporium, amountMinor: 1700, currency: 'CHF', fetchedAt: at });
    // A quote in the owner's currency wins over a cheaper one in another.
    const mixed = await createBook(t, 'Priced At Home');
    const mixedEdition = await createEdition(t, mixed, 'paperback');
    await insertQuote(t, { editionId: mixedEdition, storeId: palace, amountMinor: 3000, fetchedAt: at });
    await insertQuote(t, { editionId: mixedEdition, storeId: buch, amountMinor: 100, currency: 'JPY', fetchedAt: at });

    const list = (await t.call('POST', '/api/lists', { body: { list_name: 'Abroad', book_ids: [book, unrated, mixed] } })).body;
    const res = await t.call('GET', `/api/lists/${list.token}`, { token: null });
    expect(res.status, res.text).toBe(200);
    const prices = res.body.books.map((b: { best_price: { amount: string; currency: string } | null }) => b.best_price && [b.best_price.amount, b.best_price.currency]);
    expect(prices).toEqual([['2000', 'JPY'], ['17.00', 'CHF'], ['30.00', 'EUR']]);
  });
});
