// SIGTERM to a real service process in the middle of a large creating import: the import stops between two chunks
// (those before are committed) and the client gets a 503 with Retry-After saying how far it got, instead of an empty
// reply while the import goes on committing; the process then exits 0.
import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_CHUNK_ROWS, IMPORT_STOPPED_RETRY_SECONDS } from '../../../src/application/wishes/import-wishes.js';
import { freePort } from '../../support/database-for-tests.js';
import { spawnService, type ServiceProcess } from '../../support/service-process.js';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.js';
import { TEST_JWT_SECRET } from '../../support/test-service.js';

let db: TestDatabase;
let service: ServiceProcess;
let baseUrl: string;

beforeAll(async () => {
  db = await createTestDatabase();
  const port = await freePort();
  service = spawnService({
    NODE_ENV: 'test',
    DATABASE_URL: db.url,
    JWT_SECRET: TEST_JWT_SECRET,
    HOST: '127.0.0.1',
    PORT: String(port),
    METADATA_SOURCES: 'off',
    SHUTDOWN_GRACE_MS: '20000',
  });
  await service.waitFor(/listening on/);
  baseUrl = `http://127.0.0.1:${port}`;
}, 60_000);
afterAll(async () => {
  service?.child.kill('SIGKILL');
  await db?.drop();
});

/** The `index`-th valid ISBN-13 of a range no other test uses (979-8 6… prefix, check digit computed). */
function isbnNumber(index: number): string {
  const body = `97986${String(index).padStart(7, '0')}`;
  const sum = [...body].reduce((total, digit, i) => total + Number(digit) * (i % 2 === 0 ? 1 : 3), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

const count = async (sql: string): Promise<number> => Number((await db.sql<{ n: string }>(sql))[0]!.n);

describe('a creating import when the service stops', () => {
  it('stops between chunks and answers 503 with Retry-After, the chunks before kept; the process exits 0', async () => {
    const rows = 60 * IMPORT_CHUNK_ROWS;
    const csv = `isbn\n${Array.from({ length: rows }, (_, i) => isbnNumber(i)).join('\n')}\n`;
    const token = jwt.sign({ sub: 'stopping-importer' }, TEST_JWT_SECRET, { algorithm: 'HS256', expiresIn: 600 });
    const answer = fetch(`${baseUrl}/api/wishes/import?create_missing=true`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
      body: csv,
    });
    // Under way: its first chunk is committed.
    for (let tries = 0; (await count("select count(*) as n from edition where isbn like '97986%'")) === 0; tries++) {
      expect(tries).toBeLessThan(3000);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    service.child.kill('SIGTERM');
    const res = await answer;
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe(String(IMPORT_STOPPED_RETRY_SECONDS));
    const body = (await res.json()) as { error: string; message: string };
    expect(body.error).toBe('service_unavailable');
    const done = Number(/stopped after ([\d,]+) of/.exec(body.message)![1]!.replaceAll(',', ''));
    expect(done % IMPORT_CHUNK_ROWS).toBe(0);
    expect(done).toBeGreaterThan(0);
    expect(done).toBeLessThan(rows);
    // Exactly the chunks it reports are kept.
    expect(await count("select count(*) as n from wish w join app_user u on u.user_id = w.user_id where u.subject = 'stopping-importer'")).toBe(done);
    expect(await service.exited(30_000)).toBe(0);
  }, 120_000);
});
