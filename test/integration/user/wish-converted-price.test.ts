// Prices in the reader's currency (C11.4) and delivered prices (C11.5) on wishes, over real HTTP and PostgreSQL: the
// converted best and lowest price, below_max_price on the converted amount (and its filter), stale rates, shipping to
// the reader's country, the lowest delivered price winning, and the converted price history.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { createBook, freshIsbn, insertQuote } from './user-space-helpers.js';

let t: TestService;
const store = {} as Record<'euros' | 'pounds' | 'ships', number>;

// The stores of this test: euros (international, EUR, shipping unknown), pounds (international, GBP: 1.50 to
// Germany, free from 20.00; 2.00 elsewhere) and ships (Germany, EUR: 3.50, free from 20.00).
const STORES: Array<[keyof typeof store, string | null, string, object | null]> = [
  ['euros', null, 'EUR', null],
  ['pounds', null, 'GBP', { DE: { flat_minor: 150, free_from_minor: 2000, per_extra_item_minor: null }, '*': { flat_minor: 200, free_from_minor: null, per_extra_item_minor: null } }],
  ['ships', 'DE', 'EUR', { DE: { flat_minor: 350, free_from_minor: 2000, per_extra_item_minor: null } }],
];

/** Units per euro, stored for `day` (replacing what is there). */
async function rates(day: string, perEuro: Record<string, string>): Promise<void> {
  for (const [currency, rate] of Object.entries(perEuro)) {
    await t.db.sql(
      `insert into reference_rate (rate_date, currency, per_euro) values ($1, $2, $3)
       on conflict (currency, rate_date) do update set per_euro = excluded.per_euro`,
      [day, currency, rate],
    );
  }
}

beforeAll(async () => {
  t = await startTestService();
  for (const [role, country, currency, shipping] of STORES) {
    const [row] = await t.db.sql<{ store_id: string }>(
      `insert into store (store_key, store_name, country, currency, formats, homepage_url, product_url_template, is_active, shipping)
       values ($1, $1, $2, $3, '{paperback}', 'https://store.example', 'https://store.example/{isbn}', true, $4) returning store_id`,
      [`converted-${role}`, country, currency, shipping === null ? null : JSON.stringify(shipping)],
    );
    store[role] = Number(row!.store_id);
  }
  // Rates whose cross rates are easy to check: 0.8 pounds per euro (a pound is 1.25 euros) on 2025-03-03; another day.
  await rates('2025-03-03', { GBP: '0.8', USD: '1.25' });
  await rates('2025-03-20', { GBP: '0.86', USD: '1.08' });
});
afterAll(async () => {
  await t.stop();
});

let readers = 0;
/** A new reader in Germany buying paperbacks in euros, converting currencies or not. */
async function aReader(convert: boolean): Promise<string> {
  const token = t.token(`converted-reader-${++readers}`);
  const res = await t.call('PUT', '/api/user/preferences', {
    token,
    body: { country: 'DE', currency: 'EUR', formats: ['paperback'], convert_currencies: convert },
  });
  expect(res.status, res.text).toBe(200);
  return token;
}

/** A book with one paperback edition: [book id, edition id]. */
async function aBook(): Promise<[number, number]> {
  const bookId = await createBook(t, `Converted Price Book ${readers}-${Math.random().toString(36).slice(2, 8)}`);
  const [row] = await t.db.sql<{ edition_id: string }>(
    "insert into edition (book_id, isbn, format, language_id) values ($1, $2, 'paperback', (select language_id from language where language_code = 'en')) returning edition_id",
    [bookId, freshIsbn()],
  );
  return [bookId, Number(row!.edition_id)];
}

/** The wish of `bookId` as the list shows it. */
async function listed(token: string, bookId: number): Promise<Record<string, any>> {
  const res = await t.call('GET', `/api/wishes?book_id=${bookId}`, { token });
  expect(res.status, res.text).toBe(200);
  return res.body.data[0];
}

async function wishOf(token: string, bookId: number, maxPrice?: { amount: string; currency: string }): Promise<Record<string, any>> {
  const res = await t.call('POST', '/api/wishes', { token, body: { book_id: bookId, ...(maxPrice ? { max_price: maxPrice } : {}) } });
  expect(res.status, res.text).toBe(201);
  expect(await listed(token, bookId)).toEqual(res.body);
  return res.body;
}

describe('converted prices (C11.4)', () => {
  it('without convert_currencies, a quote in another currency does not count (C10.3 as before)', async () => {
    const token = await aReader(false);
    const [bookId, edition] = await aBook();
    await insertQuote(t, { editionId: edition, storeId: store.pounds, amountMinor: 500, currency: 'GBP', fetchedAt: '2025-03-04T03:00:00.000Z' });
    await insertQuote(t, { editionId: edition, storeId: store.euros, amountMinor: 1299, fetchedAt: '2025-03-04T03:00:00.000Z' });
    const wish = await wishOf(token, bookId);
    expect(wish.best_price).toMatchObject({ amount: '12.99', currency: 'EUR', store_id: store.euros, shipping: null, delivered: null });
    expect(wish.best_price).not.toHaveProperty('converted');
    expect(wish.lowest_price).toMatchObject({ amount: '12.99', currency: 'EUR' });
    expect(wish.lowest_price).not.toHaveProperty('converted');
  });

  it('with convert_currencies, a cheaper quote in pounds wins, converted at the rate of its day', async () => {
    const token = await aReader(true);
    const [bookId, edition] = await aBook();
    // 10.99 GBP at 1.25 = 13.7375 → 13.74 EUR; shipping to Germany 1.50 GBP → 1.875 → 1.88 EUR; delivered 15.62 EUR.
    await insertQuote(t, { editionId: edition, storeId: store.pounds, amountMinor: 1099, currency: 'GBP', fetchedAt: '2025-03-05T03:00:00.000Z', url: 'https://store.example/gb' });
    await insertQuote(t, { editionId: edition, storeId: store.euros, amountMinor: 1599, fetchedAt: '2025-03-05T03:00:00.000Z' });
    const wish = await wishOf(token, bookId);
    expect(wish.best_price).toEqual({
      amount: '10.99', currency: 'GBP', edition_id: edition, format: 'paperback', store_id: store.pounds, store_name: 'converted-pounds',
      availability: 'in_stock', fetched_at: '2025-03-05T03:00:00.000Z', url: 'https://store.example/gb',
      shipping: '1.50', delivered: '12.49',
      converted: { amount: '13.74', currency: 'EUR', rate: '1.25000000', rate_date: '2025-03-03', shipping: '1.88', delivered: '15.62' },
    });
    expect(wish.lowest_price).toEqual({
      amount: '10.99', currency: 'GBP', edition_id: edition, format: 'paperback', store_id: store.pounds, fetched_at: '2025-03-05T03:00:00.000Z',
      converted: { amount: '13.74', currency: 'EUR', rate: '1.25000000', rate_date: '2025-03-03' },
    });
  });

  it('compares delivered prices in the user’s currency: a converted offer loses to a cheaper delivered euro price', async () => {
    const token = await aReader(true);
    const [bookId, edition] = await aBook();
    await insertQuote(t, { editionId: edition, storeId: store.pounds, amountMinor: 1099, currency: 'GBP', fetchedAt: '2025-03-05T03:00:00.000Z' });
    await insertQuote(t, { editionId: edition, storeId: store.euros, amountMinor: 1599, fetchedAt: '2025-03-05T03:00:00.000Z' });
    await insertQuote(t, { editionId: edition, storeId: store.ships, amountMinor: 1200, fetchedAt: '2025-03-05T03:00:00.000Z' });
    const wish = await wishOf(token, bookId);
    // ships: 12.00 + 3.50 = 15.50 EUR beats pounds' 15.62 EUR delivered (and euros' 15.99, shipping unknown).
    expect(wish.best_price).toMatchObject({ amount: '12.00', currency: 'EUR', store_id: store.ships, shipping: '3.50', delivered: '15.50' });
    expect(wish.best_price).not.toHaveProperty('converted');
    // The lowest compares amounts alone: 12.00 EUR under 13.74 EUR.
    expect(wish.lowest_price).toMatchObject({ amount: '12.00', currency: 'EUR', store_id: store.ships });
  });

  it('below_max_price compares the converted amount, and the filter keeps the wish', async () => {
    const token = await aReader(true);
    const [under, underEdition] = await aBook();
    const [over, overEdition] = await aBook();
    await insertQuote(t, { editionId: underEdition, storeId: store.pounds, amountMinor: 1000, currency: 'GBP', fetchedAt: '2025-03-05T03:00:00.000Z' });
    await insertQuote(t, { editionId: overEdition, storeId: store.pounds, amountMinor: 1001, currency: 'GBP', fetchedAt: '2025-03-05T03:00:00.000Z' });
    // 10.00 GBP = 12.50 EUR: at the max; 10.01 GBP = 12.51 EUR (12.5125): over it.
    const underWish = await wishOf(token, under, { amount: '12.50', currency: 'EUR' });
    const overWish = await wishOf(token, over, { amount: '12.50', currency: 'EUR' });
    expect(underWish.below_max_price).toBe(true);
    expect(overWish.below_max_price).toBe(false);
    const below = await t.call('GET', '/api/wishes?below_max_price=true', { token });
    expect(below.body.data.map((w: { wish_id: number }) => w.wish_id)).toEqual([underWish.wish_id]);
    const notBelow = await t.call('GET', '/api/wishes?below_max_price=false', { token });
    expect(notBelow.body.data.map((w: { wish_id: number }) => w.wish_id)).toEqual([overWish.wish_id]);
    // A max in the quote's own currency compares its own amount.
    const patched = await t.call('PATCH', `/api/wishes/${overWish.wish_id}`, { token, body: { max_price: { amount: '10.01', currency: 'GBP' } } });
    expect(patched.status, patched.text).toBe(204);
    expect((await listed(token, over)).below_max_price).toBe(true);
  });

  it('a quote whose rate is older than 7 days, or published after it, stays out', async () => {
    const token = await aReader(true);
    const [bookId, edition] = await aBook();
    // 2025-03-11 is 8 days after the only rate at or before it (2025-03-03); 2025-03-02 has none before it.
    await insertQuote(t, { editionId: edition, storeId: store.pounds, amountMinor: 100, currency: 'GBP', fetchedAt: '2025-03-11T03:00:00.000Z' });
    await insertQuote(t, { editionId: edition, storeId: store.euros, amountMinor: 2000, fetchedAt: '2025-03-11T03:00:00.000Z' });
    const [other, otherEdition] = await aBook();
    await insertQuote(t, { editionId: otherEdition, storeId: store.pounds, amountMinor: 100, currency: 'GBP', fetchedAt: '2025-03-02T03:00:00.000Z' });
    const stale = await wishOf(token, bookId);
    expect(stale.best_price).toMatchObject({ amount: '20.00', currency: 'EUR', store_id: store.euros });
    expect(stale.lowest_price).toMatchObject({ amount: '20.00', currency: 'EUR' });
    const early = await wishOf(token, other);
    expect(early.best_price).toBeNull();
    expect(early.lowest_price).toBeNull();
  });

  it('sorts by price in the user’s currency', async () => {
    const token = await aReader(true);
    const [pounds, poundsEdition] = await aBook();
    const [euros, eurosEdition] = await aBook();
    // 9.00 GBP = 11.25 EUR sorts after 11.00 EUR though its amount is lower.
    await insertQuote(t, { editionId: poundsEdition, storeId: store.pounds, amountMinor: 900, currency: 'GBP', fetchedAt: '2025-03-05T03:00:00.000Z' });
    await insertQuote(t, { editionId: eurosEdition, storeId: store.euros, amountMinor: 1100, fetchedAt: '2025-03-05T03:00:00.000Z' });
    await wishOf(token, pounds);
    await wishOf(token, euros);
    const sorted = await t.call('GET', '/api/wishes?sort=price', { token });
    expect(sorted.status, sorted.text).toBe(200);
    expect(sorted.body.data.map((w: { book_id: number }) => w.book_id)).toEqual([euros, pounds]);
  });
});

describe('delivered prices (C11.5)', () => {
  it('best_price carries shipping to the user’s country and the delivered price; the lowest delivered price wins', async () => {
    const token = await aReader(false);
    const [bookId, edition] = await aBook();
    await insertQuote(t, { editionId: edition, storeId: store.ships, amountMinor: 1000, fetchedAt: '2025-03-05T03:00:00.000Z' });
    await insertQuote(t, { editionId: edition, storeId: store.euros, amountMinor: 1360, fetchedAt: '2025-03-05T03:00:00.000Z' });
    const wish = await wishOf(token, bookId);
    expect(wish.best_price).toMatchObject({ amount: '10.00', currency: 'EUR', store_id: store.ships, shipping: '3.50', delivered: '13.50' });

    // A quote with unknown shipping counts its amount alone: 13.40 beats 13.50 delivered.
    await insertQuote(t, { editionId: edition, storeId: store.euros, amountMinor: 1340, fetchedAt: '2025-03-06T03:00:00.000Z' });
    const again = await listed(token, bookId);
    expect(again.best_price).toMatchObject({ amount: '13.40', store_id: store.euros, shipping: null, delivered: null });
  });

  it('free shipping from an order amount is "0.00"', async () => {
    const token = await aReader(false);
    const [bookId, edition] = await aBook();
    await insertQuote(t, { editionId: edition, storeId: store.ships, amountMinor: 2000, fetchedAt: '2025-03-05T03:00:00.000Z' });
    const wish = await wishOf(token, bookId);
    expect(wish.best_price).toMatchObject({ amount: '20.00', shipping: '0.00', delivered: '20.00' });
  });

  it('a store whose recipe names neither the user’s country nor `*` has unknown shipping', async () => {
    const token = t.token(`converted-reader-${++readers}`);
    await t.call('PUT', '/api/user/preferences', { token, body: { country: 'FR', currency: 'EUR', formats: ['paperback'], convert_currencies: true } });
    const [bookId, edition] = await aBook();
    // The pounds store ships to France by its `*` rule (2.00 GBP, no free shipping): 20.00 GBP + 2.00.
    await insertQuote(t, { editionId: edition, storeId: store.pounds, amountMinor: 2000, currency: 'GBP', fetchedAt: '2025-03-21T03:00:00.000Z' });
    const wish = await wishOf(token, bookId);
    // At 2025-03-20's rate: 1 / 0.86 = 1.16279070 per pound; 20.00 → 23.26 EUR, 2.00 → 2.33 EUR (2.3255814).
    expect(wish.best_price).toMatchObject({
      amount: '20.00', currency: 'GBP', shipping: '2.00', delivered: '22.00',
      converted: { amount: '23.26', currency: 'EUR', rate: '1.16279070', rate_date: '2025-03-20', shipping: '2.33', delivered: '25.59' },
    });
  });
});

describe('price history in the user’s currency', () => {
  it('counts converted quotes at their day’s rate, and drops those without one', async () => {
    const token = await aReader(true);
    const [bookId, edition] = await aBook();
    const day = (back: number) => new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);
    await rates(day(3), { GBP: '0.5' });
    // 3 days ago: 6.00 GBP at 2.00 = 12.00 EUR, under the euro store's 13.00; 12 days ago no rate: only the euros count.
    await insertQuote(t, { editionId: edition, storeId: store.pounds, amountMinor: 600, currency: 'GBP', fetchedAt: `${day(3)}T03:00:00.000Z` });
    await insertQuote(t, { editionId: edition, storeId: store.euros, amountMinor: 1300, fetchedAt: `${day(3)}T04:00:00.000Z` });
    await insertQuote(t, { editionId: edition, storeId: store.pounds, amountMinor: 100, currency: 'GBP', fetchedAt: `${day(12)}T03:00:00.000Z` });
    await insertQuote(t, { editionId: edition, storeId: store.euros, amountMinor: 1400, fetchedAt: `${day(12)}T04:00:00.000Z` });
    const wish = await wishOf(token, bookId);
    const res = await t.call('GET', `/api/wishes/price-history?ids=${wish.wish_id}&days=30`, { token });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data[0]).toMatchObject({ currency: 'EUR', points: [{ date: day(12), amount: '14.00' }, { date: day(3), amount: '12.00' }] });
  });
});
