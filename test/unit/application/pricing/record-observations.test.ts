// RecordObservations with hand-written fakes: quotes and their alerts in one transaction, delivery after it.
import { describe, expect, it } from 'vitest';
import { DeliverAlerts } from '../../../../src/application/pricing/deliver-alerts.js';
import { RecordObservations } from '../../../../src/application/pricing/record-observations.js';
import type { AlertMailer, NewUserAlert } from '../../../../src/application/pricing/ports/alert-detector.js';
import { Money } from '../../../../src/domain/shared/money.js';
import { FakeAlertDetector } from '../../../support/fakes/fake-alert-detector.js';
import { FakeAlertMailer } from '../../../support/fakes/fake-alert-mailer.js';
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

function world(mailer: AlertMailer = new FakeAlertMailer()) {
  const clock = new FakeClock();
  const pricing = new InMemoryPricingRepository();
  const detector = new FakeAlertDetector();
  const logs = new FakeLogSink();
  const uow = new FakeUnitOfWork().enlist(pricing);
  const use = new RecordObservations(pricing, detector, new DeliverAlerts(mailer, logs, clock), uow);
  return { use, pricing, detector, logs, uow };
}

describe('RecordObservations', () => {
  it('stores the quotes, asks for the alerts of their ids and delivers them', async () => {
    const { use, pricing, detector, logs } = world();
    detector.alertsFor(2, aNewUserAlert({ wantsEmail: false, userId: 5, bookId: 11 }));
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

  it('delivers only after the transaction committed, so a slow mail server holds no locks', async () => {
    let committedWhenMailed: number | null = null;
    const { use, detector, uow } = world({
      send: async (_to: string, _alert: NewUserAlert) => {
        committedWhenMailed = uow.committed;
      },
    });
    detector.alertsFor(1, aNewUserAlert({ wantsEmail: true, email: 'reader@example.org' }));
    await use.execute([quote(2, '18.90')]);
    expect(committedWhenMailed).toBe(1);
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
