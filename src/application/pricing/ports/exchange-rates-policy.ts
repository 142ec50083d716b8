import type { ServiceIdentifier } from 'inversify';

/** Whether the reference rates are fetched at all (FX_RATES): the rates' health says so when they are not. */
export interface ExchangeRatesPolicy {
  enabled: boolean;
}
export const ExchangeRatesPolicy = Symbol.for('ExchangeRatesPolicy') as ServiceIdentifier<ExchangeRatesPolicy>;
