// A search that runs past the statement timeout answers 503 service_unavailable with Retry-After over real HTTP, and the
// service's pooled connections serve the next search. The slow search is made by a second connection holding the
// table's ACCESS EXCLUSIVE lock: the search's first read waits for it until the timeout (2 s) cancels it.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
  const author = await t.call('POST', '/api/authors', { body: { author_name: 'Ada Riverton' } });
  expect(author.status, author.text).toBe(201);
  const book = await t.call('POST', '/api/books', { body: { book_original_title: 'The Silent River', author_ids: [author.body.author_id] } });
  expect(book.status, book.text).toBe(201);
});
afterAll(async () => {
  await t?.stop();
});

/** Runs `during` while another connection holds `table`'s ACCESS EXCLUSIVE lock, then releases it. */
async function whileLocked<T>(table: string, during: () => Promise<T>): Promise<T> {
  const holder = new pg.Client({ connectionString: t.db.url });
  await holder.connect();
  try {
    await holder.query('begin');
    await holder.query(`lock table ${table} in access exclusive mode`);
    return await during();
  } finally {
    await holder.query('rollback').catch(() => undefined);
    await holder.end();
  }
}

describe.each([
  { resource: 'books', table: 'book', path: '/api/books?q=silent', found: (body: any) => body.data.map((b: any) => b.book_original_title) },
  { resource: 'authors', table: 'author', path: '/api/authors?q=river', found: (body: any) => body.data.map((a: any) => a.author_name) },
])('a $resource search past the statement timeout', ({ table, path, found }) => {
  it('answers 503 service_unavailable with Retry-After: 1, then the same search answers once the table is free', async () => {
    const started = Date.now();
    const slow = await whileLocked(table, () => t.call('GET', path));
    expect(slow.status, slow.text).toBe(503);
    expect(slow.body.error).toBe('service_unavailable');
    expect(slow.body.message).toMatch(/took longer than 2000 ms/);
    expect(slow.headers.get('retry-after')).toBe('1');
    expect(Date.now() - started).toBeLessThan(10_000);
    const again = await t.call('GET', path);
    expect(again.status, again.text).toBe(200);
    expect(found(again.body)).toHaveLength(1);
  });
});
