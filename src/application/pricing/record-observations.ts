import { inject, injectable } from 'inversify';
import type { NewDailyQuote, PriceQuote } from '../../domain/pricing/price-quote.js';
import { UnitOfWork } from '../shared/unit-of-work.js';
import { DeliverAlerts } from './deliver-alerts.js';
import { AlertDetector, type NewUserAlert } from './ports/alert-detector.js';
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
    const { stored, alerts } = await this.uow.transaction(() => this.storeInTransaction(quotes));
    // Outside the transaction: a slow mail server must not hold database locks.
    await this.deliver.execute(alerts);
    return stored;
  }

  /** The quotes and their alerts, for a caller whose transaction also holds other work; it delivers the alerts after. */
  async storeInTransaction(quotes: readonly NewDailyQuote[]): Promise<{ stored: PriceQuote[]; alerts: NewUserAlert[] }> {
    if (quotes.length === 0) return { stored: [], alerts: [] };
    const stored = await this.pricing.addDailyQuotes(quotes);
    return { stored, alerts: await this.detector.alertsForQuotes(stored.map((q) => q.id)) };
  }

  /** Delivers alerts stored by storeInTransaction, once its transaction has committed. */
  deliverAlerts(alerts: readonly NewUserAlert[]): Promise<void> {
    return this.deliver.execute(alerts);
  }
}
