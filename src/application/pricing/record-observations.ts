import { inject, injectable } from 'inversify';
import type { NewDailyQuote, PriceQuote } from '../../domain/pricing/price-quote.js';
import { ScheduleChannelMessages } from '../alerts/schedule-channel-messages.js';
import { UnitOfWork } from '../shared/unit-of-work.js';
import { DeliverAlerts } from './deliver-alerts.js';
import { AlertDetector, type NewUserAlert } from './ports/alert-detector.js';
import { PricingRepository } from './ports/pricing-repository.js';

/**
 * Stores new daily quotes, the alerts they trigger and the channel messages about those alerts in one transaction
 * (a message exists if and only if its alert does), then records the in-app deliveries. Channel messages are sent
 * by the queue's workers, never here: a slow mail server or webhook never slows a fetch or a request.
 */
@injectable()
export class RecordObservations {
  constructor(
    @inject(PricingRepository) private readonly pricing: PricingRepository,
    @inject(AlertDetector) private readonly detector: AlertDetector,
    @inject(ScheduleChannelMessages) private readonly channelMessages: ScheduleChannelMessages,
    @inject(DeliverAlerts) private readonly deliver: DeliverAlerts,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  async execute(quotes: readonly NewDailyQuote[]): Promise<PriceQuote[]> {
    if (quotes.length === 0) return [];
    const { stored, alerts } = await this.uow.transaction(() => this.storeInTransaction(quotes));
    this.deliverAlerts(alerts);
    return stored;
  }

  /** The quotes, their alerts and the alerts' channel messages, for a caller whose transaction also holds other work. */
  async storeInTransaction(quotes: readonly NewDailyQuote[]): Promise<{ stored: PriceQuote[]; alerts: NewUserAlert[] }> {
    if (quotes.length === 0) return { stored: [], alerts: [] };
    const stored = await this.pricing.addDailyQuotes(quotes);
    const alerts = await this.detector.alertsForQuotes(stored.map((q) => q.id));
    await this.channelMessages.execute(alerts);
    return { stored, alerts };
  }

  /** Records the in-app deliveries of alerts stored by storeInTransaction, once its transaction has committed. */
  deliverAlerts(alerts: readonly NewUserAlert[]): void {
    this.deliver.execute(alerts);
  }
}
