import { inject, injectable } from 'inversify';
import type { NewDailyQuote, PriceQuote } from '../../domain/pricing/price-quote.js';
import { UnitOfWork } from '../shared/unit-of-work.js';
import { DeliverAlerts } from './deliver-alerts.js';
import { AlertDetector } from './ports/alert-detector.js';
import { PricingRepository } from './ports/pricing-repository.js';

/** Stores new daily quotes and the alerts they trigger in one transaction, then delivers the alerts. */
@injectable()
export class RecordObservations {
  constructor(
    @inject(PricingRepository) private readonly pricing: PricingRepository,
    @inject(AlertDetector) private readonly detector: AlertDetector,
    @inject(DeliverAlerts) private readonly deliver: DeliverAlerts,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  async execute(quotes: readonly NewDailyQuote[]): Promise<PriceQuote[]> {
    if (quotes.length === 0) return [];
    const { stored, alerts } = await this.uow.transaction(async () => {
      const stored = await this.pricing.addDailyQuotes(quotes);
      return { stored, alerts: await this.detector.alertsForQuotes(stored.map((q) => q.id)) };
    });
    // Outside the transaction: a slow mail server must not hold database locks.
    await this.deliver.execute(alerts);
    return stored;
  }
}
