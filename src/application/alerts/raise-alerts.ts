import { inject, injectable } from 'inversify';
import { UnitOfWork } from '../shared/unit-of-work.js';
import { DeliverAlerts } from './deliver-alerts.js';
import { AlertDetector, type NewUserAlert } from './ports/alert-detector.js';
import { ScheduleChannelMessages } from './schedule-channel-messages.js';

/**
 * The alerts new quotes raise, as one step of the transaction that stores the quotes: the detector creates and
 * records them, and their channel messages (one per quote per wish, C10.5) are planned in the same transaction, so a
 * message exists if and only if its alert does. Each alert's in-app delivery is logged once that transaction has
 * committed (the unit of work's after-commit hook): the caller only stores its quotes and calls this.
 */
@injectable()
export class RaiseAlerts {
  constructor(
    @inject(AlertDetector) private readonly detector: AlertDetector,
    @inject(ScheduleChannelMessages) private readonly channelMessages: ScheduleChannelMessages,
    @inject(DeliverAlerts) private readonly deliver: DeliverAlerts,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  /** Inside the caller's transaction: the quotes just stored, by id. */
  async execute(quoteIds: readonly number[]): Promise<NewUserAlert[]> {
    if (quoteIds.length === 0) return [];
    const alerts = await this.detector.alertsForQuotes(quoteIds);
    await this.channelMessages.execute(alerts);
    this.uow.afterCommit(() => this.deliver.execute(alerts));
    return alerts;
  }
}
