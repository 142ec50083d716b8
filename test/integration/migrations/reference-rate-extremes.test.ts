// Migration 28: a converting reader's page asks each other currency's highest and lowest units per euro on every
// request (rate_floors); those must be one index step, not a scan of the currency's history.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.js';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

describe('reference_rate_extremes_idx', () => {
  it('answers a currency’s lowest and highest rate from the index, whatever the length of its history', async () => {
    await db.sql(
      `insert into reference_rate (rate_date, currency, per_euro)
       select d::date, c, 0.8 + (extract(doy from d)::int % 50) / 1000.0
       from generate_series(date '2016-01-01', date '2026-11-27', interval '1 day') as d cross join unnest(array['GBP', 'USD', 'JPY']) as c`,
    );
    await db.sql('analyze reference_rate');
    for (const extreme of ['min', 'max']) {
      const plan = (await db.sql<{ 'QUERY PLAN': string }>(`explain select ${extreme}(per_euro) from reference_rate where currency = 'GBP'`))
        .map((row) => row['QUERY PLAN'])
        .join('\n');
      expect(plan, plan).toContain('reference_rate_extremes_idx');
      expect(plan, plan).not.toMatch(/Seq Scan|Bitmap/);
    }
    const [row] = await db.sql<{ low: string; high: string }>("select min(per_euro)::text as low, max(per_euro)::text as high from reference_rate where currency = 'GBP'");
    expect([Number(row!.low), Number(row!.high)]).toEqual([0.8, 0.849]);
  });
});
