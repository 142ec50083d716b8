// Migration 25: each price summary carries its edition's book, format and language, so the wishes' prices read one
// index step per book. The copies must follow the edition wherever it goes (an enrichment changing its language or
// format, a merge moving it to another book), or a wish would be priced with editions its reader does not read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.js';

let db: TestDatabase;
let languages: { en: string; de: string };

beforeAll(async () => {
  db = await createTestDatabase();
  const rows = await db.sql<{ language_code: string; language_id: string }>("select language_code, language_id from language where language_code in ('en', 'de')");
  const id = (code: string): string => rows.find((r) => r.language_code === code)!.language_id;
  languages = { en: id('en'), de: id('de') };
});
afterAll(async () => {
  await db.drop();
});

interface Copies {
  book_id: string;
  format: string;
  language_id: string;
}

async function copiesOf(editionId: string): Promise<Copies[]> {
  return db.sql<Copies>('select distinct book_id, format, language_id from edition_store_price where edition_id = $1', [editionId]);
}

describe('edition_store_price: the edition columns', () => {
  it('are the edition’s when a summary is written, and follow the edition when it changes book, format or language', async () => {
    const [first, second] = await db.sql<{ book_id: string }>("insert into book (book_original_title, title_search) values ('Follow one', 'follow one'), ('Follow two', 'follow two') returning book_id");
    const [edition] = await db.sql<{ edition_id: string }>(
      "insert into edition (book_id, isbn, format, language_id) values ($1, '9780000025001', 'paperback', $2) returning edition_id",
      [first!.book_id, languages.en],
    );
    const [store] = await db.sql<{ store_id: string }>('select store_id from store order by store_id limit 1');
    await db.sql(
      `insert into price_quote (edition_id, store_id, amount_minor, currency, availability, url, fetched_at, quote_kind)
       values ($1, $2, 900, 'EUR', 'in_stock', 'https://store.example/1', now(), 'daily')`,
      [edition!.edition_id, store!.store_id],
    );
    expect(await copiesOf(edition!.edition_id)).toEqual([{ book_id: first!.book_id, format: 'paperback', language_id: languages.en }]);

    await db.sql("update edition set format = 'hardcover', language_id = $2 where edition_id = $1", [edition!.edition_id, languages.de]);
    expect(await copiesOf(edition!.edition_id)).toEqual([{ book_id: first!.book_id, format: 'hardcover', language_id: languages.de }]);

    await db.sql('update edition set book_id = $2 where edition_id = $1', [edition!.edition_id, second!.book_id]);
    expect(await copiesOf(edition!.edition_id)).toEqual([{ book_id: second!.book_id, format: 'hardcover', language_id: languages.de }]);

    // A later quote (a summary merged, not inserted) keeps the copies.
    await db.sql(
      `insert into price_quote (edition_id, store_id, amount_minor, currency, availability, url, fetched_at, quote_kind)
       values ($1, $2, 800, 'EUR', 'in_stock', 'https://store.example/1', now() + interval '1 minute', 'daily')`,
      [edition!.edition_id, store!.store_id],
    );
    expect(await copiesOf(edition!.edition_id)).toEqual([{ book_id: second!.book_id, format: 'hardcover', language_id: languages.de }]);
    const [summary] = await db.sql<{ latest_minor: string }>('select latest_minor from edition_store_price where edition_id = $1', [edition!.edition_id]);
    expect(summary!.latest_minor).toBe('800');
  });
});
