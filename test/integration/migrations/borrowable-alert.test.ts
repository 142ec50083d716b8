// Migration 27 lets a `borrowable` alert go without a store and a price (and without an edition when the lent one is
// not the book's), and only that kind: a price alert stays complete, and a borrowable alert carries its page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.js';

let db: TestDatabase;
let ids: { user: string; wish: string; book: string; edition: string; store: string };

beforeAll(async () => {
  db = await createTestDatabase();
  const [user] = await db.sql<{ id: string }>("insert into app_user (subject) values ('m27') returning user_id as id");
  const [book] = await db.sql<{ id: string }>("insert into book (book_original_title, title_search) values ('M27', 'm27') returning book_id as id");
  const [edition] = await db.sql<{ id: string }>(
    "insert into edition (book_id, isbn, format, language_id) values ($1, '9790000000270', 'ebook', (select min(language_id) from language)) returning edition_id as id",
    [book!.id],
  );
  const [wish] = await db.sql<{ id: string }>('insert into wish (user_id, book_id) values ($1, $2) returning wish_id as id', [user!.id, book!.id]);
  const [store] = await db.sql<{ id: string }>('select min(store_id) as id from store');
  ids = { user: user!.id, wish: wish!.id, book: book!.id, edition: edition!.id, store: store!.id };
});
afterAll(async () => {
  await db?.drop();
});

type AlertRow = { edition: string | null; store: string | null; kind: string; amount: number | null; currency: string | null; previous?: number | null; url?: string | null };
const insert = (a: AlertRow) =>
  db.sql(
    `insert into alert (user_id, wish_id, book_id, edition_id, store_id, alert_kind, amount_minor, currency, previous_minor, borrow_url)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [ids.user, ids.wish, ids.book, a.edition, a.store, a.kind, a.amount, a.currency, a.previous ?? null, a.url ?? null],
  );
const PAGE = 'https://openlibrary.org/books/OL1M/borrow';

describe('Migration20261129000027_borrowable_alert', () => {
  it('takes a borrowable alert with its page and no store or price, with or without its edition', async () => {
    await insert({ edition: ids.edition, store: null, kind: 'borrowable', amount: null, currency: null, url: PAGE });
    await insert({ edition: null, store: null, kind: 'borrowable', amount: null, currency: null, url: PAGE });
  });

  it('refuses a borrowable alert with a store, a price or without its page', async () => {
    await expect(insert({ edition: null, store: ids.store, kind: 'borrowable', amount: null, currency: null, url: PAGE })).rejects.toThrow(/alert_shape/);
    await expect(insert({ edition: null, store: null, kind: 'borrowable', amount: 999, currency: 'EUR', url: PAGE })).rejects.toThrow(/alert_shape/);
    await expect(insert({ edition: null, store: null, kind: 'borrowable', amount: null, currency: null, previous: 100, url: PAGE })).rejects.toThrow(/alert_shape/);
    await expect(insert({ edition: null, store: null, kind: 'borrowable', amount: null, currency: null })).rejects.toThrow(/alert_shape/);
    await expect(insert({ edition: null, store: null, kind: 'borrowable', amount: null, currency: null, url: 'javascript:alert(1)' })).rejects.toThrow(/check/);
  });

  it('keeps every price alert complete, and without a borrow page', async () => {
    await insert({ edition: ids.edition, store: ids.store, kind: 'price_drop', amount: 999, currency: 'EUR', previous: 1099 });
    for (const missing of [{ edition: null }, { store: null }, { amount: null }, { currency: null }, { url: PAGE }]) {
      const row = { edition: ids.edition, store: ids.store, kind: 'below_target', amount: 999, currency: 'EUR', ...missing };
      await expect(insert(row)).rejects.toThrow(/alert_shape/);
    }
    await expect(insert({ edition: ids.edition, store: ids.store, kind: 'bogus', amount: 999, currency: 'EUR' })).rejects.toThrow(/alert_alert_kind_check/);
  });

  it('lets a channel take the kind, alone or with every other', async () => {
    await db.sql("insert into notification_channel (user_id, kind, target, alert_kinds) values ($1, 'ntfy', 'https://ntfy.example/a', '{borrowable}')", [ids.user]);
    await db.sql(
      `insert into notification_channel (user_id, kind, target, alert_kinds) values ($1, 'ntfy', 'https://ntfy.example/b',
        '{below_max_price,price_drop,new_lowest,back_in_stock,percent_drop,lowest_in_days,below_target,borrowable}')`,
      [ids.user],
    );
  });
});
