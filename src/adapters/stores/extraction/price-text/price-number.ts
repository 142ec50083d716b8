import { Money } from '../../../../domain/shared/money.js';

/**
 * One written number to a plain decimal ("1.234,56" → "1234.56"), by the separator rules of price-text.ts.
 * Null when the grouping makes no sense ("1.23.4") or the reading is a guess ("1,250" for a three-decimal currency).
 */

const ZERO_CENTS = /[.,:][-–—]{1,2}$/;
const SPACED_GROUPS = /^\d{1,3}(?:[ '’]\d{3})+(?:[.,]\d+)?$/;
/** Lakh grouping ("1,23,456"), only for the currencies of South Asia, where it is the custom. */
const INDIAN_GROUPS = /^\d{1,2}(?:,\d{2})+,\d{3}$/;
const INDIAN_GROUPING_CURRENCIES = new Set(['INR', 'PKR', 'NPR', 'LKR', 'BDT']);
const MAX_INTEGER_DIGITS = 12;
/** ISO 4217 gives them two minor digits, but their shops show whole amounts ("12.990 Ft", "Rp 150.000", "$ 45.900"). */
const NO_MINOR_UNITS_IN_PRACTICE = new Set(['HUF', 'IDR', 'COP']);

function validGroups(integer: string, separator: string, currency: string | null): boolean {
  if (separator === ',' && currency !== null && INDIAN_GROUPING_CURRENCIES.has(currency) && INDIAN_GROUPS.test(integer)) {
    return true;
  }
  const groups = integer.split(separator);
  return groups.every((group, i) => (i === 0 ? group.length >= 1 && group.length <= 3 : group.length === 3));
}

/** Whether a token is written with a separator or grouping, i.e. could be an amount rather than a count. */
export function hasSeparator(token: string): boolean {
  return /[.,' ’]/.test(token.replace(ZERO_CENTS, ''));
}

export function decimalOf(written: string, currency: string | null, machineReadable: boolean): string | null {
  const token = written.replace(ZERO_CENTS, ''); // "18,-": a dash for zero cents
  if (/^[.,]\d+$/.test(token)) return `0.${token.slice(1)}`; // ".75", ",75"
  if (!/^\d/.test(token)) return null;
  const spaced = /[ '’]/.test(token);
  if (spaced && !SPACED_GROUPS.test(token)) return null;
  const compact = token.replace(/[ '’]/g, '');
  const dots = compact.split('.').length - 1;
  const commas = compact.split(',').length - 1;
  let integer: string;
  let fraction = '';
  if (dots > 0 && commas > 0) {
    const decimal = compact.lastIndexOf('.') > compact.lastIndexOf(',') ? '.' : ',';
    const thousands = decimal === '.' ? ',' : '.';
    const [intPart = '', fracPart = '', extra] = compact.split(decimal);
    if (spaced || extra !== undefined || !validGroups(intPart, thousands, currency)) return null;
    integer = intPart.split(thousands).join('');
    fraction = fracPart;
  } else if (dots + commas > 0) {
    const separator = dots > 0 ? '.' : ',';
    const parts = compact.split(separator);
    const [intPart = '', fracPart = ''] = parts;
    if (parts.length > 2) {
      if (spaced || !validGroups(compact, separator, currency)) return null;
      integer = parts.join('');
    } else if (fracPart.length !== 3 || spaced || /^0+$/.test(intPart) || intPart.length > 3) {
      // Four digits or more before it: no thousands grouping ("1200.000" is 1200, never 1200000).
      integer = intPart;
      fraction = fracPart;
    } else if (currency !== null && Money.minorDigits(currency) >= 3) {
      // "1.250 KWD" is one dinar and a quarter; "1,250 KWD" may be that or 1250 (English grouping): no guess.
      if (separator === ',') return null;
      integer = intPart;
      fraction = fracPart;
    } else if (currency !== null && Money.minorDigits(currency) === 0) {
      // A currency without minor units has no decimals to write: "$3.340" CLP and "¥1.200" are 3340 and 1200, in
      // machine values too (3.34 CLP cannot be).
      integer = intPart + fracPart;
    } else if (machineReadable && separator === '.') {
      // "12.990" HUF: 12.99 by the machine rule, but the stores of these currencies write no minor units in
      // practice, so it may as well be 12990: no guess.
      if (currency !== null && NO_MINOR_UNITS_IN_PRACTICE.has(currency)) return null;
      integer = intPart;
      fraction = fracPart;
    } else {
      integer = intPart + fracPart; // "1.500 €", "1,500": thousands
    }
  } else {
    integer = compact;
  }
  integer = integer.replace(/^0+(?=\d)/, '');
  if (integer.length > MAX_INTEGER_DIGITS) return null;
  return fraction === '' ? integer : `${integer}.${fraction}`;
}

/**
 * Applies the currency's minor digits ("18.1" EUR → "18.10", "18.0900" → "18.09"); null when it cannot be represented.
 * More decimals than the currency has (a backend's unrounded "71.910401", float noise "18.090000000000003") are read
 * to the minor unit only when at least two digits are in excess and the value lies within a tenth of a minor unit of
 * the rounded amount (the first excess digit is 0 or 9): "71.910401" EUR is 71.91, "71.919999" is 71.92, but
 * "12.345", "34.992001" and "71.915" are refused — rounding them would change an amount the page states.
 */
export function normalise(decimal: string, currency: string | null): string | null {
  if (currency === null) return decimal;
  let value = decimal;
  const digits = Money.minorDigits(currency);
  const dot = value.indexOf('.');
  if (dot >= 0) {
    let fraction = value.slice(dot + 1);
    while (fraction.length > digits && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
    value = fraction === '' ? value.slice(0, dot) : `${value.slice(0, dot)}.${fraction}`;
    if (fraction.length >= digits + 2) {
      const rounded = roundedWhenClean(value.slice(0, dot), fraction, digits);
      if (rounded === null) return null;
      value = rounded;
    }
  }
  try {
    return Money.parse(value, currency).amount;
  } catch {
    return null;
  }
}

/** `integer.fraction` to `digits` decimals when the excess is within a tenth of a minor unit (see normalise). */
function roundedWhenClean(integer: string, fraction: string, digits: number): string | null {
  const excess = fraction[digits];
  if (excess !== '0' && excess !== '9') return null;
  const scaled = BigInt(integer + fraction.slice(0, digits)) + (excess === '9' ? 1n : 0n);
  const text = scaled.toString().padStart(digits + 1, '0');
  return digits === 0 ? text : `${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** A decimal without leading or trailing zeros, to compare amounts written differently ("18.090" and "18.09"). */
export function canonical(decimal: string): string {
  const [integer = '', fraction = ''] = decimal.split('.');
  const whole = integer.replace(/^0+(?=\d)/, '');
  const cents = fraction.replace(/0+$/, '');
  return cents === '' ? whole : `${whole}.${cents}`;
}

/** Compares two decimals by value. */
export function compareDecimals(a: string, b: string): number {
  const [ai = '', af = ''] = canonical(a).split('.');
  const [bi = '', bf = ''] = canonical(b).split('.');
  if (ai.length !== bi.length) return ai.length - bi.length;
  if (ai !== bi) return ai < bi ? -1 : 1;
  const width = Math.max(af.length, bf.length);
  const x = af.padEnd(width, '0');
  const y = bf.padEnd(width, '0');
  return x === y ? 0 : x < y ? -1 : 1;
}
