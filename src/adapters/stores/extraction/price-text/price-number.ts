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
    } else if (fracPart.length !== 3 || spaced || /^0+$/.test(intPart)) {
      integer = intPart;
      fraction = fracPart;
    } else if (currency !== null && Money.minorDigits(currency) >= 3) {
      // "1.250 KWD" is one dinar and a quarter; "1,250 KWD" may be that or 1250 (English grouping): no guess.
      if (separator === ',') return null;
      integer = intPart;
      fraction = fracPart;
    } else if (machineReadable && separator === '.') {
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

/** Applies the currency's minor digits ("18.1" EUR → "18.10", "18.0900" → "18.09"); null when it cannot be represented. */
export function normalise(decimal: string, currency: string | null, machine = false): string | null {
  if (currency === null) return decimal;
  let value = decimal;
  const digits = Money.minorDigits(currency);
  const dot = value.indexOf('.');
  if (dot >= 0) {
    let fraction = value.slice(dot + 1);
    while (fraction.length > digits && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
    value = fraction === '' ? value.slice(0, dot) : `${value.slice(0, dot)}.${fraction}`;
    // Binary floating-point noise from a store's backend ("18.090000000000003"): round, but only machine values
    // and only when the excess is noise (many more digits, within a millionth of a minor unit).
    if (machine && fraction.length > digits + 4) {
      const rounded = Number(value).toFixed(digits);
      if (Math.abs(Number(rounded) - Number(value)) < 1e-6 * 10 ** -digits) value = rounded;
    }
  }
  try {
    return Money.parse(value, currency).amount;
  } catch {
    return null;
  }
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
