// Month-end consolidation: the daily quotes of a month collapse, in one transaction, into one
// monthly quote per edition × store; idempotent; all or nothing; late dailies merge into the existing monthly quote.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsolidateMonth } from '../../../src/application/pricing/consolidate-month.js';
import { RequestScope } from '../../../src/application/shared/request-scope.js';
import {
  bookWithEdition,
  type LogRow,
  logsSince,
  logWatermark,
  type PricedEdition,
  storeIdByKey,
  tableSnapshot,
} from '../../support/pricing-integration-helpers.js';
import { eventually, startTestService, type TestService } from '../../support/test-service.js';

let t: TestService;
let palace: number; // demo-paperback-palace, EUR
let buch: number; // demo-buchhandlung, EUR
let corner: number; // demo-corner-bookshop, GBP

beforeAll(async () => {
  t = await startTestService({ LOG_FLUSH_MS: '50', FETCH_COOLDOWN: '0' });
  palace = await storeIdByKey(t, 'demo-paperback-palace');
  buch = await storeIdByKey(t, 'demo-buchhandlung');
  corner = await storeIdByKey(t, 'demo-corner-bookshop');
});
afterAll(async () => {
  await t?.stop();
});

type Availability = 'in_stock' | 'out_of_stock' | 'preorder' | 'unknown';

interface Daily {
  editionId: number;
  storeId: number;
  amountMinor: number;
  currency: string;
  fetchedAt: string;
  availability?: Availability;
}

interface InsertedDaily extends Required<Daily> {
  id: number;
  url: string;
}

let urlSeq = 0;
/** Inserts daily quotes in the order given (not necessarily chronological) and returns them with their ids. */
async function insertDailies(dailies: Daily[]): Promise<InsertedDaily[]> {
  const inserted: InsertedDaily[] = [];
  for (const d of dailies) {
    const url = `https://stores.example.test/q/${++urlSeq}`;
    const availability = d.availability ?? 'in_stock';
    const [row] = await t.db.sql<{ price_quote_id: string }>(
      `insert into price_quote (edition_id, store_id, amount_minor, currency, availability, url, fetched_at, quote_kind)
       values ($1, $2, $3, $4, $5, $6, $7, 'daily') returning price_quote_id`,
      [d.editionId, d.storeId, d.amountMinor, d.currency, availability, url, d.fetchedAt],
    );
    inserted.push({ ...d, availability, url, id: Number(row!.price_quote_id) });
  }
  return inserted;
}

interface RunOutcome {
  /** Set when the run completed. */
  rowsProcessed?: number;
  /** Set when the run failed. */
  error?: Error;
  /** The consolidation events the run logged (started, then completed or failed). */
  events: LogRow[];
}

/**
 * Runs the use case as the scheduler and the CLI do (inside a request scope) and waits until its last event is in
 * the log, so that the events of one run never mix with those of the next.
 */
async function consolidate(year: number, month: number): Promise<RunOutcome> {
  const watermark = await logWatermark(t);
  const container = t.service.container;
  let rowsProcessed: number | undefined;
  let error: Error | undefined;
  try {
    rowsProcessed = (await container.get(RequestScope).run(() => container.get(ConsolidateMonth).execute({ year, month }))).rowsProcessed;
  } catch (caught) {
    error = caught instanceof Error ? caught : new Error(String(caught));
  }
  const last = error ? 'consolidation_failed' : 'consolidation_completed';
  const events = await eventually(async () => {
    const found = await logsSince(t, 'consolidation', watermark);
    expect(found.some((e) => e.log_event === last), JSON.stringify(found)).toBe(true);
    return found;
  });
  return { rowsProcessed, error, events };
}

interface MonthlyRow {
  id: number;
  editionId: number;
  storeId: number;
  amountMinor: number;
  currency: string;
  availability: string;
  url: string;
  fetchedAt: string;
  month: string;
  minMinor: number;
  maxMinor: number;
  avgMinor: number;
  sampleCount: number;
}

async function monthlyRows(month: string): Promise<MonthlyRow[]> {
  const rows = await t.db.sql(
    `select price_quote_id, edition_id, store_id, amount_minor, currency, availability, url, fetched_at, to_char(month, 'YYYY-MM') as month,
            min_minor, max_minor, avg_minor, sample_count
     from price_quote where quote_kind = 'monthly' and to_char(month, 'YYYY-MM') = $1 order by edition_id, store_id`,
    [month],
  );
  return rows.map((r: any) => ({
    id: Number(r.price_quote_id),
    editionId: Number(r.edition_id),
    storeId: Number(r.store_id),
    amountMinor: Number(r.amount_minor),
    currency: String(r.currency).trim(),
    availability: r.availability,
    url: r.url,
    fetchedAt: new Date(r.fetched_at).toISOString(),
    month: r.month,
    minMinor: Number(r.min_minor),
    maxMinor: Number(r.max_minor),
    avgMinor: Number(r.avg_minor),
    sampleCount: Number(r.sample_count),
  }));
}

/** The monthly quote a hand computation expects from the samples of one edition × store (one currency). */
function expectedMonthly(month: string, samples: InsertedDaily[]): Omit<MonthlyRow, 'id'> {
  const chronological = [...samples].sort((a, b) => Date.parse(a.fetchedAt) - Date.parse(b.fetchedAt) || a.id - b.id);
  const last = chronological[chronological.length - 1]!;
  const amounts = samples.map((s) => s.amountMinor);
  const sum = amounts.reduce((a, b) => a + b, 0);
  return {
    editionId: last.editionId,
    storeId: last.storeId,
    amountMinor: last.amountMinor,
    currency: last.currency,
    availability: last.availability,
    url: last.url,
    fetchedAt: new Date(last.fetchedAt).toISOString(),
    month,
    minMinor: Math.min(...amounts),
    maxMinor: Math.max(...amounts),
    avgMinor: Math.round(sum / samples.length),
    sampleCount: samples.length,
  };
}

async function dailyIds(): Promise<number[]> {
  const rows = await t.db.sql<{ price_quote_id: string }>("select price_quote_id from price_quote where quote_kind = 'daily' order by price_quote_id");
  return rows.map((r) => Number(r.price_quote_id));
}

const snapshot = (): Promise<string[]> => tableSnapshot(t, 'price_quote', 'price_quote_id');

describe('consolidating a month', () => {
  let e1: PricedEdition;
  let e2: PricedEdition;
  let e3: PricedEdition;
  let outside: InsertedDaily[];
  const groups: Record<string, InsertedDaily[]> = {};
  let afterFirstRun: string[];

  beforeAll(async () => {
    e1 = await bookWithEdition(t, 'Consolidated One');
    e2 = await bookWithEdition(t, 'Consolidated Two', { format: 'hardcover' });
    e3 = await bookWithEdition(t, 'Consolidated Three');
    const sep = (day: string) => `2026-09-${day}`;
    // Inserted out of chronological order on purpose: "last" means the latest fetched_at, not the latest row.
    groups.e1Palace = await insertDailies([
      { editionId: e1.editionId, storeId: palace, amountMinor: 1199, currency: 'EUR', fetchedAt: sep('05T03:00:00Z') },
      { editionId: e1.editionId, storeId: palace, amountMinor: 1299, currency: 'EUR', fetchedAt: sep('01T00:00:00.000Z') }, // first instant of the month
      { editionId: e1.editionId, storeId: palace, amountMinor: 1249, currency: 'EUR', fetchedAt: sep('30T23:59:59.999Z') }, // last instant
      { editionId: e1.editionId, storeId: palace, amountMinor: 1200, currency: 'EUR', fetchedAt: sep('12T03:00:00Z'), availability: 'out_of_stock' },
      { editionId: e1.editionId, storeId: palace, amountMinor: 1099, currency: 'EUR', fetchedAt: sep('20T03:00:00Z') },
    ]);
    groups.e1Buch = await insertDailies([
      { editionId: e1.editionId, storeId: buch, amountMinor: 1451, currency: 'EUR', fetchedAt: sep('17T03:00:00Z') },
      { editionId: e1.editionId, storeId: buch, amountMinor: 1500, currency: 'EUR', fetchedAt: sep('03T03:00:00Z') },
    ]);
    groups.e2Corner = await insertDailies([
      { editionId: e2.editionId, storeId: corner, amountMinor: 899, currency: 'GBP', fetchedAt: sep('08T03:00:00Z') },
      // The month ends out of stock: the monthly quote's availability is the last one's.
      { editionId: e2.editionId, storeId: corner, amountMinor: 949, currency: 'GBP', fetchedAt: sep('28T03:00:00Z'), availability: 'out_of_stock' },
    ]);
    groups.e2Palace = await insertDailies([{ editionId: e2.editionId, storeId: palace, amountMinor: 2000, currency: 'EUR', fetchedAt: sep('15T12:00:00Z') }]);
    // Just outside the month (UTC), and a quote of another edition in other months only: all must stay as they are.
    outside = await insertDailies([
      { editionId: e1.editionId, storeId: palace, amountMinor: 999, currency: 'EUR', fetchedAt: '2026-08-31T23:59:59.999Z' },
      { editionId: e1.editionId, storeId: palace, amountMinor: 1999, currency: 'EUR', fetchedAt: '2026-10-01T00:00:00.000Z' },
      { editionId: e1.editionId, storeId: buch, amountMinor: 1, currency: 'EUR', fetchedAt: '2026-10-01T00:00:00.001Z' },
      { editionId: e3.editionId, storeId: palace, amountMinor: 500, currency: 'EUR', fetchedAt: '2026-08-15T03:00:00Z' },
      { editionId: e3.editionId, storeId: palace, amountMinor: 600, currency: 'EUR', fetchedAt: '2026-10-15T03:00:00Z' },
    ]);
  });

  it('writes exactly one monthly quote per edition × store with the hand-computed last, min, max, avg and sample_count', async () => {
    const outsideBefore = await t.db.sql(
      'select to_jsonb(q)::text as row from price_quote q where price_quote_id = any($1::bigint[]) order by price_quote_id',
      [outside.map((o) => o.id)],
    );
    const result = await consolidate(2026, 9);
    expect(result.error).toBeUndefined();
    expect(result.rowsProcessed).toBe(10);

    const monthly = await monthlyRows('2026-09');
    expect(monthly.map(({ id: _id, ...rest }) => rest)).toEqual(
      [
        expectedMonthly('2026-09', groups.e1Palace!),
        expectedMonthly('2026-09', groups.e1Buch!),
        expectedMonthly('2026-09', groups.e2Corner!),
        expectedMonthly('2026-09', groups.e2Palace!),
      ].sort((a, b) => a.editionId - b.editionId || a.storeId - b.storeId),
    );
    // The hand computation spelled out for the richest pair: 12.99, 11.99, 12.00 (out of stock), 10.99, 12.49.
    expect(monthly.find((m) => m.editionId === e1.editionId && m.storeId === palace)).toMatchObject({
      amountMinor: 1249, availability: 'in_stock', minMinor: 1099, maxMinor: 1299, avgMinor: 1209, sampleCount: 5,
      fetchedAt: '2026-09-30T23:59:59.999Z',
    });
    // 15.00 and 14.51: the mean 14.755 rounds to 14.76.
    expect(monthly.find((m) => m.editionId === e1.editionId && m.storeId === buch)).toMatchObject({
      amountMinor: 1451, minMinor: 1451, maxMinor: 1500, avgMinor: 1476, sampleCount: 2,
    });
    expect(monthly.find((m) => m.editionId === e2.editionId && m.storeId === corner)).toMatchObject({
      currency: 'GBP', amountMinor: 949, availability: 'out_of_stock', avgMinor: 924, sampleCount: 2,
    });

    // The month's dailies are gone; everything outside the month is untouched, and e3 has no monthly quote.
    const remaining = await dailyIds();
    expect(remaining).toEqual(outside.map((o) => o.id).sort((a, b) => a - b));
    const outsideAfter = await t.db.sql(
      'select to_jsonb(q)::text as row from price_quote q where price_quote_id = any($1::bigint[]) order by price_quote_id',
      [outside.map((o) => o.id)],
    );
    expect(outsideAfter).toEqual(outsideBefore);
    expect(await t.db.sql("select 1 from price_quote where quote_kind = 'monthly' and edition_id = $1", [e3.editionId])).toEqual([]);

    const events = result.events;
    expect(events.map((e) => e.log_event)).toEqual(['consolidation_started', 'consolidation_completed']);
    expect(events[0]!.log_detail).toMatchObject({ month: '2026-09' });
    expect(events[1]!.log_detail).toMatchObject({ rows_processed: 10, duration_ms: expect.any(Number) });

    afterFirstRun = await snapshot();
  });

  it('shows the monthly quote in GET /api/editions/:id/prices with month, min, max, avg and sample_count', async () => {
    const res = await t.call('GET', `/api/editions/${e1.editionId}/prices?per_page=100`);
    expect(res.status, res.text).toBe(200);
    const quotes: any[] = res.body.data;
    // Newest first: ids descending.
    const ids = quotes.map((q) => q.price_quote_id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const monthly = quotes.filter((q) => q.quote_kind === 'monthly');
    expect(monthly).toHaveLength(2);
    const lastPalace = groups.e1Palace!.find((d) => d.fetchedAt.startsWith('2026-09-30'))!;
    expect(monthly.find((q) => q.store_id === palace)).toMatchObject({
      edition_id: e1.editionId,
      store_id: palace,
      quote_kind: 'monthly',
      month: '2026-09',
      amount: '12.49',
      currency: 'EUR',
      availability: 'in_stock',
      url: lastPalace.url,
      fetched_at: '2026-09-30T23:59:59.999Z',
      min_amount: '10.99',
      max_amount: '12.99',
      avg_amount: '12.09',
      sample_count: 5,
    });
    expect(monthly.find((q) => q.store_id === buch)).toMatchObject({
      month: '2026-09', amount: '14.51', min_amount: '14.51', max_amount: '15.00', avg_amount: '14.76', sample_count: 2,
    });
    // The dailies just outside the month are still listed as dailies, without the monthly fields.
    const dailies = quotes.filter((q) => q.quote_kind === 'daily');
    expect(dailies.map((q) => q.amount).sort()).toEqual(['0.01', '19.99', '9.99']);
    for (const q of dailies) {
      expect(q).not.toHaveProperty('month');
      expect(q).not.toHaveProperty('sample_count');
    }

    const gbp = await t.call('GET', `/api/editions/${e2.editionId}/prices`);
    expect(gbp.body.data.find((q: any) => q.store_id === corner)).toMatchObject({
      quote_kind: 'monthly', month: '2026-09', currency: 'GBP', amount: '9.49', availability: 'out_of_stock',
      min_amount: '8.99', max_amount: '9.49', avg_amount: '9.24', sample_count: 2,
    });
  });

  it('changes nothing when run again for the same month', async () => {
    const again = await consolidate(2026, 9);
    expect(again.error).toBeUndefined();
    expect(again.rowsProcessed).toBe(0);
    expect(await snapshot()).toEqual(afterFirstRun);
    expect(again.events.map((e) => e.log_event)).toEqual(['consolidation_started', 'consolidation_completed']);
    expect(again.events[1]!.log_detail).toMatchObject({ rows_processed: 0 });
    // A third time, still nothing.
    expect((await consolidate(2026, 9)).rowsProcessed).toBe(0);
    expect(await snapshot()).toEqual(afterFirstRun);
  });

  it('a month without daily quotes is a no-op', async () => {
    const before = await snapshot();
    expect((await consolidate(2025, 2)).rowsProcessed).toBe(0);
    expect(await snapshot()).toEqual(before);
  });
});

describe('a failure half-way', () => {
  let e1: PricedEdition;
  let e2: PricedEdition;
  let dailies: InsertedDaily[];

  beforeAll(async () => {
    e1 = await bookWithEdition(t, 'Failing One');
    e2 = await bookWithEdition(t, 'Failing Two');
    const jul = (day: string) => `2026-07-${day}`;
    dailies = await insertDailies([
      { editionId: e1.editionId, storeId: palace, amountMinor: 1000, currency: 'EUR', fetchedAt: jul('02T03:00:00Z') },
      { editionId: e1.editionId, storeId: palace, amountMinor: 900, currency: 'EUR', fetchedAt: jul('09T03:00:00Z') },
      { editionId: e1.editionId, storeId: palace, amountMinor: 950, currency: 'EUR', fetchedAt: jul('16T03:00:00Z') },
      { editionId: e1.editionId, storeId: buch, amountMinor: 1100, currency: 'EUR', fetchedAt: jul('03T03:00:00Z') },
      { editionId: e2.editionId, storeId: palace, amountMinor: 700, currency: 'EUR', fetchedAt: jul('04T03:00:00Z') },
      { editionId: e2.editionId, storeId: palace, amountMinor: 720, currency: 'EUR', fetchedAt: jul('31T23:00:00Z') },
    ]);
  });

  async function expectFailedRunLeavesMonthUntouched(installTrigger: string, dropTrigger: string): Promise<void> {
    const before = await snapshot();
    await t.db.sql(installTrigger);
    let run: RunOutcome;
    try {
      run = await consolidate(2026, 7);
    } finally {
      await t.db.sql(dropTrigger);
    }
    expect(run.error?.message).toMatch(/injected failure/);
    expect(run.rowsProcessed).toBeUndefined();
    // Nothing of the month changed: no monthly quote written, no daily deleted.
    expect(await snapshot()).toEqual(before);
    expect(await monthlyRows('2026-07')).toEqual([]);
    const events = run.events;
    expect(events.map((e) => e.log_event)).toEqual(['consolidation_started', 'consolidation_failed']);
    expect(events[0]!.log_detail).toMatchObject({ month: '2026-07' });
    expect(events[1]!.log_detail.error).toEqual(expect.stringContaining('injected failure'));
  }

  it('an error on the second monthly insert leaves the month untouched and logs consolidation_failed', async () => {
    await expectFailedRunLeavesMonthUntouched(
      `create sequence consolidation_test_insert_seq;
       create function consolidation_test_fail_insert() returns trigger language plpgsql as $$
       begin
         if nextval('consolidation_test_insert_seq') >= 2 then
           raise exception 'injected failure on monthly insert %', currval('consolidation_test_insert_seq');
         end if;
         return new;
       end $$;
       create trigger consolidation_test_fail_insert before insert on price_quote
         for each row when (new.quote_kind = 'monthly') execute function consolidation_test_fail_insert();`,
      `drop trigger consolidation_test_fail_insert on price_quote;
       drop function consolidation_test_fail_insert();
       drop sequence consolidation_test_insert_seq;`,
    );
  });

  it('an error on the fourth daily delete leaves the month untouched and logs consolidation_failed', async () => {
    await expectFailedRunLeavesMonthUntouched(
      `create sequence consolidation_test_delete_seq;
       create function consolidation_test_fail_delete() returns trigger language plpgsql as $$
       begin
         if nextval('consolidation_test_delete_seq') >= 4 then
           raise exception 'injected failure on daily delete %', currval('consolidation_test_delete_seq');
         end if;
         return old;
       end $$;
       create trigger consolidation_test_fail_delete before delete on price_quote
         for each row when (old.quote_kind = 'daily') execute function consolidation_test_fail_delete();`,
      `drop trigger consolidation_test_fail_delete on price_quote;
       drop function consolidation_test_fail_delete();
       drop sequence consolidation_test_delete_seq;`,
    );
  });

  it('succeeds when run again after the cause is gone', async () => {
    const run = await consolidate(2026, 7);
    expect(run.error).toBeUndefined();
    expect(run.rowsProcessed).toBe(6);
    const byPair = (e: number, s: number) => dailies.filter((d) => d.editionId === e && d.storeId === s);
    expect((await monthlyRows('2026-07')).map(({ id: _id, ...rest }) => rest)).toEqual(
      [
        expectedMonthly('2026-07', byPair(e1.editionId, palace)),
        expectedMonthly('2026-07', byPair(e1.editionId, buch)),
        expectedMonthly('2026-07', byPair(e2.editionId, palace)),
      ].sort((a, b) => a.editionId - b.editionId || a.storeId - b.storeId),
    );
    const left = await t.db.sql('select 1 from price_quote where price_quote_id = any($1::bigint[])', [dailies.map((d) => d.id)]);
    expect(left).toEqual([]);
    expect(run.events.map((e) => e.log_event)).toEqual(['consolidation_started', 'consolidation_completed']);
    expect(run.events[1]!.log_detail).toMatchObject({ rows_processed: 6 });
  });
});

describe('daily quotes that arrive after the month was consolidated', () => {
  it('merge into the existing monthly quote: min, max, count, last and avg over every sample', async () => {
    const e1 = await bookWithEdition(t, 'Late One');
    const e2 = await bookWithEdition(t, 'Late Two');
    const jun = (day: string) => `2026-06-${day}`;
    const first = await insertDailies([
      { editionId: e1.editionId, storeId: palace, amountMinor: 1000, currency: 'EUR', fetchedAt: jun('02T03:00:00Z') },
      { editionId: e1.editionId, storeId: palace, amountMinor: 1200, currency: 'EUR', fetchedAt: jun('10T03:00:00Z') },
      { editionId: e1.editionId, storeId: buch, amountMinor: 2000, currency: 'EUR', fetchedAt: jun('03T03:00:00Z') },
      { editionId: e1.editionId, storeId: buch, amountMinor: 2100, currency: 'EUR', fetchedAt: jun('25T03:00:00Z') },
    ]);
    expect((await consolidate(2026, 6)).rowsProcessed).toBe(4);
    const before = await monthlyRows('2026-06');
    expect(before).toHaveLength(2);

    const late = await insertDailies([
      // Newer than the month's last so far: becomes the last; a new maximum.
      { editionId: e1.editionId, storeId: palace, amountMinor: 1400, currency: 'EUR', fetchedAt: jun('15T03:00:00Z'), availability: 'out_of_stock' },
      // Older than the month's last so far: the last stays; a new minimum.
      { editionId: e1.editionId, storeId: buch, amountMinor: 1500, currency: 'EUR', fetchedAt: jun('04T03:00:00Z') },
      // A pair without a monthly quote yet.
      { editionId: e2.editionId, storeId: palace, amountMinor: 700, currency: 'EUR', fetchedAt: jun('20T03:00:00Z') },
      // Outside the month: not merged.
      { editionId: e1.editionId, storeId: palace, amountMinor: 1, currency: 'EUR', fetchedAt: '2026-07-01T00:00:00.000Z' },
    ]);
    const lateRun = await consolidate(2026, 6);
    expect(lateRun.error).toBeUndefined();
    expect(lateRun.rowsProcessed).toBe(3);

    const all = [...first, ...late.slice(0, 3)];
    const byPair = (e: number, s: number) => all.filter((d) => d.editionId === e && d.storeId === s);
    const after = await monthlyRows('2026-06');
    expect(after.map(({ id: _id, ...rest }) => rest)).toEqual(
      [
        expectedMonthly('2026-06', byPair(e1.editionId, palace)),
        expectedMonthly('2026-06', byPair(e1.editionId, buch)),
        expectedMonthly('2026-06', byPair(e2.editionId, palace)),
      ].sort((a, b) => a.editionId - b.editionId || a.storeId - b.storeId),
    );
    // Spelled out: palace 10.00, 12.00, then 14.00 (out of stock, latest); buch 20.00, 21.00 (latest), then 15.00 (older).
    expect(after.find((m) => m.editionId === e1.editionId && m.storeId === palace)).toMatchObject({
      amountMinor: 1400, availability: 'out_of_stock', minMinor: 1000, maxMinor: 1400, avgMinor: 1200, sampleCount: 3,
      fetchedAt: '2026-06-15T03:00:00.000Z',
    });
    expect(after.find((m) => m.editionId === e1.editionId && m.storeId === buch)).toMatchObject({
      amountMinor: 2100, minMinor: 1500, maxMinor: 2100, avgMinor: 1867, sampleCount: 3, fetchedAt: '2026-06-25T03:00:00.000Z',
    });
    // Merged in place: the same monthly rows, no second monthly quote for a pair.
    for (const m of before) expect(after.find((a) => a.editionId === m.editionId && a.storeId === m.storeId)!.id).toBe(m.id);
    const left = await t.db.sql('select price_quote_id from price_quote where price_quote_id = any($1::bigint[])', [late.map((d) => d.id)]);
    expect(left.map((r: any) => Number(r.price_quote_id))).toEqual([late[3]!.id]);

    expect(lateRun.events.map((e) => e.log_event)).toEqual(['consolidation_started', 'consolidation_completed']);
    expect(lateRun.events[1]!.log_detail).toMatchObject({ rows_processed: 3 });

    const listed = await t.call('GET', `/api/editions/${e1.editionId}/prices`);
    expect(listed.body.data.find((q: any) => q.quote_kind === 'monthly' && q.store_id === buch)).toMatchObject({
      month: '2026-06', amount: '21.00', min_amount: '15.00', max_amount: '21.00', avg_amount: '18.67', sample_count: 3,
    });
  });

  it('keeps avg_amount the rounded mean of all samples, however the samples were split between runs', async () => {
    // First run: 10.00 and 10.01 (mean 10.005, stored as 10.01). Late: 10.00.
    // The mean of the three samples is 10.0033…, which rounds to 10.00 (not 10.01, which re-weighting the rounded average gives).
    const e = await bookWithEdition(t, 'Late Precision');
    const may = (day: string) => `2026-05-${day}`;
    const first = await insertDailies([
      { editionId: e.editionId, storeId: palace, amountMinor: 1000, currency: 'EUR', fetchedAt: may('02T03:00:00Z') },
      { editionId: e.editionId, storeId: palace, amountMinor: 1001, currency: 'EUR', fetchedAt: may('03T03:00:00Z') },
    ]);
    await consolidate(2026, 5);
    expect((await monthlyRows('2026-05'))[0]).toMatchObject({ avgMinor: 1001, sampleCount: 2 });
    const late = await insertDailies([{ editionId: e.editionId, storeId: palace, amountMinor: 1000, currency: 'EUR', fetchedAt: may('04T03:00:00Z') }]);
    await consolidate(2026, 5);
    const [merged] = await monthlyRows('2026-05');
    expect(merged).toMatchObject({ sampleCount: 3, minMinor: 1000, maxMinor: 1001, amountMinor: 1000 });
    expect(merged!.avgMinor).toBe(expectedMonthly('2026-05', [...first, ...late]).avgMinor); // 1000
  });
});

describe('suspect quotes (a large drop a second reading did not confirm)', () => {
  it('are deleted with their month but count in no monthly figure', async () => {
    const e = await bookWithEdition(t, 'Suspect Month');
    const mar = (day: string) => `2026-03-${day}`;
    const [a, suspect, b, last] = await insertDailies([
      { editionId: e.editionId, storeId: palace, amountMinor: 1000, currency: 'EUR', fetchedAt: mar('02T03:00:00Z') },
      { editionId: e.editionId, storeId: palace, amountMinor: 300, currency: 'EUR', fetchedAt: mar('03T03:00:00Z') },
      { editionId: e.editionId, storeId: palace, amountMinor: 980, currency: 'EUR', fetchedAt: mar('04T03:00:00Z') },
      { editionId: e.editionId, storeId: buch, amountMinor: 200, currency: 'EUR', fetchedAt: mar('31T03:00:00Z') },
    ]);
    await t.db.sql('update price_quote set suspect = true where price_quote_id = any($1::bigint[])', [[suspect!.id, last!.id]]);

    const run = await consolidate(2026, 3);
    expect(run.rowsProcessed).toBe(4);
    // Only buch's suspect quote was left at that store: no monthly quote there.
    expect((await monthlyRows('2026-03')).map(({ id: _id, ...row }) => row)).toEqual([expectedMonthly('2026-03', [a!, b!])]);
    expect(await t.db.sql("select 1 from price_quote where quote_kind = 'daily' and edition_id = $1", [e.editionId])).toEqual([]);
  });
});
