// Shared arrangements for the user-space integration tests (not a test file itself).
import { expect } from 'vitest';
import type { ApiResponse, TestService } from '../../support/test-service.js';

export const ISO_TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** Follows `next` from `path` and returns every item, failing on an error or a loop. */
export async function walkPages<T = any>(t: TestService, path: string, token?: string | null): Promise<T[]> {
  const items: T[] = [];
  const seen = new Set<string>();
  let href: string | undefined = path;
  while (href !== undefined) {
    expect(seen.has(href), `loop at ${href}`).toBe(false);
    seen.add(href);
    const res: ApiResponse = await t.call('GET', href, { token });
    expect(res.status, `${href}: ${res.text.slice(0, 200)}`).toBe(200);
    items.push(...(res.body.data as T[]));
    href = res.body._links.next?.href;
    expect(seen.size).toBeLessThan(100);
  }
  return items;
}

/** Makes the service see `subject` (creating its user row) and returns the internal user id. */
export async function userIdOf(t: TestService, subject: string, token = t.token(subject)): Promise<number> {
  const res = await t.call('GET', '/api/user/preferences', { token });
  expect(res.status).toBe(200);
  const [row] = await t.db.sql<{ user_id: string }>('select user_id from app_user where subject = $1', [subject]);
  expect(row, `user row of ${subject}`).toBeDefined();
  return Number(row!.user_id);
}

export async function createAuthor(t: TestService, name: string): Promise<number> {
  const res = await t.call('POST', '/api/authors', { body: { author_name: name } });
  expect(res.status, res.text).toBe(201);
  return res.body.author_id;
}

export async function createBook(t: TestService, title: string, authorIds: number[] = []): Promise<number> {
  const res = await t.call('POST', '/api/books', { body: { book_original_title: title, author_ids: authorIds } });
  expect(res.status, res.text).toBe(201);
  return res.body.book_id;
}

let isbnSeq = 0;
/** A valid, never repeated ISBN-13 (979 prefix) per test file. */
export function freshIsbn(): string {
  const first12 = `979${String(++isbnSeq + 7_000_000).padStart(9, '0')}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return first12 + String((10 - (sum % 10)) % 10);
}

export async function createEdition(t: TestService, bookId: number, format = 'paperback'): Promise<number> {
  const res = await t.call('POST', `/api/books/${bookId}/editions`, { body: { isbn: freshIsbn(), format, language_id: 1 } });
  expect(res.status, res.text).toBe(201);
  return res.body.edition_id;
}

export async function storeIdOf(t: TestService, storeKey: string): Promise<number> {
  const [row] = await t.db.sql<{ store_id: string }>('select store_id from store where store_key = $1', [storeKey]);
  expect(row, `store ${storeKey}`).toBeDefined();
  return Number(row!.store_id);
}

export interface QuoteRow {
  editionId: number;
  storeId: number;
  amountMinor: number;
  currency?: string;
  availability?: 'in_stock' | 'out_of_stock' | 'preorder' | 'unknown';
  fetchedAt: string;
  kind?: 'daily' | 'monthly';
  url?: string;
}

export async function insertQuote(t: TestService, q: QuoteRow): Promise<number> {
  const monthly = q.kind === 'monthly';
  const [row] = await t.db.sql<{ price_quote_id: string }>(
    `insert into price_quote (edition_id, store_id, amount_minor, currency, availability, url, fetched_at, quote_kind,
                              month, min_minor, max_minor, avg_minor, sample_count)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10, $10, $11) returning price_quote_id`,
    [
      q.editionId, q.storeId, q.amountMinor, q.currency ?? 'EUR', q.availability ?? 'in_stock',
      q.url ?? `https://store.example/${q.editionId}/${q.storeId}/${q.amountMinor}`, q.fetchedAt, q.kind ?? 'daily',
      monthly ? `${q.fetchedAt.slice(0, 7)}-01` : null, monthly ? q.amountMinor : null, monthly ? 3 : null,
    ],
  );
  return Number(row!.price_quote_id);
}

export interface AlertRow {
  userId: number;
  wishId: number;
  bookId: number;
  editionId: number;
  storeId: number;
  kind?: 'below_max_price' | 'price_drop' | 'new_lowest' | 'back_in_stock';
  amountMinor: number;
  currency?: string;
  previousMinor?: number | null;
  createdAt?: string;
}

export async function insertAlert(t: TestService, a: AlertRow): Promise<number> {
  const [row] = await t.db.sql<{ alert_id: string }>(
    `insert into alert (user_id, wish_id, book_id, edition_id, store_id, alert_kind, amount_minor, currency, previous_minor, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, coalesce($10::timestamptz, now())) returning alert_id`,
    [a.userId, a.wishId, a.bookId, a.editionId, a.storeId, a.kind ?? 'below_max_price', a.amountMinor, a.currency ?? 'EUR', a.previousMinor ?? null, a.createdAt ?? null],
  );
  return Number(row!.alert_id);
}

/** The API's error body with the given code (and, for validation failures, a details entry naming `field`). */
export function expectError(res: ApiResponse, status: number, code: string, field?: string): void {
  expect(res.status, res.text.slice(0, 300)).toBe(status);
  expect(res.body?.error, res.text.slice(0, 300)).toBe(code);
  expect(typeof res.body?.message).toBe('string');
  if (field !== undefined) {
    expect(Array.isArray(res.body.details), res.text.slice(0, 300)).toBe(true);
    expect(res.body.details.map((d: { field: string }) => d.field), res.text.slice(0, 300)).toContain(field);
  }
}
