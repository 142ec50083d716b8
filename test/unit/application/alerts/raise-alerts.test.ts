// RaiseAlerts with hand-written fakes: the alerts of new quotes and their channel messages inside the caller's
// transaction; their in-app deliveries logged only once it commits, never when it rolls back.
import { describe, expect, it } from 'vitest';
import { DeliverAlerts } from '../../../../src/application/alerts/deliver-alerts.js';
import { RaiseAlerts } from '../../../../src/application/alerts/raise-alerts.js';
import { FakeAlertDetector } from '../../../support/fakes/fake-alert-detector.js';
import { FakeClock } from '../../../support/fakes/fake-clock.js';
import { FakeLogSink } from '../../../support/fakes/fake-log-sink.js';
import { FakeUnitOfWork } from '../../../support/fakes/fake-unit-of-work.js';
import { channelScheduling } from '../../../support/fakes/in-memory-channel-deliveries.js';
import { aNewUserAlert } from '../../../support/mothers/pricing.js';

function world() {
  const detector = new FakeAlertDetector();
  const logs = new FakeLogSink();
  const uow = new FakeUnitOfWork();
  const channels = channelScheduling();
  channels.directory.routes.push({ channelId: 4, userId: 5, kind: 'webhook', alertKinds: ['below_max_price', 'price_drop'], delivery: 'immediate' });
  const raise = new RaiseAlerts(detector, channels.schedule, new DeliverAlerts(logs, new FakeClock()), uow);
  return { raise, detector, logs, uow, channels };
}

describe('RaiseAlerts', () => {
  it('detects the alerts of the quotes, queues one message per quote per wish, and logs the in-app deliveries after the commit', async () => {
    const { raise, detector, logs, uow, channels } = world();
    detector.alertsFor(1, aNewUserAlert({ alertId: 1, quoteId: 1 }), aNewUserAlert({ alertId: 2, quoteId: 1, kind: 'price_drop', previousAmount: '21.00' }));
    let loggedInside: number | null = null;
    const alerts = await uow.transaction(async () => {
      const raised = await raise.execute([1, 2]);
      loggedInside = logs.named('alert_sent').length;
      return raised;
    });
    expect(detector.asked).toEqual([[1, 2]]);
    expect(alerts.map((a) => a.alertId)).toEqual([1, 2]);
    expect(channels.queue.queued.map((m) => [m.channelId, m.message.reasons])).toEqual([[4, ['below_max_price', 'price_drop']]]);
    expect(loggedInside).toBe(0);
    expect(logs.named('alert_sent').map((e) => e.detail.channel)).toEqual(['in_app', 'in_app']);
  });

  it('logs no delivery when the transaction that raised the alerts rolls back', async () => {
    const { raise, detector, logs, uow } = world();
    detector.alertsFor(1, aNewUserAlert());
    await expect(
      uow.transaction(async () => {
        await raise.execute([1]);
        throw new Error('settling failed');
      }),
    ).rejects.toThrow('settling failed');
    expect(uow.rolledBack).toBe(1);
    expect(logs.events).toEqual([]);
  });

  it('asks nothing for no quotes', async () => {
    const { raise, detector, channels } = world();
    expect(await raise.execute([])).toEqual([]);
    expect(detector.asked).toEqual([]);
    expect(channels.queue.queued).toEqual([]);
  });
});
