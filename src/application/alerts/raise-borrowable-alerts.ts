import { inject, injectable } from 'inversify';
import type { BecameBorrowable } from '../../domain/alerts/borrowable-alert.js';
import { UnitOfWork } from '../shared/unit-of-work.js';
import { DeliverAlerts } from './deliver-alerts.js';
import type { NewUserAlert } from './ports/alert-detector.js';
import { BorrowableAlertDetector } from './ports/borrowable-alert-detector.js';
import { ScheduleChannelMessages } from './schedule-channel-messages.js';

/**
 * The `borrowable` alerts of books that just became borrowable, as one step of the transaction that stores the
 * lending check (RefreshBorrowAvailability calls it, as pricing calls RaiseAlerts): the detector creates them, their
 * channel messages (one per alert, to the channels that name the kind) are planned in the same transaction, and the
 * in-app deliveries are logged once it has committed.
 */
@injectable()
export class RaiseBorrowableAlerts {
  constructor(
    @inject(BorrowableAlertDetector) private readonly detector: BorrowableAlertDetector,
    @inject(ScheduleChannelMessages) private readonly channelMessages: ScheduleChannelMessages,
    @inject(DeliverAlerts) private readonly deliver: DeliverAlerts,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  /** Inside the caller's transaction. */
  async execute(books: readonly BecameBorrowable[]): Promise<NewUserAlert[]> {
    if (books.length === 0) return [];
    const alerts = await this.detector.alertsForBooks(books);
    await this.channelMessages.execute(alerts);
    this.uow.afterCommit(() => this.deliver.execute(alerts));
    return alerts;
  }
}
