// Migration 30: every quote keeps its evidence and whether it is suspect; the price summary (migration 14's triggers)
// carries the latest quote's evidence and never takes a suspect quote as its latest or lowest price — on insert, and
// when the quotes of a pair are changed or deleted (the rebuild path), its edition columns (migration 25) still filled.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.js';

let db: TestDatabase;
let storeId: string;
let languageId: string;

beforeAll(async () => {
  db = await createTestDatabase();
  const [store] = await db.sql<{ store_id: string }>('select store_id from store order by store_id limit 1');
  storeId = store!.store_id;
  const [language] = await db.sql<{ language_id: string }>("select language_id from language where language_code = 'en'");
  languageId = language!.language_id;
});
afterAll(async () => {
  await db.drop();
});

interface Summary {
  latest_minor: string;
  latest_evidence: string | null;
  lowest_minor: string;
  book_id: string;
}

let editions = 0;
async function anEdition(): Promise<{ editionId: string; bookId: string }> {
  editions += 1;
  const [book] = await db.sql<{ book_id: string }>('insert into book (book_original_title, title_search) values ($1, $2) returning book_id', [`evidence ${editions}`, `evidence ${editions}`]);
  const [edition] = await db.sql<{ edition_id: string }>(
    "insert into edition (book_id, isbn, format, language_id) values ($1, $2, 'paperback', $3) returning edition_id",
    [book!.book_id, `97800000300${String(editions).padStart(2, '0')}`, languageId],
  );
  return { editionId: edition!.edition_id, bookId: book!.book_id };
}

async function addQuote(editionId: string, minor: number, minutes: number, evidence: string | null, suspect = false): Promise<string> {
  const [row] = await db.sql<{ price_quote_id: string }>(
    `insert into price_quote (edition_id, store_id, amount_minor, currency, availability, url, fetched_at, quote_kind, evidence, suspect)
     values ($1, $2, $3, 'EUR', 'in_stock', 'https://store.example/1', '2026-11-20T10:00:00Z'::timestamptz + make_interval(mins => $4), 'daily', $5, $6)
     returning price_quote_id`,
    [editionId, storeId, minor, minutes, evidence, suspect],
  );
  return row!.price_quote_id;
}

const summaryOf = (editionId: string) =>
  db.sql<Summary>('select latest_minor, latest_evidence, lowest_minor, book_id from edition_store_price where edition_id = $1', [editionId]);

describe('migration 30: quote evidence and suspect quotes', () => {
  it('stores a quote without evidence as null and not suspect (the quotes stored before the migration)', async () => {
    const { editionId } = await anEdition();
    await db.sql(
      `insert into price_quote (edition_id, store_id, amount_minor, currency, availability, url, fetched_at, quote_kind)
       values ($1, $2, 900, 'EUR', 'in_stock', 'https://store.example/1', now(), 'daily')`,
      [editionId, storeId],
    );
    expect(await db.sql('select evidence, suspect from price_quote where edition_id = $1', [editionId])).toEqual([{ evidence: null, suspect: false }]);
    expect((await summaryOf(editionId))[0]!.latest_evidence).toBeNull();
  });

  it('the summary carries the latest quote’s evidence and passes over suspect quotes, the edition columns filled in', async () => {
    const { editionId, bookId } = await anEdition();
    await addQuote(editionId, 2000, 0, 'json-ld 20.00 EUR; visible 20.00 agrees');
    expect(await summaryOf(editionId)).toEqual([{ latest_minor: '2000', latest_evidence: 'json-ld 20.00 EUR; visible 20.00 agrees', lowest_minor: '2000', book_id: bookId }]);

    // A large drop the second reading did not confirm: kept, but neither the latest nor the lowest price.
    await addQuote(editionId, 500, 1, 'json-ld 5.00 EUR', true);
    expect(await summaryOf(editionId)).toEqual([{ latest_minor: '2000', latest_evidence: 'json-ld 20.00 EUR; visible 20.00 agrees', lowest_minor: '2000', book_id: bookId }]);

    await addQuote(editionId, 1900, 2, 'microdata 19.00 EUR');
    expect(await summaryOf(editionId)).toEqual([{ latest_minor: '1900', latest_evidence: 'microdata 19.00 EUR', lowest_minor: '1900', book_id: bookId }]);
  });

  it('a pair worked out again (quotes changed or deleted) leaves suspect quotes out and keeps the evidence', async () => {
    const { editionId, bookId } = await anEdition();
    await addQuote(editionId, 1500, 0, 'json-ld 15.00 EUR');
    const later = await addQuote(editionId, 1400, 1, 'meta 14.00 EUR');
    expect((await summaryOf(editionId))[0]!.latest_minor).toBe('1400');

    await db.sql('update price_quote set suspect = true where price_quote_id = $1', [later]);
    expect(await summaryOf(editionId)).toEqual([{ latest_minor: '1500', latest_evidence: 'json-ld 15.00 EUR', lowest_minor: '1500', book_id: bookId }]);

    await db.sql('update price_quote set suspect = false where price_quote_id = $1', [later]);
    expect(await summaryOf(editionId)).toEqual([{ latest_minor: '1400', latest_evidence: 'meta 14.00 EUR', lowest_minor: '1400', book_id: bookId }]);

    await db.sql('delete from price_quote where price_quote_id = $1', [later]);
    expect(await summaryOf(editionId)).toEqual([{ latest_minor: '1500', latest_evidence: 'json-ld 15.00 EUR', lowest_minor: '1500', book_id: bookId }]);
  });

  it('a pair whose only quotes are suspect has no summary', async () => {
    const { editionId } = await anEdition();
    await addQuote(editionId, 700, 0, null, true);
    expect(await summaryOf(editionId)).toEqual([]);
  });
});
