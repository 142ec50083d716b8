// The `borrowable` alert on hand-written fakes: RefreshBorrowAvailability raises it (RaiseBorrowableAlerts, through the
// BorrowableAlertDetector port) for a book that became borrowable, inside the transaction that stores the check — one
// alert per monitored wish, its channel message to the channels naming the kind, the in-app delivery logged after the
// commit. A first check, or a check that changes nothing, raises nothing; becoming borrowable again is news again.
import { describe, expect, it } from 'vitest';
import { DeliverAlerts } from '../../../../src/application/alerts/deliver-alerts.js';
import { RaiseBorrowableAlerts } from '../../../../src/application/alerts/raise-borrowable-alerts.js';
import { RefreshBorrowAvailability } from '../../../../src/application/catalog/refresh-borrow-availability.js';
import type { BecameBorrowable } from '../../../../src/domain/alerts/borrowable-alert.js';
import { FakeClock } from '../../../support/fakes/fake-clock.js';
import { FakeLendingAvailabilitySource } from '../../../support/fakes/fake-lending-availability-source.js';
import { FakeLogSink } from '../../../support/fakes/fake-log-sink.js';
import { FakeUnitOfWork } from '../../../support/fakes/fake-unit-of-work.js';
import { InMemoryAlertRepository } from '../../../support/fakes/in-memory-alert-repository.js';
import { InMemoryBorrowAvailabilityRepository } from '../../../support/fakes/in-memory-borrow-availability-repository.js';
import { InMemoryBorrowableAlertDetector } from '../../../support/fakes/in-memory-borrowable-alert-detector.js';
import { channelScheduling } from '../../../support/fakes/in-memory-channel-deliveries.js';
import { firstPage } from '../../../support/mothers/page.js';

const DAY_MS = 24 * 3600 * 1000;
const ISBN_A = '9780000000011';
const ISBN_B = '9780000000028';
const PAGE = 'https://openlibrary.org/books/OL2M/borrow';
const [ANN, BOB, CY] = [5, 6, 7];

function world() {
  const clock = new FakeClock();
  const borrows = new InMemoryBorrowAvailabilityRepository();
  const lender = new FakeLendingAvailabilitySource();
  const logs = new FakeLogSink();
  const uow = new FakeUnitOfWork();
  const alerts = new InMemoryAlertRepository();
  const detector = new InMemoryBorrowableAlertDetector(alerts, () => clock.now());
  const channels = channelScheduling();
  // Ann's webhook names the kind; her ntfy topic takes the default four only.
  channels.directory.routes.push(
    { channelId: 1, userId: ANN, kind: 'webhook', alertKinds: ['borrowable'], delivery: 'immediate', target: 'https://hooks.example/a' },
    { channelId: 2, userId: ANN, kind: 'ntfy', alertKinds: ['below_max_price', 'price_drop', 'new_lowest', 'back_in_stock'], delivery: 'immediate', target: 'https://ntfy.example/t' },
  );
  const raise = new RaiseBorrowableAlerts(detector, channels.schedule, new DeliverAlerts(logs, clock), uow);
  const policy = { enabled: true, refreshAfterSeconds: 24 * 3600 };
  const refresh = new RefreshBorrowAvailability(borrows, lender, policy, logs, clock, uow, raise);
  // Book 1 (two editions) is wished by Ann and Bob (monitored) and by Cy (not monitored); book 2 by Ann.
  borrows.addBook(1, [ISBN_A, ISBN_B]);
  borrows.addBook(2, ['9780000000035']);
  detector.addBook(1, 'Dune', [{ editionId: 11, isbn13: ISBN_A }, { editionId: 12, isbn13: ISBN_B }]).addBook(2, 'Emma');
  for (const [wishId, userId, bookId, isMonitored] of [[31, ANN, 1, true], [32, BOB, 1, true], [33, CY, 1, false], [34, ANN, 2, true]] as const) {
    borrows.addWish(bookId);
    detector.addWish({ wishId, userId, bookId, isMonitored });
  }
  /** A day passes, so every book is due again. */
  const nextDay = () => clock.advance(DAY_MS + 1);
  return { clock, lender, logs, uow, alerts, detector, channels, refresh, nextDay };
}

describe('RefreshBorrowAvailability raising borrowable alerts', () => {
  it('raises nothing at a first check, even for a book that can be borrowed', async () => {
    const w = world();
    w.lender.lends(ISBN_B, PAGE);
    expect(await w.refresh.execute()).toMatchObject({ books: 2, available: 1, becameBorrowable: [] });
    expect(w.detector.asked).toEqual([]);
    expect(w.logs.named('alert_sent')).toEqual([]);
  });

  it('tells every monitored wish of a book that became borrowable, with the page and the lent edition, once', async () => {
    const w = world();
    w.lender.holdsOnly(ISBN_A);
    await w.refresh.execute();
    w.nextDay();
    w.lender.lends(ISBN_B, PAGE);

    expect(await w.refresh.execute()).toMatchObject({ becameBorrowable: [1] });

    const became: BecameBorrowable = { bookId: 1, url: PAGE, isbn13: ISBN_B };
    expect(w.detector.asked).toEqual([[became]]);
    expect(w.detector.raised.map((a) => [a.userId, a.wishId, a.kind, a.editionId, a.storeId, a.amount, a.url])).toEqual([
      [ANN, 31, 'borrowable', 12, null, null, PAGE],
      [BOB, 32, 'borrowable', 12, null, null, PAGE],
    ]);
    // One transaction for the check and its alerts; the in-app deliveries logged after it, without a threshold.
    expect(w.uow.committed).toBe(2);
    expect(w.logs.named('alert_sent').map((e) => e.detail)).toEqual([
      { user_id: ANN, book_id: 1, channel: 'in_app', threshold: null },
      { user_id: BOB, book_id: 1, channel: 'in_app', threshold: null },
    ]);
    // Ann's webhook names the kind and gets one message; her ntfy topic with the default kinds gets none.
    expect(w.channels.queue.queued).toHaveLength(1);
    const [queued] = w.channels.queue.queued;
    expect(queued).toMatchObject({ channelId: 1, userId: ANN, bookId: 1, threshold: null });
    expect(queued!.message).toMatchObject({
      reasons: ['borrowable'],
      book: { bookId: 1, title: 'Dune' },
      store: null,
      url: PAGE,
      alert: { kind: 'borrowable', wishId: 31, editionId: 12, storeId: null, amount: null, currency: null, previousAmount: null },
    });
    expect(queued!.message.idempotencyKey).toBe(`shelfwatch-a${w.detector.raised[0]!.alertId}-c1`);

    // The next check changes nothing: nothing more is raised.
    w.nextDay();
    expect(await w.refresh.execute()).toMatchObject({ becameBorrowable: [] });
    expect(w.detector.raised).toHaveLength(2);
    expect(w.channels.queue.queued).toHaveLength(1);
  });

  it('is news again when the book goes on loan and comes back', async () => {
    const w = world();
    w.lender.holdsOnly(ISBN_A);
    await w.refresh.execute();
    for (const lent of [true, false, true]) {
      w.nextDay();
      if (lent) w.lender.lends(ISBN_A, PAGE);
      else w.lender.holdsOnly(ISBN_A);
      await w.refresh.execute();
    }
    expect(w.detector.asked.map((books) => books.map((b) => [b.bookId, b.isbn13]))).toEqual([[[1, ISBN_A]], [[1, ISBN_A]]]);
    expect((await w.alerts.page(ANN, {}, firstPage(10))).items.map((a) => [a.kind, a.editionId])).toEqual([
      ['borrowable', 11],
      ['borrowable', 11],
    ]);
  });

  it('raises nothing and logs no delivery when the transaction that stores the check rolls back', async () => {
    const w = world();
    w.lender.holdsOnly(ISBN_A);
    await w.refresh.execute();
    w.nextDay();
    w.lender.lends(ISBN_A, PAGE);
    w.channels.queue.enqueue = async () => {
      throw new Error('queue down');
    };
    await expect(w.refresh.execute()).rejects.toThrow('queue down');
    expect(w.uow.rolledBack).toBe(1);
    expect(w.logs.named('alert_sent')).toEqual([]);
    expect(w.logs.named('borrow_checked')).toHaveLength(1);
  });
});
