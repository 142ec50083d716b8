import { isWordLetter, type SignMeaning } from './currency-signs.js';
import { hasSeparator } from './price-number.js';
import type { Token } from './price-tokens.js';
import {
  COUNT_BEFORE, DATE, DISCOUNT_BEFORE, FROM_AFTER, FROM_BEFORE, LABEL_BEFORE, MONTH_BEFORE,
  MULTIBUY_AFTER_COUNT, OLD_PRICE_BEFORE, RANGE_WORDS, SAVING_AFTER, SAVING_BEFORE, UNIT_AFTER, UNIT_PRICE_AFTER, UP_TO_AFTER, UP_TO_BEFORE,
} from './price-words.js';

/**
 * Which number of a price text is the price. Every number is read with the currency signs written right beside it
 * ("$1,190.00 AUD", "NZD $100.70"), then given a role:
 * - not an amount: percentages, dates, identifiers ("ISBN 978…", "Art.-Nr."), codes glued to letters ("MX924"),
 *   quantities ("2 items", "100 g"), amounts in a withdrawn currency shown beside the price ("25,41 лв.");
 * - a saving: a leading minus ("-5,00 €", "(-5,00 €)"), "Save $5", "$5 off" — never a price, never negative;
 * - a range ("12,99 – 15,99 €", "From 26 to 50 €") or a lowest price ("ab 12,99 €"): read only when the caller asks
 *   for the lowest;
 * - a bound ("up to $50", "$9.99 & under"), an old price ("Was $20", "statt 25 €"), an amount after "discount"
 *   (the saving or the discounted price?) or a price per weight or volume ("3,50 €/kg"): never the price, and all
 *   but the last make the whole text no answer;
 * - a price.
 * A multibuy ("2 for £10", "3 x 9,99 €") or a number cut in two ("$119. 95") makes the whole text no price.
 */

/** `bound`: a bound, an old price or an amount after "discount". */
export type Role = 'price' | 'from' | 'range' | 'saving' | 'bound' | 'unitPrice' | 'notAmount';

export interface Amount {
  /** Token index of the number; `first`/`last` span its signs too. */
  index: number;
  first: number;
  last: number;
  written: string;
  signs: SignMeaning[];
  role: Role;
  /** The other end of its range. */
  partner?: Amount;
  /** For a number taken for no amount: by a guess from its neighbourhood, not by its form or label. */
  guessed?: boolean;
}

const glued = (a: Token | undefined, b: Token | undefined): boolean => a !== undefined && b !== undefined && a.end === b.start;
const isWordOfSpacedScript = (token: Token | undefined): boolean => token?.kind === 'word' && isWordLetter(token.text[0]);
const OPENERS = new Set(['(', '[']);

/**
 * The numbers of a text with their signs and roles; null when the text as a whole is no price: a multibuy, or a
 * number cut in two.
 */
export function findAmounts(text: string, tokens: Token[]): Amount[] | null {
  const amounts = amountsOf(tokens);
  if (amounts.some((amount, i) => isMultibuy(text, tokens, amount, i < amounts.length - 1))) return null;
  if (tokens.some((token, i) => token.kind === 'number' && (isBroken(tokens, i) || mayBeCountAndPrice(text, token)))) return null;
  for (const amount of amounts) classifyAlone(text, tokens, amount);
  classifyInContext(text, tokens, amounts);
  return amounts;
}

/** Every number with the signs written right before or after it (a space, or ":" after a sign, may sit between). */
function amountsOf(tokens: Token[]): Amount[] {
  const amounts: Amount[] = [];
  tokens.forEach((token, index) => {
    if (token.kind !== 'number') return;
    const signs: SignMeaning[] = [];
    let first = index;
    let j = index - 1;
    let minus = false;
    if (tokens[j]?.kind === 'dash' && glued(tokens[j], token) && !(tokens[j - 1]?.kind === 'number' && glued(tokens[j - 1], tokens[j]))) {
      const beforeDash = tokens[j - 1]?.kind === 'space' ? tokens[j - 2] : tokens[j - 1];
      if (beforeDash?.kind === 'sign') {
        minus = true; // "€-5", "€ -5"
        j -= 1;
      }
    }
    if (tokens[j]?.text === ':' && tokens[j - 1]?.kind === 'sign') j -= 1; // "US$:12.99"
    if (tokens[j]?.kind === 'space' && tokens[j - 1]?.kind === 'sign') j -= 1;
    while (tokens[j]?.kind === 'sign') {
      signs.unshift(tokens[j]?.meaning ?? { codes: [], fallback: null });
      first = j;
      j -= 1;
      if (tokens[j]?.kind === 'space' && tokens[j - 1]?.kind === 'sign') j -= 1;
    }
    let last = index;
    j = index + 1;
    if (tokens[j]?.kind === 'space' && tokens[j + 1]?.kind === 'sign') j += 1;
    while (tokens[j]?.kind === 'sign') {
      signs.push(tokens[j]?.meaning ?? { codes: [], fallback: null });
      last = j;
      j += 1;
      if (tokens[j]?.kind === 'space' && tokens[j + 1]?.kind === 'sign') j += 1;
    }
    const role = signs.some((sign) => sign.withdrawn === true) ? 'notAmount' : minus ? 'saving' : 'price';
    amounts.push({ index, first, last, written: token.text, signs, role });
  });
  return amounts;
}

/**
 * A separator cut from its digits ("$119. 95", "118, 99 TL", "$..75"): the number's other half is elsewhere, so no
 * part of it can be read.
 */
function isBroken(tokens: Token[], index: number): boolean {
  const before = tokens[index - 1];
  const after = tokens[index + 1];
  const separator = (token: Token | undefined): boolean => token?.text === '.' || token?.text === ',';
  // "2025, 22,00 €" is a list; "118, 99" (two or three bare digits after the gap) is one number cut in two.
  const rest = tokens[index + 3];
  const cutAfter = separator(after) && glued(tokens[index], after) && tokens[index + 2]?.kind === 'space' && rest?.kind === 'number' && /^\d{2,3}$/.test(rest.text);
  return cutAfter || (separator(before) && glued(before, tokens[index]));
}

/** "Pack of 2 129,00 €": a count and a price, or 2129? */
function mayBeCountAndPrice(text: string, number: Token): boolean {
  return /^\d{1,3} /.test(number.text) && COUNT_BEFORE.test(text.slice(Math.max(0, number.start - 20), number.start));
}

/** "2 for £10", "3 x 9,99 €", "12x de R$ 44,00": a count of two or more before another amount. */
function isMultibuy(text: string, tokens: Token[], amount: Amount, hasNext: boolean): boolean {
  if (!hasNext || amount.signs.length > 0 || hasSeparator(amount.written) || Number(amount.written) < 2) return false;
  const end = tokens[amount.index]?.end ?? 0;
  return MULTIBUY_AFTER_COUNT.test(text.slice(end, end + 20));
}

/**
 * What a number is by itself and its neighbours. By its form or label, surely no amount: a percentage, a date, an
 * identifier ("ISBN 978…", "978-3-16-148410-0"). By its neighbourhood, probably none: a code glued to letters
 * ("MX924"), a ratio ("4/5"), a year after a month, a quantity ("2 items", "100g", 20.47''); such a guess is only
 * trusted beside a price that has a currency sign.
 */
function classifyAlone(text: string, tokens: Token[], amount: Amount): void {
  const number = tokens[amount.index];
  if (number === undefined || amount.role === 'notAmount') return;
  const before = tokens[amount.index - 1];
  const after = tokens[amount.index + 1];
  const marked = amount.signs.length > 0;
  const textBefore = text.slice(Math.max(0, number.start - 40), number.start);
  const textAfter = text.slice(number.end, number.end + 40);
  const surely =
    /^\s?\)?\s?[%％٪]/.test(textAfter) || // "20 %", "(21)%"
    (before?.kind === 'percent' && glued(before, number)) || // "%20"
    DATE.test(number.text) ||
    inChainOfThree(tokens, amount.index) ||
    LABEL_BEFORE.test(textBefore) ||
    /^97[89]\d{10}$/.test(number.text);
  const probably =
    (/^(?:19|20)\d\d$/.test(number.text) && MONTH_BEFORE.test(textBefore)) ||
    (glued(before, number) && isWordOfSpacedScript(before)) ||
    (before?.kind === 'dash' && glued(before, number) && glued(tokens[amount.index - 2], before) && isWordOfSpacedScript(tokens[amount.index - 2])) ||
    (!marked && isRatio(tokens, amount.index)) ||
    // A quantity never has a currency sign; a price followed by a word stays a price.
    (!marked && glued(number, after) && isWordOfSpacedScript(after)) ||
    (!marked && UNIT_AFTER.test(textAfter)) ||
    (!marked && /^\s?(?:''|["″′'])/.test(textAfter)); // inches and feet
  if (surely || probably) {
    amount.role = 'notAmount';
    amount.guessed = !surely;
  }
}

/** "978-3-16-148410-0", "2026-03-15", "03/15/2026": numbers joined by "-" or "/" in a chain of three or more. */
function inChainOfThree(tokens: Token[], index: number): boolean {
  let count = 1;
  for (let j = index; isJoint(tokens, j + 1) && tokens[j + 2]?.kind === 'number'; j += 2) count += 1;
  for (let j = index; isJoint(tokens, j - 1) && tokens[j - 2]?.kind === 'number'; j -= 2) count += 1;
  return count >= 3;
}

function isJoint(tokens: Token[], j: number): boolean {
  const token = tokens[j];
  return (token?.kind === 'dash' || token?.text === '/') && glued(tokens[j - 1], token) && glued(token, tokens[j + 1]);
}

/** "4/5", "3/10": a ratio or score. */
function isRatio(tokens: Token[], index: number): boolean {
  const slashAfter = tokens[index + 1]?.text === '/' && isJoint(tokens, index + 1) && tokens[index + 2]?.kind === 'number';
  const slashBefore = tokens[index - 1]?.text === '/' && isJoint(tokens, index - 1) && tokens[index - 2]?.kind === 'number';
  return slashAfter || slashBefore;
}

/** Minus signs, ranges, savings, bounds and "from" prices: what the words and dashes around an amount make it. */
function classifyInContext(text: string, tokens: Token[], amounts: Amount[]): void {
  amounts.forEach((amount, k) => {
    const previous = amounts[k - 1];
    const next = amounts[k + 1];
    const gapStart = previous === undefined ? 0 : previous.last + 1;
    const gap = tokens.slice(gapStart, amount.first);
    const startOf = (i: number): number => tokens[i]?.start ?? text.length;
    // The words that matter sit right before the amount; a window keeps the end-anchored patterns cheap.
    const textBefore = text.slice(Math.max(tokens[gapStart]?.start ?? 0, startOf(amount.first) - 40), startOf(amount.first));
    const textAfter = text.slice(tokens[amount.last]?.end ?? 0, next === undefined ? text.length : startOf(next.first));
    if (amount.role === 'notAmount') return;
    const joint = jointBefore(gap, tokens[amount.first], previous);
    if (joint === 'minus') amount.role = 'saving';
    if (joint === 'range' && previous !== undefined && (previous.role === 'price' || previous.role === 'from') && amount.role === 'price') {
      previous.role = 'range';
      amount.role = 'range';
      previous.partner = amount;
      amount.partner = previous;
      return;
    }
    if (amount.role !== 'price') return;
    if (SAVING_BEFORE.test(textBefore) || SAVING_AFTER.test(textAfter)) amount.role = 'saving';
    else if (UP_TO_BEFORE.test(textBefore) || UP_TO_AFTER.test(textAfter) || OLD_PRICE_BEFORE.test(textBefore) || DISCOUNT_BEFORE.test(textBefore)) {
      amount.role = 'bound';
    }
    else if (FROM_BEFORE.test(textBefore) || FROM_AFTER.test(textAfter)) amount.role = 'from';
    else if (UNIT_PRICE_AFTER.test(text.slice(tokens[amount.index]?.end ?? 0)) || UNIT_PRICE_AFTER.test(text.slice(tokens[amount.last]?.end ?? 0))) {
      amount.role = 'unitPrice';
    }
  });
}

/**
 * The dash or range word right before an amount. A dash after an amount is a range ("12,99 – 15,99", "12-15"),
 * unless it is glued to the second amount and spaced from the first ("23,99 € -5,00 €"): that is a minus, as is a
 * dash at the start, after "(" or glued to the amount after a word ("Rabatt -5 €"). A spaced dash after a word is
 * punctuation ("Paperback - $12.99"). "−" (the minus sign) is always a minus.
 */
function jointBefore(gap: Token[], amountStart: Token | undefined, previous: Amount | undefined): 'minus' | 'range' | null {
  const trimmed = gap.at(-1)?.kind === 'space' ? gap.slice(0, -1) : gap;
  const joint = trimmed.at(-1);
  if (joint === undefined) return null;
  const beforeJoint = trimmed.at(-2);
  const rightAfterAmount =
    previous !== undefined && previous.role !== 'notAmount' && (trimmed.length === 1 || (trimmed.length === 2 && beforeJoint?.kind === 'space'));
  if (joint.kind === 'word' || joint.text === '~' || joint.text === '～') {
    return rightAfterAmount && RANGE_WORDS.has(joint.text.toLowerCase()) ? 'range' : null;
  }
  if (joint.kind !== 'dash') return null;
  if (joint.text === '−') return 'minus';
  const minusForm = glued(joint, amountStart) && beforeJoint?.kind === 'space'; // " -5,00 €"
  if (rightAfterAmount) return minusForm ? 'minus' : 'range';
  if (previous === undefined && trimmed.length === 1) return 'minus'; // "-5 €", "- $44.99" at the start
  const opener = beforeJoint?.kind === 'space' ? trimmed.at(-3) : beforeJoint;
  if (minusForm || (opener !== undefined && OPENERS.has(opener.text))) return 'minus';
  return null;
}

