// PurgeOldLogs with the in-memory log store and ledger: the cutoff, the batches, and the alert windows forgotten.
import { describe, expect, it } from 'vitest';
import { PurgeOldLogs } from '../../../../src/application/logging/purge-old-logs.js';
import type { RetentionPolicy } from '../../../../src/application/logging/ports/retention-policy.js';
import { FakeClock } from '../../../support/fakes/fake-clock.js';
import { InMemoryLogStore } from '../../../support/fakes/in-memory-log-store.js';
import { InMemoryMaintainerAlertLedger } from '../../../support/fakes/in-memory-maintainer-alert-ledger.js';
import { aLogEvent } from '../../../support/mothers/logging.js';

const DAY = 86_400_000;
const NOW = new Date('2026-11-25T03:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY);

function world(policy: RetentionPolicy = { days: 30, batchSize: 3 }) {
  const store = new InMemoryLogStore();
  const ledger = new InMemoryMaintainerAlertLedger();
  return { use: new PurgeOldLogs(store, ledger, policy, new FakeClock(NOW)), store, ledger };
}

describe('PurgeOldLogs', () => {
  it('deletes every row older than the retention period in batches, and keeps the rest', async () => {
    const { use, store } = world();
    const old = [31, 32, 40, 45, 60, 90, 365].map((days) => aLogEvent({ time: daysAgo(days) }));
    const kept = [0, 1, 29].map((days) => aLogEvent({ time: daysAgo(days) }));
    await store.append([...old, ...kept]);

    const result = await use.execute();

    expect(result).toEqual({ deleted: 7, cutoff: daysAgo(30) });
    expect(store.records.map((r) => r.time)).toEqual(kept.map((e) => e.time));
    expect(store.deletions.map((d) => [d.limit, d.deleted])).toEqual([
      [3, 3],
      [3, 3],
      [3, 1],
    ]);
  });

  it('keeps a row exactly at the cutoff', async () => {
    const { use, store } = world();
    await store.append([aLogEvent({ time: daysAgo(30) })]);
    expect((await use.execute()).deleted).toBe(0);
    expect(store.records).toHaveLength(1);
  });

  it('stops after a batch that came back short, also when the last full batch emptied the table', async () => {
    const { use, store } = world();
    await store.append([40, 41, 42, 43, 44, 45].map((days) => aLogEvent({ time: daysAgo(days) })));
    expect((await use.execute()).deleted).toBe(6);
    expect(store.deletions.map((d) => d.deleted)).toEqual([3, 3, 0]);
  });

  it('forgets maintainer alert windows that ended before the cutoff', async () => {
    const { use, ledger } = world();
    await ledger.openGroupWindow('fetch_failed', daysAgo(40), 300_000);
    await ledger.openGroupWindow('fetch_failed', daysAgo(2), 300_000);
    await ledger.claimDueGroupWindows(NOW);
    await use.execute();
    expect(ledger.groupWindows('fetch_failed').map((w) => w.start)).toEqual([daysAgo(2)]);
  });
});
