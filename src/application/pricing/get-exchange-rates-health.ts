import { inject, injectable } from 'inversify';
import { exchangeRatesHealth, type ExchangeRatesHealth } from '../../domain/pricing/exchange-rates-health.js';
import { Clock } from '../shared/clock.js';
import { ExchangeRateStore } from './ports/exchange-rate-store.js';
import { ExchangeRatesPolicy } from './ports/exchange-rates-policy.js';

/** `GET /api/exchange-rates/health`: whether quotes in other currencies convert today, and if not, why. */
@injectable()
export class GetExchangeRatesHealth {
  constructor(
    @inject(ExchangeRateStore) private readonly store: ExchangeRateStore,
    @inject(ExchangeRatesPolicy) private readonly policy: ExchangeRatesPolicy,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(): Promise<ExchangeRatesHealth> {
    const newestDay = await this.store.latestDay();
    const [newest] = newestDay === null ? [] : await this.store.daysSince(newestDay);
    return exchangeRatesHealth({
      enabled: this.policy.enabled,
      newestDay,
      currencyCount: newest?.perEuro.size ?? 0,
      lastRefresh: await this.store.lastRefresh(),
      today: this.clock.now().toISOString().slice(0, 10),
    });
  }
}
