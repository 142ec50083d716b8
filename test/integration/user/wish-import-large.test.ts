// A big creating import over real HTTP against a real database (issue 30, second probe, M2): it works through the
// file a chunk at a time, each chunk in its own transaction under the creation lock, so another user's small
// import is answered while the big one still runs; a file over the row cap is refused before anything is written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MAX_ROWS } from '../../../src/application/wishes/import-wishes.js';
import { startTestService, type TestService } from '../../support/test-service.js';

let t: TestService;

beforeAll(async () => {
  t = await startTestService({ METADATA_SOURCES: 'off' });
});
afterAll(async () => {
  await t.stop();
});

/** The `index`-th valid ISBN-13 of a range no other test uses (979-8 prefix, check digit computed). */
function isbnNumber(index: number): string {
  const body = `9798${String(index).padStart(8, '0')}`;
  const sum = [...body].reduce((total, digit, i) => total + Number(digit) * (i % 2 === 0 ? 1 : 3), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

function isbnOnlyCsv(from: number, rows: number): string {
  const lines = ['isbn'];
  for (let i = from; i < from + rows; i++) lines.push(isbnNumber(i));
  return `${lines.join('\n')}\n`;
}

const importCreating = (subject: string, csv: string) =>
  t.call<{ created: number; created_editions: number; error?: string; message?: string }>('POST', '/api/wishes/import?create_missing=true', {
    token: t.token(subject),
    rawBody: csv,
    headers: { 'content-type': 'text/csv' },
  });

const count = async (sql: string, params: unknown[] = []): Promise<number> => Number((await t.db.sql<{ n: string }>(sql, params))[0]!.n);

describe('a large creating import', () => {
  it("does not hold another user's small creating import until it ends", async () => {
    const bigRows = 30_000;
    const finished: string[] = [];
    const big = importCreating('large-import-a', isbnOnlyCsv(0, bigRows)).then((res) => {
      finished.push('big');
      return res;
    });
    // The big import is under way once its first chunk is committed (before the fix nothing was visible until the end).
    const startedBy = Date.now() + 60_000;
    while ((await count('select count(*) as n from edition where isbn like $1', ['9798%'])) === 0 && finished.length === 0 && Date.now() < startedBy) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const small = await importCreating('large-import-b', isbnOnlyCsv(1_000_000, 3));
    finished.push('small');
    expect(small.status).toBe(200);
    expect(small.body).toMatchObject({ created: 3, created_editions: 3 });

    const bigAnswer = await big;
    expect(bigAnswer.status).toBe(200);
    expect(bigAnswer.body).toMatchObject({ created: bigRows, created_editions: bigRows });
    expect(finished).toEqual(['small', 'big']);
  }, 300_000);

  it(`refuses a file of more than ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows with 413, before writing anything`, async () => {
    const before = await count('select count(*) as n from book');
    const res = await importCreating('large-import-c', isbnOnlyCsv(2_000_000, IMPORT_MAX_ROWS + 1));
    expect(res.status).toBe(413);
    expect(res.body.error).toBe('payload_too_large');
    expect(res.body.message).toContain(IMPORT_MAX_ROWS.toLocaleString('en-US'));
    expect(await count('select count(*) as n from book')).toBe(before);
    const wishes = await t.call<{ data: unknown[] }>('GET', '/api/wishes', { token: t.token('large-import-c') });
    expect(wishes.body.data).toEqual([]);
  }, 120_000);
});
