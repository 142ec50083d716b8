import { Money } from '../shared/money.js';
import { ValidationError } from '../shared/domain-error.js';

/*
 * Prices in the reader's currency (CONTRACT C11.4). Reference rates are published per day as units of a currency
 * per euro; any other pair is a cross rate through the euro. Every amount is computed in integers from decimal
 * strings, so the SQL that ranks converted prices (numeric arithmetic) and this code give the same cents: the case
 * table in test/contracts/rules/currency-conversion.ts holds the two equal.
 */

/** A cross rate carries this many decimals: 1,000,000.00 in any pair the reference rates list is right to the cent. */
export const RATE_DECIMALS = 8;

/** A rate older than this, counted from the quote's day, is not used: the quote stays out rather than mislead. */
export const RATE_MAX_AGE_DAYS = 7;

/** The currency the reference rates are quoted against. */
export const RATE_BASE_CURRENCY = 'EUR';

/** One publication day of reference rates: units of each currency per euro, as decimal strings. */
export interface ReferenceRateDay {
  /** YYYY-MM-DD. */
  day: string;
  perEuro: ReadonlyMap<string, string>;
}

/** A conversion as C11.4 reports it: the converted money, the rate used and the day it was published. */
export interface ConvertedPrice {
  price: Money;
  /** Units of the target currency per unit of the quote's, RATE_DECIMALS decimals. */
  rate: string;
  rateDay: string;
}

const DECIMAL = /^\d{1,12}(?:\.\d{1,12})?$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A positive decimal rate as the reference rates state it; refuses zero, signs, exponents and empty text. */
export function isRateText(text: string): boolean {
  return DECIMAL.test(text) && /[1-9]/.test(text);
}

export function isRateDay(text: string): boolean {
  if (!DAY.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}

/**
 * Units of `to` per unit of `from` on a day, through the euro, rounded half up to RATE_DECIMALS decimals; null when
 * the day lists either currency not.
 */
export function crossRate(rates: ReferenceRateDay, from: string, to: string): string | null {
  const fromPerEuro = perEuro(rates, from);
  const toPerEuro = perEuro(rates, to);
  if (fromPerEuro === null || toPerEuro === null) return null;
  return ratio(toPerEuro, fromPerEuro);
}

/** `numerator / denominator` of two positive decimal strings, half up to RATE_DECIMALS decimals. */
export function ratio(numerator: string, denominator: string): string {
  const a = scaled(numerator);
  const b = scaled(denominator);
  // (A / 10^da) / (B / 10^db) × 10^RATE_DECIMALS = A × 10^(db + RATE_DECIMALS) / (B × 10^da)
  const top = a.units * 10n ** BigInt(b.decimals + RATE_DECIMALS);
  const bottom = b.units * 10n ** BigInt(a.decimals);
  return decimalText(roundHalfUp(top, bottom), RATE_DECIMALS);
}

/** The price in `to` at `rate` (units of `to` per unit of the price's currency), half up to `to`'s minor unit. */
export function convert(price: Money, to: string, rate: string): Money {
  const r = scaled(rate);
  const fromDigits = Money.minorDigits(price.currency);
  const toDigits = Money.minorDigits(to);
  // minor_to = minor_from × rate × 10^(toDigits − fromDigits)
  const top = price.toMinor() * r.units * 10n ** BigInt(toDigits);
  const bottom = 10n ** BigInt(r.decimals + fromDigits);
  return Money.fromMinor(roundHalfUp(top, bottom), to);
}

/**
 * The rate day a quote of `quoteDay` is converted at: the latest published day not after it and at most
 * RATE_MAX_AGE_DAYS before it; null when none qualifies. `days` in any order.
 */
export function rateDayFor(quoteDay: string, days: readonly string[]): string | null {
  const oldest = addDays(quoteDay, -RATE_MAX_AGE_DAYS);
  let chosen: string | null = null;
  for (const day of days) {
    if (day <= quoteDay && day >= oldest && (chosen === null || day > chosen)) chosen = day;
  }
  return chosen;
}

/** Converts a quote of `quoteDay` into `to` with the rates at hand; null when no usable rate lists both currencies. */
export function convertOnDay(price: Money, to: string, quoteDay: string, days: readonly ReferenceRateDay[]): ConvertedPrice | null {
  const byDay = new Map(days.map((rates) => [rates.day, rates]));
  const usable = days.filter((rates) => perEuro(rates, price.currency) !== null && perEuro(rates, to) !== null).map((rates) => rates.day);
  const day = rateDayFor(quoteDay, usable);
  if (day === null) return null;
  const rate = crossRate(byDay.get(day)!, price.currency, to)!;
  return { price: convert(price, to, rate), rate, rateDay: day };
}

/**
 * Checks a parsed publication before anything is stored: currency codes of ISO 4217's shape, positive rates, real
 * days. A well-formed code this build does not know yet is kept (the publisher's list moves first); no price is in it.
 */
export function validateRateDays(days: readonly ReferenceRateDay[]): void {
  if (days.length === 0) throw new ValidationError('The reference rates list no day', [{ field: 'rates', message: 'no day' }]);
  for (const { day, perEuro: rates } of days) {
    if (!isRateDay(day)) throw new ValidationError(`Not a day: ${day}`, [{ field: 'time', message: 'must be YYYY-MM-DD' }]);
    if (rates.size === 0) throw new ValidationError(`No rate on ${day}`, [{ field: 'rates', message: `no rate on ${day}` }]);
    for (const [currency, rate] of rates) {
      if (!/^[A-Z]{3}$/.test(currency) || currency === RATE_BASE_CURRENCY) {
        throw new ValidationError(`Not a currency code: ${currency} on ${day}`, [{ field: 'currency', message: `${currency} is not an ISO 4217 code` }]);
      }
      if (!isRateText(rate)) throw new ValidationError(`Rate ${rate} for ${currency} on ${day}`, [{ field: 'rate', message: 'must be a positive decimal' }]);
    }
  }
}

export function addDays(day: string, count: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + count);
  return date.toISOString().slice(0, 10);
}

function perEuro(rates: ReferenceRateDay, currency: string): string | null {
  return currency === RATE_BASE_CURRENCY ? '1' : (rates.perEuro.get(currency) ?? null);
}

function scaled(text: string): { units: bigint; decimals: number } {
  const [whole, fraction = ''] = text.split('.');
  return { units: BigInt(`${whole}${fraction}`), decimals: fraction.length };
}

/** numerator / denominator for non-negative integers, halves rounded up (as PostgreSQL's numeric round does). */
function roundHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (2n * numerator + denominator) / (2n * denominator);
}

function decimalText(units: bigint, decimals: number): string {
  const text = units.toString().padStart(decimals + 1, '0');
  return `${text.slice(0, -decimals)}.${text.slice(-decimals)}`;
}
