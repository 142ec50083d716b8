// Currency conversion (C11.4): which day's rate a quote is converted at, the cross rate through the euro, and the
// converted amount. Stated once in the domain (domain/pricing/exchange-rates.ts: convertOnDay, i.e. rateDayFor,
// crossRate, convert); the SQL that ranks converted prices runs sql-currency-conversion.ts: one quote's rate searched
// in reference_rate (rateSql, convertedMinorSql), and every day's rates from the calendar reference_rate_day that
// statements converting many quotes join (calendarRatesSql, byMinorFactorSql). Both play every case. Each case: the rates published (units per euro, by day), a quote's price and
// day, the currency it is converted into.
import type { RuleTable } from './rule-table.js';

export interface CurrencyConversionCase {
  name: string;
  /** Day (YYYY-MM-DD) → currency → units per euro, as published. */
  rates: Record<string, Record<string, string>>;
  /** "10.99 GBP". */
  price: string;
  quoteDay: string;
  to: string;
  /** What it comes to: "13.74 EUR at 1.25000000 of 2026-10-01"; null: no usable rate. */
  converted: string | null;
}

const DAY = '2026-10-01';

export const CURRENCY_CONVERSION: RuleTable<CurrencyConversionCase, string | null> = {
  rule: 'currency conversion',
  domain: 'convertOnDay (domain/pricing/exchange-rates.ts)',
  sql: 'rateSql and convertedMinorSql (sql-currency-conversion.ts)',
  expected: (c) => c.converted,
  cases: [
    { name: 'pounds into euros: 1 / units per euro', rates: { [DAY]: { GBP: '0.8' } }, price: '10.99 GBP', quoteDay: DAY, to: 'EUR', converted: `13.74 EUR at 1.25000000 of ${DAY}` },
    { name: 'euros into pounds: the units per euro', rates: { [DAY]: { GBP: '0.8571' } }, price: '10.00 EUR', quoteDay: DAY, to: 'GBP', converted: `8.57 GBP at 0.85710000 of ${DAY}` },
    { name: 'a cross rate through the euro', rates: { [DAY]: { GBP: '0.8', USD: '1.25' } }, price: '10.00 USD', quoteDay: DAY, to: 'GBP', converted: `6.40 GBP at 0.64000000 of ${DAY}` },
    { name: 'a rate rounds half up to 8 decimals', rates: { [DAY]: { USD: '1.0823', GBP: '0.83515' } }, price: '100.00 USD', quoteDay: DAY, to: 'GBP', converted: `77.16 GBP at 0.77164372 of ${DAY}` },
    { name: 'a rate with 9 or more decimals to round', rates: { [DAY]: { GBP: '0.86' } }, price: '20.00 GBP', quoteDay: DAY, to: 'EUR', converted: `23.26 EUR at 1.16279070 of ${DAY}` },
    { name: 'an amount rounds half up to the cent', rates: { [DAY]: { USD: '1.6' } }, price: '0.04 USD', quoteDay: DAY, to: 'EUR', converted: `0.03 EUR at 0.62500000 of ${DAY}` },
    { name: 'under half a cent rounds down', rates: { [DAY]: { USD: '1.6' } }, price: '0.03 USD', quoteDay: DAY, to: 'EUR', converted: `0.02 EUR at 0.62500000 of ${DAY}` },
    { name: 'into a currency without minor digits', rates: { [DAY]: { JPY: '162.5' } }, price: '12.99 EUR', quoteDay: DAY, to: 'JPY', converted: `2111 JPY at 162.50000000 of ${DAY}` },
    { name: 'from a currency without minor digits', rates: { [DAY]: { JPY: '160' } }, price: '1500 JPY', quoteDay: DAY, to: 'EUR', converted: `9.38 EUR at 0.00625000 of ${DAY}` },
    { name: 'into a currency with three minor digits', rates: { [DAY]: { KWD: '0.3321' } }, price: '10.00 EUR', quoteDay: DAY, to: 'KWD', converted: `3.321 KWD at 0.33210000 of ${DAY}` },
    { name: 'a large amount stays exact', rates: { [DAY]: { HUF: '395.37' } }, price: '999999999.99 EUR', quoteDay: DAY, to: 'HUF', converted: `395369999996.05 HUF at 395.37000000 of ${DAY}` },
    { name: 'a day without rates takes the latest earlier day', rates: { '2026-09-28': { GBP: '0.8' }, '2026-10-05': { GBP: '0.5' } }, price: '1.00 GBP', quoteDay: '2026-10-04', to: 'EUR', converted: '1.25 EUR at 1.25000000 of 2026-09-28' },
    { name: 'a rate 7 days old is used', rates: { '2026-09-24': { GBP: '0.8' } }, price: '1.00 GBP', quoteDay: DAY, to: 'EUR', converted: '1.25 EUR at 1.25000000 of 2026-09-24' },
    { name: 'a rate 8 days old is not', rates: { '2026-09-23': { GBP: '0.8' } }, price: '1.00 GBP', quoteDay: DAY, to: 'EUR', converted: null },
    { name: 'a rate published after the quote’s day is not used', rates: { '2026-10-02': { GBP: '0.8' } }, price: '1.00 GBP', quoteDay: DAY, to: 'EUR', converted: null },
    { name: 'a currency the rates do not list: none', rates: { [DAY]: { GBP: '0.8' } }, price: '1.00 USD', quoteDay: DAY, to: 'EUR', converted: null },
    { name: 'a cross rate takes the latest day listing both', rates: { '2026-09-29': { GBP: '0.8', USD: '1.6' }, '2026-09-30': { GBP: '0.9' } }, price: '10.00 USD', quoteDay: DAY, to: 'GBP', converted: '5.00 GBP at 0.50000000 of 2026-09-29' },
  ],
};
