// Wishes: create, conflict, unknown book, PATCH, DELETE, and the catalog refusing to delete a wished book.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { createBook, createEdition, expectError, ISO_TIMESTAMP, walkPages } from './user-space-helpers.js';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(async () => {
  await t.stop();
});

async function wishRows(bookId: number): Promise<unknown[]> {
  return t.db.sql(
    `select w.is_monitored, w.max_price_minor::int as minor, w.max_price_currency as currency from wish w
     join app_user u on u.user_id = w.user_id where u.subject = 'alice' and w.book_id = $1`,
    [bookId],
  );
}

async function listedWish(wishId: number): Promise<Record<string, unknown> | undefined> {
  const wishes = await walkPages<Record<string, unknown>>(t, '/api/wishes?per_page=100');
  return wishes.find((w) => w.wish_id === wishId);
}

describe('creating wishes', () => {
  it('creates a monitored wish without a maximum price by default', async () => {
    const bookId = await createBook(t, 'Default Wish');
    const res = await t.call('POST', '/api/wishes', { body: { book_id: bookId } });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ book_id: bookId, is_monitored: true, max_price: null });
    expect(typeof res.body.wish_id).toBe('number');
    expect(res.body.created_at).toMatch(ISO_TIMESTAMP);
    expect(await listedWish(res.body.wish_id)).toEqual(res.body);
    expect(await wishRows(bookId)).toEqual([{ is_monitored: true, minor: null, currency: null }]);
  });

  it('normalises max_price to the currency minor digits, as a decimal string', async () => {
    const cases: Array<[{ amount: string; currency: string }, { amount: string; currency: string }, number]> = [
      [{ amount: '12.5', currency: 'EUR' }, { amount: '12.50', currency: 'EUR' }, 1250],
      [{ amount: '12', currency: 'EUR' }, { amount: '12.00', currency: 'EUR' }, 1200],
      [{ amount: '0.99', currency: 'GBP' }, { amount: '0.99', currency: 'GBP' }, 99],
      [{ amount: '1500', currency: 'JPY' }, { amount: '1500', currency: 'JPY' }, 1500],
    ];
    let n = 0;
    for (const [given, expected, minor] of cases) {
      const bookId = await createBook(t, `Priced Wish ${n++}`);
      const res = await t.call('POST', '/api/wishes', { body: { book_id: bookId, max_price: given, is_monitored: false } });
      expect(res.status, res.text).toBe(201);
      expect(res.body.max_price).toEqual(expected);
      expect(res.body.is_monitored).toBe(false);
      expect(await wishRows(bookId)).toEqual([{ is_monitored: false, minor, currency: expected.currency }]);
      expect((await listedWish(res.body.wish_id))?.max_price).toEqual(expected);
    }
    // More decimals than the currency has is refused.
    const bookId = await createBook(t, 'Too Precise');
    expectError(await t.call('POST', '/api/wishes', { body: { book_id: bookId, max_price: { amount: '12.999', currency: 'EUR' } } }), 400, 'validation_failed', 'max_price.amount');
    expectError(await t.call('POST', '/api/wishes', { body: { book_id: bookId, max_price: { amount: '1500.5', currency: 'JPY' } } }), 400, 'validation_failed', 'max_price.amount');
    expectError(await t.call('POST', '/api/wishes', { body: { book_id: bookId, max_price: { amount: '12.99', currency: 'ZZZ' } } }), 400, 'validation_failed', 'max_price.currency');
    expectError(await t.call('POST', '/api/wishes', { body: { book_id: bookId, max_price: { amount: 12.99, currency: 'EUR' } } }), 400, 'validation_failed', 'max_price.amount');
    expect(await wishRows(bookId)).toEqual([]);
  });

  it('refuses the same book twice with 409 conflict, keeping the first wish', async () => {
    const bookId = await createBook(t, 'Wished Twice');
    const first = await t.call('POST', '/api/wishes', { body: { book_id: bookId, max_price: { amount: '5', currency: 'EUR' } } });
    expect(first.status).toBe(201);
    expectError(await t.call('POST', '/api/wishes', { body: { book_id: bookId, is_monitored: false } }), 409, 'conflict');
    expect(await wishRows(bookId)).toEqual([{ is_monitored: true, minor: 500, currency: 'EUR' }]);
    expect(await listedWish(first.body.wish_id)).toEqual(first.body);
  });

  it('refuses an unknown book with 400 naming book_id, storing nothing', async () => {
    const before = await t.db.sql('select count(*)::int as n from wish');
    expectError(await t.call('POST', '/api/wishes', { body: { book_id: 987654321 } }), 400, 'validation_failed', 'book_id');
    expect(await t.db.sql('select count(*)::int as n from wish')).toEqual(before);
  });

  it('lists wishes paginated in creation order', async () => {
    const token = t.token('wish-lister');
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await t.call('POST', '/api/wishes', { token, body: { book_id: await createBook(t, `Listed ${i}`) } });
      ids.push(res.body.wish_id);
    }
    const first = await t.call('GET', '/api/wishes?per_page=2', { token });
    expect(first.body.data).toHaveLength(2);
    expect(first.body._links.next).toBeDefined();
    expect((await walkPages<{ wish_id: number }>(t, '/api/wishes?per_page=2', token)).map((w) => w.wish_id)).toEqual(ids);
  });
});

describe('changing and removing wishes', () => {
  it('PATCHes is_monitored and max_price (204), visible in GET; null clears max_price', async () => {
    const bookId = await createBook(t, 'Patched Wish');
    const wish = (await t.call('POST', '/api/wishes', { body: { book_id: bookId } })).body;
    const path = `/api/wishes/${wish.wish_id}`;

    const off = await t.call('PATCH', path, { body: { is_monitored: false } });
    expect(off.status, off.text).toBe(204);
    expect(off.text).toBe('');
    expect(await listedWish(wish.wish_id)).toMatchObject({ is_monitored: false, max_price: null });

    expect((await t.call('PATCH', path, { body: { max_price: { amount: '9.9', currency: 'EUR' } } })).status).toBe(204);
    expect(await listedWish(wish.wish_id)).toMatchObject({ is_monitored: false, max_price: { amount: '9.90', currency: 'EUR' } });

    expect((await t.call('PATCH', path, { body: { is_monitored: true } })).status).toBe(204);
    expect(await listedWish(wish.wish_id)).toMatchObject({ is_monitored: true, max_price: { amount: '9.90', currency: 'EUR' } });

    expect((await t.call('PATCH', path, { body: { is_monitored: false, max_price: { amount: '7', currency: 'GBP' } } })).status).toBe(204);
    expect(await listedWish(wish.wish_id)).toMatchObject({ is_monitored: false, max_price: { amount: '7.00', currency: 'GBP' } });

    expect((await t.call('PATCH', path, { body: { max_price: null } })).status).toBe(204);
    expect(await listedWish(wish.wish_id)).toEqual({ ...wish, is_monitored: false, max_price: null });
    expect(await wishRows(bookId)).toEqual([{ is_monitored: false, minor: null, currency: null }]);
  });

  it('refuses a PATCH that names no field, or a bad price, changing nothing', async () => {
    const bookId = await createBook(t, 'Unpatched Wish');
    const wish = (await t.call('POST', '/api/wishes', { body: { book_id: bookId, max_price: { amount: '3.5', currency: 'EUR' } } })).body;
    const path = `/api/wishes/${wish.wish_id}`;
    expectError(await t.call('PATCH', path, { body: {} }), 400, 'validation_failed');
    expectError(await t.call('PATCH', path, { body: { is_monitored: false, max_price: { amount: '1.234', currency: 'EUR' } } }), 400, 'validation_failed', 'max_price.amount');
    expectError(await t.call('PATCH', path, { body: { is_monitored: false, book_id: bookId } }), 400, 'validation_failed', 'book_id');
    expect(await listedWish(wish.wish_id)).toEqual(wish);
  });

  it('DELETEs a wish (204), then answers 404 for it on every route', async () => {
    const bookId = await createBook(t, 'Removed Wish');
    const wish = (await t.call('POST', '/api/wishes', { body: { book_id: bookId } })).body;
    const path = `/api/wishes/${wish.wish_id}`;
    const removed = await t.call('DELETE', path);
    expect(removed.status).toBe(204);
    expect(removed.text).toBe('');
    expectError(await t.call('DELETE', path), 404, 'not_found');
    expectError(await t.call('PATCH', path, { body: { is_monitored: false } }), 404, 'not_found');
    expect(await listedWish(wish.wish_id)).toBeUndefined();
    expect(await wishRows(bookId)).toEqual([]);
    // The book can be wished again afterwards.
    expect((await t.call('POST', '/api/wishes', { body: { book_id: bookId } })).status).toBe(201);
  });

  it('answers 404 for a well-formed wish id that does not exist', async () => {
    expectError(await t.call('PATCH', '/api/wishes/987654321', { body: { is_monitored: true } }), 404, 'not_found');
    expectError(await t.call('DELETE', '/api/wishes/987654321'), 404, 'not_found');
  });
});

describe('the catalog and wished books', () => {
  it('refuses to delete a wished book (409) and keeps it with its editions', async () => {
    const bookId = await createBook(t, 'Precious Book');
    const editionId = await createEdition(t, bookId);
    const wish = (await t.call('POST', '/api/wishes', { token: t.token('bob'), body: { book_id: bookId } })).body;
    // Alice cannot destroy Bob's wish by deleting the shared book.
    expectError(await t.call('DELETE', `/api/books/${bookId}`), 409, 'conflict');
    expect((await t.call('GET', `/api/books/${bookId}`)).status).toBe(200);
    expect((await t.call('GET', `/api/editions/${editionId}`)).status).toBe(200);
    expect((await t.call('GET', '/api/wishes', { token: t.token('bob') })).body.data).toContainEqual(wish);

    // Once unwished, it can be deleted.
    expect((await t.call('DELETE', `/api/wishes/${wish.wish_id}`, { token: t.token('bob') })).status).toBe(204);
    expect((await t.call('DELETE', `/api/books/${bookId}`)).status).toBe(204);
    expect((await t.call('GET', `/api/books/${bookId}`)).status).toBe(404);
  });

  it('refuses to delete a book on a list (409)', async () => {
    const bookId = await createBook(t, 'Listed Book');
    const list = await t.call('POST', '/api/lists', { body: { list_name: 'Keepers', book_ids: [bookId] } });
    expect(list.status, list.text).toBe(201);
    expectError(await t.call('DELETE', `/api/books/${bookId}`), 409, 'conflict');
    expect((await t.call('GET', `/api/books/${bookId}`)).status).toBe(200);
    expect((await t.call('GET', `/api/lists/${list.body.list_id}`)).body.book_ids).toEqual([bookId]);
  });
});

describe('filtering by book_id', () => {
  const owner = () => t.token('wish-filterer');
  const books: number[] = [];
  const wishes: number[] = [];
  const ids = (data: Array<{ wish_id: number }>) => data.map((w) => w.wish_id);
  const paramsOf = (href: string) => new URL(href, 'http://x').searchParams;

  beforeAll(async () => {
    for (let i = 0; i < 4; i++) {
      const bookId = await createBook(t, `Filtered Wish ${i}`);
      const res = await t.call('POST', '/api/wishes', { token: owner(), body: { book_id: bookId } });
      expect(res.status, res.text).toBe(201);
      books.push(bookId);
      wishes.push(res.body.wish_id);
    }
  });

  it("answers exactly the user's wish of that book, as a single page whose links repeat book_id", async () => {
    for (let i = 0; i < books.length; i++) {
      const res = await t.call('GET', `/api/wishes?book_id=${books[i]}`, { token: owner() });
      expect(res.status, res.text).toBe(200);
      expect(ids(res.body.data)).toEqual([wishes[i]]);
      expect(res.body.data[0]).toMatchObject({ book_id: books[i], is_monitored: true, max_price: null });
      const links = res.body._links as { self: { href: string }; first: { href: string }; last: { href: string } };
      expect(Object.keys(links).sort()).toEqual(['first', 'last', 'self']);
      expect(links.self.href).toBe(links.first.href);
      expect(links.last.href).toBe(links.first.href);
      expect(paramsOf(links.self.href).get('book_id')).toBe(String(books[i]));
      expect(paramsOf(links.self.href).get('per_page')).toBe('20');
      // Walking it: the one wish, once.
      expect(ids(await walkPages(t, `/api/wishes?book_id=${books[i]}&per_page=1`, owner()))).toEqual([wishes[i]]);
    }
  });

  it('answers an empty page (not 404) for an unknown book or a book the user does not wish', async () => {
    const unwished = await createBook(t, 'Filtered But Not Wished');
    for (const bookId of [987654321, Number.MAX_SAFE_INTEGER, unwished]) {
      const res = await t.call('GET', `/api/wishes?book_id=${bookId}&per_page=5`, { token: owner() });
      expect(res.status, res.text).toBe(200);
      expect(res.body.data).toEqual([]);
      const links = res.body._links as { self: { href: string }; first: { href: string }; last: { href: string } };
      expect(Object.keys(links).sort()).toEqual(['first', 'last', 'self']);
      expect(paramsOf(links.first.href).get('book_id')).toBe(String(bookId));
      expect(paramsOf(links.first.href).get('per_page')).toBe('5');
    }
  });

  it("never answers another user's wish: user B asking for A's wished book gets an empty page", async () => {
    for (const bookId of books) {
      const res = await t.call('GET', `/api/wishes?book_id=${bookId}`, { token: t.token('wish-filter-other') });
      expect(res.status, res.text).toBe(200);
      expect(res.body.data).toEqual([]);
    }
    // Once B wishes the same book, B sees B's own wish, and A still sees A's.
    const own = await t.call('POST', '/api/wishes', { token: t.token('wish-filter-other'), body: { book_id: books[0] } });
    expect(own.status, own.text).toBe(201);
    expect(ids((await t.call('GET', `/api/wishes?book_id=${books[0]}`, { token: t.token('wish-filter-other') })).body.data)).toEqual([own.body.wish_id]);
    expect(ids((await t.call('GET', `/api/wishes?book_id=${books[0]}`, { token: owner() })).body.data)).toEqual([wishes[0]]);
  });

  it('answers the first filtered page for a cursor made without the filter', async () => {
    // A cursor positioned after the third wish: honoured with book_id of the first wish it would answer nothing.
    const unfiltered = await t.call('GET', '/api/wishes?per_page=3', { token: owner() });
    expect(ids(unfiltered.body.data)).toEqual(wishes.slice(0, 3));
    const cursor = paramsOf(unfiltered.body._links.next.href).get('cursor')!;
    expect(cursor).toBeTruthy();
    const reused = await t.call('GET', `/api/wishes?book_id=${books[0]}&per_page=3&cursor=${encodeURIComponent(cursor)}`, { token: owner() });
    expect(reused.status, reused.text).toBe(200);
    expect(ids(reused.body.data)).toEqual([wishes[0]]);
    expect(reused.body._links.prev).toBeUndefined();
    expect(paramsOf(reused.body._links.self.href).get('cursor')).toBeNull();
    expect(paramsOf(reused.body._links.self.href).get('book_id')).toBe(String(books[0]));
  });

  it('refuses a malformed book_id with 400 validation_failed naming book_id', async () => {
    for (const bad of ['abc', '0', '-1', '1.5', '', '01', '1e3', '99999999999999999999', '9007199254740993', `${books[0]}&book_id=${books[1]}`]) {
      const res = await t.call('GET', `/api/wishes?book_id=${bad}`, { token: owner() });
      expectError(res, 400, 'validation_failed', 'book_id');
      expect(res.body.details[0].field, bad).toBe('book_id');
    }
  });
});
