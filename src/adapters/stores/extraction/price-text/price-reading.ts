import { CONTRADICTION, resolveSigns, UNRESOLVED } from './currency-signs.js';
import { findAmounts, type Amount } from './price-amounts.js';
import { canonical, compareDecimals, decimalOf, hasSeparator, normalise } from './price-number.js';
import type { Token } from './price-tokens.js';
import { COMPARISON, INSTALMENTS } from './price-words.js';

/**
 * The price of a text, once its numbers have roles (price-amounts.ts). Prices with a currency sign win over numbers
 * without one, but a signless number that looks like an amount ("20,00") beside a different price is doubt, and
 * doubt is no answer. Different prices, ranges and "from" prices (unless the lowest is asked for), bounds, old
 * prices and instalments are no answer either.
 */

export interface ReadOptions {
  hint: string | null;
  machineReadable: boolean;
  rangeLowest: boolean;
}

export interface Reading {
  amount: string;
  currency: string | null;
}

export function readPrice(text: string, tokens: Token[], options: ReadOptions): Reading | null {
  if (INSTALMENTS.test(text)) return null;
  const amounts = findAmounts(text, tokens);
  if (amounts === null || amounts.length === 0) return null;
  return choose(text, amounts, options);
}

interface Read {
  amount: Amount;
  currency: string | null;
  decimal: string;
}

function choose(text: string, amounts: Amount[], options: ReadOptions): Reading | null {
  if (amounts.some((amount) => amount.role === 'bound')) return null;
  for (const amount of amounts) {
    const partner = amount.partner;
    if (amount.role === 'range' && partner !== undefined && amount.signs.length === 0) amount.signs = partner.signs;
  }
  const priceLike = amounts.filter((a) => a.role === 'price' || a.role === 'from' || a.role === 'range');
  const marked = priceLike.filter((a) => a.signs.length > 0);
  const unmarked = priceLike.filter((a) => a.signs.length === 0);
  const candidates = marked.length > 0 ? marked : unmarked;
  if (candidates.length === 0) return null;
  if (marked.length === 0 && !signlessReadingIsSafe(amounts)) return null;
  if (!options.rangeLowest && candidates.some((a) => a.role !== 'price')) return null;

  const reads: Read[] = [];
  for (const amount of candidates) {
    const read = readAmount(amount, options);
    if (read === null) return null;
    reads.push(read);
  }
  const lowest = options.rangeLowest ? lowestOfRanges(reads) : reads;
  if (lowest === null) return null;
  const [chosen, ...others] = lowest;
  if (chosen === undefined) return null;
  const key = (read: Read): string => `${read.currency ?? ''} ${canonical(read.decimal)}`;
  if (others.some((read) => key(read) !== key(chosen))) return null;

  if (marked.length > 0 && doubtfulUnmarked(text, unmarked, chosen, options)) return null;
  if (savingExceeds(amounts, chosen, options)) return null;
  const amount = normalise(chosen.decimal, chosen.currency);
  return amount === null ? null : { amount, currency: chosen.currency };
}

function readAmount(amount: Amount, options: ReadOptions): Read | null {
  let currency: string | null = options.hint;
  if (amount.signs.length > 0) {
    const resolved = resolveSigns(amount.signs, options.hint);
    if (resolved === CONTRADICTION) return null;
    // A sign we cannot tell: unknown currency, or no answer when the caller assumes a currency the text contradicts.
    if (resolved === UNRESOLVED && options.hint !== null) return null;
    currency = resolved === UNRESOLVED ? null : resolved;
  }
  const decimal = decimalOf(amount.written, currency, options.machineReadable);
  if (decimal === null) return null;
  return normalise(decimal, currency) === null ? null : { amount, currency, decimal };
}

/** Each range read as its lower end; null when a range runs downwards or mixes currencies. */
function lowestOfRanges(reads: Read[]): Read[] | null {
  const result: Read[] = [];
  for (const read of reads) {
    const partner = read.amount.partner;
    if (read.amount.role !== 'range' || partner === undefined) {
      result.push(read);
      continue;
    }
    const other = reads.find((r) => r.amount === partner);
    if (other === undefined || other.currency !== read.currency) return null;
    const isLow = reads.indexOf(read) < reads.indexOf(other);
    const [low, high] = isLow ? [read, other] : [other, read];
    if (compareDecimals(low.decimal, high.decimal) > 0) return null;
    if (isLow) result.push(read);
  }
  return result;
}

/**
 * A price read without any currency sign: only when no number beside it was set aside by a guess ("1.88\" x 9 yd":
 * is 9 the price?) and no other amount of the text shows a sign ("Save £0.64 (21)%": the text writes its amounts
 * with signs, a bare number is no price).
 */
function signlessReadingIsSafe(amounts: Amount[]): boolean {
  return amounts.every((amount) => amount.signs.length === 0 && amount.guessed !== true);
}

/**
 * Numbers without a sign beside a price with one: a count ("Only 3 left") is no rival, but a number written like an
 * amount ("20,00") that differs from the price is; so is any other number when the text compares prices ("was").
 */
function doubtfulUnmarked(text: string, unmarked: Amount[], chosen: Read, options: ReadOptions): boolean {
  const comparing = COMPARISON.test(text);
  return unmarked.some((amount) => {
    if (!comparing && !hasSeparator(amount.written)) return false;
    const decimal = decimalOf(amount.written, chosen.currency, options.machineReadable);
    return decimal === null || compareDecimals(decimal, chosen.decimal) !== 0;
  });
}

/** A saving as large as the price is no saving beside it: the text is not what it seems. */
function savingExceeds(amounts: Amount[], chosen: Read, options: ReadOptions): boolean {
  return amounts.some((amount) => {
    if (amount.role !== 'saving') return false;
    const read = readAmount({ ...amount, signs: amount.signs.length > 0 ? amount.signs : chosen.amount.signs }, options);
    if (read === null) return false;
    return read.currency === chosen.currency && compareDecimals(read.decimal, chosen.decimal) >= 0;
  });
}
