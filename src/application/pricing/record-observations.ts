import { inject, injectable } from 'inversify';
import type { NewDailyQuote, PriceQuote } from '../../domain/pricing/price-quote.js';
import { RaiseAlerts } from '../alerts/raise-alerts.js';
import { UnitOfWork } from '../shared/unit-of-work.js';
import { PricingRepository } from './ports/pricing-repository.js';

/**
 * Stores new daily quotes and raises their alerts (RaiseAlerts: the alerts and their channel messages) in one
 * transaction; the in-app deliveries follow its commit by themselves. Channel messages are sent by the queue's
 * workers, never here: a slow mail server or webhook never slows a fetch or a request.
 */
@injectable()
export class RecordObservations {
  constructor(
    @inject(PricingRepository) private readonly pricing: PricingRepository,
    @inject(RaiseAlerts) private readonly alerts: RaiseAlerts,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  async execute(quotes: readonly NewDailyQuote[]): Promise<PriceQuote[]> {
    if (quotes.length === 0) return [];
    return this.uow.transaction(() => this.storeInTransaction(quotes));
  }

  /** The quotes and their alerts, for a caller whose transaction also holds other work. */
  async storeInTransaction(quotes: readonly NewDailyQuote[]): Promise<PriceQuote[]> {
    if (quotes.length === 0) return [];
    const stored = await this.pricing.addDailyQuotes(quotes);
    await this.alerts.execute(stored.map((q) => q.id));
    return stored;
  }
}
