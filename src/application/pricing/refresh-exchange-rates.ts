import { inject, injectable } from 'inversify';
import { addDays, validateRateDays } from '../../domain/pricing/exchange-rates.js';
import { exchangeRatesRefused, exchangeRatesUpdated, type RatesRefusal } from '../../domain/logging/exchange-rate-events.js';
import { ValidationError } from '../../domain/shared/domain-error.js';
import { LogSink } from '../logging/log-sink.js';
import { Clock } from '../shared/clock.js';
import { ExchangeRateSource, type RatesPublication } from './ports/exchange-rate-source.js';
import { ExchangeRateStore } from './ports/exchange-rate-store.js';

/**
 * The rates are published on working days; the longest regular gap (Good Friday to Easter Monday) leaves the newest
 * day five days behind. A newest day older than that is a publication that stopped: stored, it would pass as fresh.
 */
export const RATES_LATE_AFTER_DAYS = 5;

/** When the newest day kept is this far behind, the recent history is asked for instead of the latest day. */
const HISTORY_WHEN_BEHIND_DAYS = 3;

export type RatesRefresh =
  | { outcome: 'updated'; publication: RatesPublication; dayCount: number; newestDay: string }
  | { outcome: 'refused'; publication: RatesPublication; reason: RatesRefusal; message: string };

/**
 * Fetches the reference exchange rates and keeps them per day (C11.4). On a first start it loads the recent history,
 * so prices convert on day one. A publication that is missing, unreadable, invalid or late changes no rate stored and
 * logs one event. Either way what it did is kept for the rates' health (GetExchangeRatesHealth).
 */
@injectable()
export class RefreshExchangeRates {
  constructor(
    @inject(ExchangeRateSource) private readonly source: ExchangeRateSource,
    @inject(ExchangeRateStore) private readonly store: ExchangeRateStore,
    @inject(LogSink) private readonly logs: LogSink,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(): Promise<RatesRefresh> {
    const today = this.clock.now().toISOString().slice(0, 10);
    const kept = await this.store.latestDay();
    const publication: RatesPublication = kept === null || kept < addDays(today, -HISTORY_WHEN_BEHIND_DAYS) ? 'history' : 'latest';
    const answer = await this.source.fetchRates(publication);
    if (answer.kind === 'refused') return this.refused(publication, answer.reason, answer.message);
    try {
      validateRateDays(answer.days);
    } catch (error) {
      if (error instanceof ValidationError) return this.refused(publication, 'invalid', error.message);
      throw error;
    }
    const newestDay = answer.days.map(({ day }) => day).reduce((newest, day) => (day > newest ? day : newest));
    if (newestDay > today) return this.refused(publication, 'invalid', `the newest day ${newestDay} is after today ${today}`);
    if (newestDay < addDays(today, -RATES_LATE_AFTER_DAYS)) {
      return this.refused(publication, 'late', `the newest day ${newestDay} is more than ${RATES_LATE_AFTER_DAYS} days before today ${today}`);
    }
    await this.store.saveDays(answer.days);
    await this.store.recordRefresh({ at: this.clock.now(), outcome: 'updated', reason: null, message: null, newestDay });
    const newest = answer.days.find(({ day }) => day === newestDay)!;
    this.logs.record(exchangeRatesUpdated({ day_count: answer.days.length, currency_count: newest.perEuro.size, newest_day: newestDay }, this.clock.now()));
    return { outcome: 'updated', publication, dayCount: answer.days.length, newestDay };
  }

  private async refused(publication: RatesPublication, reason: RatesRefusal, message: string): Promise<RatesRefresh> {
    await this.store.recordRefresh({ at: this.clock.now(), outcome: 'refused', reason, message, newestDay: null });
    this.logs.record(exchangeRatesRefused({ reason, message, publication }, this.clock.now()));
    return { outcome: 'refused', publication, reason, message };
  }
}
