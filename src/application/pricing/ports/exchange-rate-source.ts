import type { ServiceIdentifier } from 'inversify';
import type { ReferenceRateDay } from '../../../domain/pricing/exchange-rates.js';

/** Which publication: the latest day, or the recent history (loaded on a first start so conversion works at once). */
export type RatesPublication = 'latest' | 'history';

export type RatesAnswer =
  | { kind: 'rates'; days: ReferenceRateDay[] }
  /** missing: no such file (404, 410); unreadable: not the expected document; unavailable: the source did not answer. */
  | { kind: 'refused'; reason: 'missing' | 'unreadable' | 'unavailable'; message: string };

/** Where reference exchange rates come from (the European Central Bank's daily publication). Never throws. */
export interface ExchangeRateSource {
  fetchRates(publication: RatesPublication): Promise<RatesAnswer>;
}
export const ExchangeRateSource = Symbol.for('ExchangeRateSource') as ServiceIdentifier<ExchangeRateSource>;
