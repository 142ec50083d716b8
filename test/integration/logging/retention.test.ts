import type { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PurgeOldLogs } from '../../../src/application/logging/purge-old-logs.js';
import { logRetentionJob } from '../../../src/composition/scheduled-jobs.js';
import { SqlLogStore } from '../../../src/adapters/logging/sql-log-store.js';
import { SqlMaintainerAlertLedger } from '../../../src/adapters/logging/sql-maintainer-alert-ledger.js';
import { openOrm } from '../../../src/adapters/postgres/database.js';
import { SqlScheduledRuns } from '../../../src/adapters/postgres/repositories/sql-scheduled-runs.js';
import { CronScheduler } from '../../../src/adapters/scheduler/cron-scheduler.js';
import { spawnService } from '../../support/service-process.js';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.js';
import { sleep } from './logging-test-helpers.js';

// Retention: rows older than LOG_RETENTION_DAYS go, in batches, once across instances.
let db: TestDatabase;
let orm: MikroORM;
const NOW = new Date('2026-11-22T04:00:00.000Z');
const DAY = 86_400_000;
const clock = { now: () => NOW };
const ledger = (): SqlMaintainerAlertLedger => new SqlMaintainerAlertLedger(orm.em);

beforeAll(async () => {
  db = await createTestDatabase();
  orm = await openOrm(db.url, 3);
});
afterAll(async () => {
  await orm?.close(true);
  await db?.drop();
});

/** 37 rows older than 90 days (the oldest a year back), 23 within them (one a minute inside the limit). */
beforeEach(async () => {
  await db.sql('delete from log');
  const ages = [
    ...Array.from({ length: 37 }, (_, i) => 90 * DAY + 60_000 + i * 7 * DAY),
    ...Array.from({ length: 22 }, (_, i) => i * 4 * DAY),
    90 * DAY - 60_000,
  ];
  for (const age of ages) {
    await db.sql(`insert into log (log_time, log_level, log_source, log_event, log_detail) values ($1, 'info', 'api', 'aged', $2)`, [
      new Date(NOW.getTime() - age),
      { age_ms: age },
    ]);
  }
});

describe('PurgeOldLogs with SqlLogStore', () => {
  it('deletes exactly the rows older than the retention period, a batch at a time', async () => {
    const store = new SqlLogStore(orm.em);
    const batches: number[] = [];
    const counting = Object.assign(Object.create(store) as SqlLogStore, {
      deleteBefore: async (cutoff: Date, limit: number) => {
        const n = await store.deleteBefore(cutoff, limit);
        batches.push(n);
        return n;
      },
    });
    const result = await new PurgeOldLogs(counting, ledger(), { days: 90, batchSize: 5 }, clock).execute();
    expect(result).toEqual({ deleted: 37, cutoff: new Date(NOW.getTime() - 90 * DAY) });
    expect(batches).toEqual([5, 5, 5, 5, 5, 5, 5, 2]);
    const left = await db.sql<{ age_ms: string }>(`select log_detail->>'age_ms' as age_ms from log`);
    expect(left).toHaveLength(23);
    expect(left.every((r) => Number(r.age_ms) < 90 * DAY)).toBe(true);
    // A second run finds nothing more.
    expect((await new PurgeOldLogs(store, ledger(), { days: 90, batchSize: 5 }, clock).execute()).deleted).toBe(0);
  });

  it('forgets maintainer alert windows older than the cutoff once they need nothing more', async () => {
    const old = new Date(NOW.getTime() - 100 * DAY);
    const recent = new Date(NOW.getTime() - DAY);
    await db.sql('delete from log_alert_window');
    const window = (event: string, kind: string, start: Date, sent: boolean) =>
      db.sql(`insert into log_alert_window (log_event, kind, window_start, window_end, sent_at) values ($1, $2, $3::timestamptz, $3::timestamptz + interval '5 minutes', $4::timestamptz)`, [
        event,
        kind,
        start,
        sent ? start : null,
      ]);
    await window('fetch_failed', 'group', old, true);
    await window('api_error', 'quiet', old, true);
    await window('consolidation_failed', 'group', old, false);
    await window('fetch_failed', 'group', recent, true);
    await new PurgeOldLogs(new SqlLogStore(orm.em), ledger(), { days: 90, batchSize: 1000 }, clock).execute();
    const left = await db.sql<{ log_event: string }>('select log_event from log_alert_window order by log_event');
    // An unsent window is kept: a sweep will still send it.
    expect(left.map((r) => r.log_event)).toEqual(['consolidation_failed', 'fetch_failed']);
  });

  it('runs once per occurrence with several schedulers on one database', async () => {
    // Occurrences are claimed per minute: stay clear of a minute boundary.
    while (new Date().getUTCSeconds() > 50) await sleep(500);
    const purge = new PurgeOldLogs(new SqlLogStore(orm.em), ledger(), { days: 90, batchSize: 1000 }, clock);
    let runs = 0;
    const job = logRetentionJob(purge, '* * * * * *');
    const counted = { ...job, run: async (at: Date) => void (runs += 1, await job.run(at)) };
    const schedulers = ['instance-a', 'instance-b'].map((id) => new CronScheduler([counted], new SqlScheduledRuns(orm.em), id, () => undefined));
    for (const s of schedulers) s.start();
    await sleep(2500);
    for (const s of schedulers) s.stop();
    expect(runs).toBe(1);
    expect(await db.sql(`select 1 from log where log_time < $1`, [new Date(NOW.getTime() - 90 * DAY)])).toHaveLength(0);
  });
});

describe('npm run purge-logs', () => {
  it('runs the retention once by hand with LOG_RETENTION_DAYS', async () => {
    const older = async (): Promise<number> =>
      Number((await db.sql<{ n: string }>(`select count(*) n from log where log_time < now() - interval '200 days'`))[0]!.n);
    const expected = await older();
    expect(expected).toBeGreaterThan(5);
    const run = spawnService({ DATABASE_URL: db.url, LOG_RETENTION_DAYS: '200' }, 'src/composition/entries/purge-logs.ts');
    expect(await run.exited(60_000)).toBe(0);
    expect(run.output()).toContain(`Done: ${expected} rows older than`);
    expect(await older()).toBe(0);
    expect(await db.sql('select 1 from log')).toHaveLength(60 - expected);
  });
});

describe('SqlMaintainerAlertLedger', () => {
  it('stretches an unsent window back to an earlier event that reached the table later, instead of opening a second one', async () => {
    await db.sql('delete from log_alert_window');
    const ledger = new SqlMaintainerAlertLedger(orm.em);
    const t = Date.parse('2026-11-22T03:00:00.000Z');
    const later = await ledger.openGroupWindow('fetch_failed', new Date(t + 1), 2500);
    const earlier = await ledger.openGroupWindow('fetch_failed', new Date(t), 2500);
    expect(earlier).toEqual({ event: 'fetch_failed', start: new Date(t), end: later.end });
    expect(await db.sql('select 1 from log_alert_window')).toHaveLength(1);
    // After the window was sent, a late event opens a new window.
    expect(await ledger.claimDueGroupWindows(new Date(t + 10_000))).toHaveLength(1);
    await ledger.openGroupWindow('fetch_failed', new Date(t - 5), 2500);
    expect(await db.sql('select 1 from log_alert_window')).toHaveLength(2);
  });
});
