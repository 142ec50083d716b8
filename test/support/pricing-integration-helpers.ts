// Arrangements shared by the pricing integration tests (consolidation, user alerts). Not a test file itself.
import { expect } from 'vitest';
import type { TestService } from './test-service.js';

let isbnSeq = 0;
/**
 * A valid ISBN-13 (979 8… prefix), never repeated within one test worker. Which one a test gets depends on the files the
 * worker ran before (they share this module): a test may not count on its value.
 */
export function pricingIsbn(): string {
  const first12 = `9798${String(++isbnSeq + 4_200_000).padStart(8, '0')}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return first12 + String((10 - (sum % 10)) % 10);
}

export async function languageIdOf(t: TestService, code: string): Promise<number> {
  const [row] = await t.db.sql<{ language_id: string }>('select language_id from language where language_code = $1', [code]);
  expect(row, `language ${code}`).toBeDefined();
  return Number(row!.language_id);
}

export async function storeIdByKey(t: TestService, storeKey: string): Promise<number> {
  const [row] = await t.db.sql<{ store_id: string }>('select store_id from store where store_key = $1', [storeKey]);
  expect(row, `store ${storeKey}`).toBeDefined();
  return Number(row!.store_id);
}

export interface PricedEdition {
  bookId: number;
  editionId: number;
  isbn: string;
  title: string;
}

/** A new book with one edition, created through the API. */
export async function bookWithEdition(
  t: TestService,
  title: string,
  options: { format?: string; languageCode?: string; token?: string } = {},
): Promise<PricedEdition> {
  const book = await t.call('POST', '/api/books', { token: options.token, body: { book_original_title: title } });
  expect(book.status, book.text).toBe(201);
  const edition = await addEdition(t, book.body.book_id, options);
  return { bookId: book.body.book_id, editionId: edition.editionId, isbn: edition.isbn, title };
}

export async function addEdition(
  t: TestService,
  bookId: number,
  options: { format?: string; languageCode?: string; token?: string } = {},
): Promise<{ editionId: number; isbn: string }> {
  const isbn = pricingIsbn();
  const languageId = await languageIdOf(t, options.languageCode ?? 'en');
  const res = await t.call('POST', `/api/books/${bookId}/editions`, {
    token: options.token,
    body: { isbn, format: options.format ?? 'paperback', language_id: languageId },
  });
  expect(res.status, res.text).toBe(201);
  return { editionId: res.body.edition_id, isbn };
}

/** Every row of `table` as JSON text (rendered by PostgreSQL), in primary-key order: equal snapshots mean equal tables. */
export async function tableSnapshot(t: TestService, table: string, key: string): Promise<string[]> {
  const rows = await t.db.sql<{ row: string }>(`select to_jsonb(x)::text as row from ${table} x order by ${key}`);
  return rows.map((r) => r.row);
}

export interface LogRow {
  log_id: number;
  log_level: string;
  log_source: string;
  log_event: string;
  log_detail: Record<string, any>;
}

/** The highest log id so far (0 when the table is empty): later events have larger ids. */
export async function logWatermark(t: TestService): Promise<number> {
  const [row] = await t.db.sql<{ max: string | null }>('select max(log_id) as max from log');
  return Number(row?.max ?? 0);
}

export async function logsSince(t: TestService, source: string, afterLogId = 0): Promise<LogRow[]> {
  const rows = await t.db.sql<LogRow & { log_id: string }>(
    'select log_id, log_level, log_source, log_event, log_detail from log where log_source = $1 and log_id > $2 order by log_id',
    [source, afterLogId],
  );
  return rows.map((r) => ({ ...r, log_id: Number(r.log_id) }));
}
