// Amounts as the demonstration stores show them. Structured markup keeps the plain decimal amount ("18.09");
// the visible text follows the store's locale ("€18.09", "£18.09", "18,09 €").

/** ISO 4217 currencies without minor units that a store may price in. */
const ZERO_DECIMAL_CURRENCIES = new Set(['JPY', 'KRW', 'ISK', 'CLP', 'VND']);

const SYMBOLS: Record<string, string> = { EUR: '€', GBP: '£', USD: '$', JPY: '¥', CAD: 'CA$', AUD: 'A$', SEK: 'kr' };

export type MoneyStyle = 'en' | 'de';

/** A plain decimal amount: digits with an optional dot and decimals. */
export function isPlainAmount(value: string): boolean {
  return /^\d{1,9}(\.\d{1,4})?$/.test(value);
}

export function decimalsOf(currency: string): number {
  return ZERO_DECIMAL_CURRENCIES.has(currency) ? 0 : 2;
}

/** Converts minor units (cents, or yen) to a plain decimal amount for the currency. */
export function amountFromMinorUnits(minor: number, currency: string): string {
  const decimals = decimalsOf(currency);
  if (decimals === 0) return String(minor);
  return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}

/** The visible price text, e.g. `€18.09` (en) or `18,09 €` (de). */
export function formatMoney(amount: string, currency: string, style: MoneyStyle): string {
  const decimals = decimalsOf(currency);
  const fixed = Number(amount).toFixed(decimals);
  const [whole = '0', fraction] = fixed.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, style === 'de' ? '.' : ',');
  const symbol = SYMBOLS[currency] ?? currency;
  if (style === 'de') return `${grouped}${fraction === undefined ? '' : `,${fraction}`} ${symbol}`;
  return `${symbol}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}

/** A plain decimal amount plus or minus some minor units, never below one minor unit. */
export function shiftAmount(amount: string, minorUnits: number, currency: string): string {
  const factor = 10 ** decimalsOf(currency);
  const minor = Math.max(1, Math.round(Number(amount) * factor) + minorUnits);
  return amountFromMinorUnits(minor, currency);
}
