// RecordObservations with hand-written fakes: quotes, their alerts and the alerts' channel messages in one
// transaction; the in-app deliveries logged after it.
import { describe, expect, it } from 'vitest';
import { DeliverAlerts } from '../../../../src/application/alerts/deliver-alerts.js';
import { RaiseAlerts } from '../../../../src/application/alerts/raise-alerts.js';
import { RecordObservations } from '../../../../src/application/pricing/record-observations.js';
import { Money } from '../../../../src/domain/shared/money.js';
import { FakeAlertDetector } from '../../../support/fakes/fake-alert-detector.js';
import { channelScheduling } from '../../../support/fakes/in-memory-channel-deliveries.js';
import { FakeClock } from '../../../support/fakes/fake-clock.js';
import { FakeLogSink } from '../../../support/fakes/fake-log-sink.js';
import { FakeUnitOfWork } from '../../../support/fakes/fake-unit-of-work.js';
import { InMemoryPricingRepository } from '../../../support/fakes/in-memory-pricing-repository.js';
import { aNewUserAlert } from '../../../support/mothers/pricing.js';

const quote = (storeId: number, amount: string) => ({
  editionId: 1,
  storeId,
  price: Money.parse(amount, 'EUR'),
  availability: 'in_stock' as const,
  url: `https://store-${storeId}.example/isbn/1`,
  fetchedAt: new Date('2026-11-25T03:00:00Z'),
});

function world() {
  const clock = new FakeClock();
  const pricing = new InMemoryPricingRepository();
  const detector = new FakeAlertDetector();
  const logs = new FakeLogSink();
  const uow = new FakeUnitOfWork().enlist(pricing);
  const channels = channelScheduling();
  const use = new RecordObservations(pricing, new RaiseAlerts(detector, channels.schedule, new DeliverAlerts(logs, clock), uow), uow);
  return { use, pricing, detector, logs, uow, channels };
}

describe('RecordObservations', () => {
  it('stores the quotes, asks for the alerts of their ids and delivers them', async () => {
    const { use, pricing, detector, logs } = world();
    detector.alertsFor(2, aNewUserAlert({ userId: 5, bookId: 11 }));
    const stored = await use.execute([quote(2, '18.90'), quote(3, '17.00')]);
    expect(stored.map((q) => [q.id, q.storeId, q.price.amount, q.kind])).toEqual([
      [1, 2, '18.90', 'daily'],
      [2, 3, '17.00', 'daily'],
    ]);
    expect(pricing.quotes).toEqual(stored);
    expect(detector.asked).toEqual([[1, 2]]);
    expect(logs.named('alert_sent').map((e) => e.detail)).toEqual([{ user_id: 5, book_id: 11, channel: 'in_app', threshold: '20.00' }]);
  });

  it('does nothing for no quotes: no transaction, no detector', async () => {
    const { use, detector, uow } = world();
    expect(await use.execute([])).toEqual([]);
    expect(uow.begun).toBe(0);
    expect(detector.asked).toEqual([]);
  });

  it("plans the alerts' channel messages inside the transaction, so a message exists only with its alert", async () => {
    const { use, detector, uow, channels } = world();
    channels.directory.routes.push({ channelId: 4, userId: 5, kind: 'webhook', alertKinds: ['below_max_price'], delivery: 'immediate' });
    let inTransaction: boolean | null = null;
    const enqueue = channels.queue.enqueue.bind(channels.queue);
    channels.queue.enqueue = async (messages) => {
      inTransaction = uow.active;
      await enqueue(messages);
    };
    detector.alertsFor(1, aNewUserAlert({ userId: 5 }));
    await use.execute([quote(2, '18.90')]);
    expect(inTransaction).toBe(true);
    expect(channels.queue.queued.map((m) => [m.channelId, m.message.reasons])).toEqual([[4, ['below_max_price']]]);
  });

  it('logs the in-app deliveries once the transaction has committed, not inside it', async () => {
    const { use, detector, logs, uow } = world();
    detector.alertsFor(1, aNewUserAlert({ userId: 5 }));
    let activeWhenLogged: boolean | null = null;
    const record = logs.record.bind(logs);
    logs.record = (event) => {
      activeWhenLogged = uow.active;
      record(event);
    };
    await use.execute([quote(2, '18.90')]);
    expect(uow.committed).toBe(1);
    expect(activeWhenLogged).toBe(false);
  });

  it('stores nothing and delivers nothing when storing fails', async () => {
    const { use, pricing, detector, logs, uow } = world();
    pricing.failNextAdd(new Error('connection reset'));
    await expect(use.execute([quote(2, '18.90')])).rejects.toThrow('connection reset');
    expect(uow.rolledBack).toBe(1);
    expect(pricing.quotes).toEqual([]);
    expect(detector.asked).toEqual([]);
    expect(logs.events).toEqual([]);
  });
});
