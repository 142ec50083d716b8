import type { ExchangeRateStore } from '../../../src/application/pricing/ports/exchange-rate-store.js';
import type { ReferenceRateDay } from '../../../src/domain/pricing/exchange-rates.js';
import type { RatesRefreshRecord } from '../../../src/domain/pricing/exchange-rates-health.js';

/** Rates per day in a map; a rate saved again for its day replaces the one kept, as the SQL store's upsert does. */
export class InMemoryExchangeRateStore implements ExchangeRateStore {
  private readonly days = new Map<string, ReferenceRateDay>();
  private refresh: RatesRefreshRecord | null = null;

  async saveDays(days: readonly ReferenceRateDay[]): Promise<void> {
    for (const day of days) this.days.set(day.day, { day: day.day, perEuro: new Map([...(this.days.get(day.day)?.perEuro ?? []), ...day.perEuro]) });
  }

  async latestDay(): Promise<string | null> {
    return [...this.days.keys()].sort().at(-1) ?? null;
  }

  async daysSince(since: string): Promise<ReferenceRateDay[]> {
    return [...this.days.values()].filter(({ day }) => day >= since).sort((a, b) => a.day.localeCompare(b.day));
  }

  async recordRefresh(refresh: RatesRefreshRecord): Promise<void> {
    this.refresh = { ...refresh };
  }

  async lastRefresh(): Promise<RatesRefreshRecord | null> {
    return this.refresh === null ? null : { ...this.refresh };
  }
}
