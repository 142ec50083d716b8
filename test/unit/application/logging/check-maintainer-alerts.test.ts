// CheckMaintainerAlerts with in-memory log store and ledger: grouped failure windows and the api_error threshold.
import { describe, expect, it } from 'vitest';
import { CheckMaintainerAlerts } from '../../../../src/application/logging/check-maintainer-alerts.js';
import type { MaintainerAlertPolicy } from '../../../../src/application/logging/ports/maintainer-alert-policy.js';
import type { LogEvent } from '../../../../src/domain/logging/log-event.js';
import { FakeAlertChannel } from '../../../support/fakes/fake-alert-channel.js';
import { FakeClock } from '../../../support/fakes/fake-clock.js';
import { InMemoryLogStore } from '../../../support/fakes/in-memory-log-store.js';
import { InMemoryMaintainerAlertLedger } from '../../../support/fakes/in-memory-maintainer-alert-ledger.js';
import { aLogEvent, anApiErrorEvent } from '../../../support/mothers/logging.js';

const MINUTE = 60_000;
const T0 = new Date('2026-11-25T03:00:00Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const policy: MaintainerAlertPolicy = { groupWindowMs: 5 * MINUTE, apiErrorThreshold: 10, apiErrorWindowMs: 5 * MINUTE };

function checker() {
  const clock = new FakeClock(T0);
  const store = new InMemoryLogStore();
  const ledger = new InMemoryMaintainerAlertLedger();
  const channel = new FakeAlertChannel();
  const use = new CheckMaintainerAlerts(store, ledger, channel, policy, clock);
  /** What the intake does: store the batch, then check it. */
  const write = async (batch: LogEvent[]) => {
    await store.append(batch);
    await use.afterWrite(batch);
  };
  return { use, write, clock, store, ledger, channel };
}

describe('CheckMaintainerAlerts: grouped failures', () => {
  it('opens one window per failing event name from its first occurrence, and sends nothing yet', async () => {
    const { write, ledger, channel } = checker();
    await write([
      aLogEvent({ event: 'fetch_failed', time: at(2 * MINUTE) }),
      aLogEvent({ event: 'fetch_failed', time: at(0) }),
      aLogEvent({ event: 'consolidation_failed', source: 'consolidation', time: at(MINUTE) }),
      aLogEvent({ event: 'fetch_started', level: 'info', time: at(0) }),
    ]);
    expect(ledger.groupWindows('fetch_failed')).toEqual([{ event: 'fetch_failed', start: at(0), end: at(5 * MINUTE) }]);
    expect(ledger.groupWindows('consolidation_failed')).toEqual([{ event: 'consolidation_failed', start: at(MINUTE), end: at(6 * MINUTE) }]);
    expect(ledger.groupWindows('fetch_started')).toEqual([]);
    expect(channel.sent).toEqual([]);
  });

  it('opens a second window for a failure after the first window ended', async () => {
    const { write, ledger } = checker();
    await write([aLogEvent({ time: at(0) }), aLogEvent({ time: at(4 * MINUTE) }), aLogEvent({ time: at(7 * MINUTE) })]);
    expect(ledger.groupWindows('fetch_failed').map((w) => [w.start, w.end])).toEqual([
      [at(0), at(5 * MINUTE)],
      [at(7 * MINUTE), at(12 * MINUTE)],
    ]);
  });

  it('asks the ledger once per window, not once per failure: 500 failures of one fetch are one round trip', async () => {
    const { write, ledger } = checker();
    await write(Array.from({ length: 500 }, (_, i) => aLogEvent({ time: at(i * 100) })));
    expect(ledger.openCalls).toEqual([{ event: 'fetch_failed', at: at(0) }]);
  });

  it('sends a window once, after it ended plus the grace, counting what every instance wrote in it', async () => {
    const { use, write, clock, store, channel } = checker();
    await write([aLogEvent({ time: at(0) }), aLogEvent({ time: at(MINUTE) })]);
    // Another instance's failures within the same window, stored without this instance seeing them.
    await store.append([aLogEvent({ time: at(3 * MINUTE), detail: { edition_id: 9 } })]);

    clock.set(at(5 * MINUTE + 10_000));
    expect(await use.sendDueGroups(30_000)).toBe(0);
    expect(channel.sent).toEqual([]);

    clock.set(at(5 * MINUTE + 30_000));
    expect(await use.sendDueGroups(30_000)).toBe(1);
    expect(channel.sent).toHaveLength(1);
    expect(channel.sent[0]).toMatchObject({
      alert: '3 × fetch_failed within 5 min',
      log_event: 'fetch_failed',
      count: 3,
      first_log_time: at(0).toISOString(),
      last_log_time: at(3 * MINUTE).toISOString(),
      sample: { log_event: 'fetch_failed', log_detail: { edition_id: 9 } },
    });

    clock.advance(MINUTE);
    expect(await use.sendDueGroups(30_000)).toBe(0);
    expect(channel.sent).toHaveLength(1);
  });

  it('claims but does not send a due window the log holds nothing of (purged meanwhile)', async () => {
    const { use, clock, ledger, channel } = checker();
    await use.afterWrite([aLogEvent({ time: at(0) })]);
    clock.set(at(10 * MINUTE));
    expect(await use.sendDueGroups(0)).toBe(1);
    expect(channel.sent).toEqual([]);
    expect(await ledger.claimDueGroupWindows(at(10 * MINUTE))).toEqual([]);
  });
});

describe('CheckMaintainerAlerts: api_error threshold', () => {
  const apiErrors = (count: number, from = 0) => Array.from({ length: count }, (_, i) => anApiErrorEvent(at(from + i * 1000)));

  it('does not alert at the threshold itself', async () => {
    const { write, channel } = checker();
    await write(apiErrors(10));
    expect(channel.sent).toEqual([]);
  });

  it('alerts once past the threshold within the window, then stays quiet for the window', async () => {
    const { write, channel } = checker();
    await write(apiErrors(11));
    expect(channel.sent).toHaveLength(1);
    expect(channel.sent[0]).toMatchObject({ alert: 'api_error over threshold: 11 within 5 min', log_event: 'api_error', count: 11 });

    await write(apiErrors(5, 20_000));
    expect(channel.sent).toHaveLength(1);
  });

  it('counts only the errors within the window before the newest one of the batch', async () => {
    const { write, channel } = checker();
    await write(apiErrors(6, 0));
    // Six more, but more than five minutes after the first six: never eleven within one window.
    await write(apiErrors(6, 6 * MINUTE));
    expect(channel.sent).toEqual([]);
    await write(apiErrors(5, 7 * MINUTE));
    expect(channel.sent.map((a) => a.count)).toEqual([11]);
  });

  it('alerts again once the quiet period is over', async () => {
    const { write, channel } = checker();
    await write(apiErrors(11, 0));
    await write(apiErrors(11, 10 * MINUTE));
    expect(channel.sent.map((a) => a.count)).toEqual([11, 11]);
  });
});
