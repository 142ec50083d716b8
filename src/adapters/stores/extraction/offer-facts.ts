import { Isbn } from '../../../domain/catalog/isbn.js';
import type { Availability } from '../../../domain/pricing/price-observation.js';
import { currencyFromText, parsePriceText } from './price-text/price-text.js';
import { LIMITS } from './limits.js';
import { hasAmbiguousSign } from './page-currency.js';
import type { Condition, ExtractionContext, PriceCandidate } from './types.js';

/** schema.org OfferItemCondition (or page words): Used, Refurbished and Damaged are not the edition's new price. */
export function conditionFrom(value: unknown): Condition {
  if (typeof value !== 'string') return 'unspecified';
  const text = value.toLowerCase();
  if (/used|refurbished|damaged|gebraucht|occasion|usato|usado/.test(text)) return 'used';
  if (/new|\bneu/.test(text)) return 'new';
  return 'unspecified';
}

/** Whether ISBN/GTIN values name the configured edition: true, false (another edition), undefined (no ISBN given). */
export function editionMatchOf(values: readonly unknown[], isbn13: string | null): boolean | undefined {
  if (isbn13 === null) return undefined;
  let sawIsbn = false;
  for (const value of values) {
    if (typeof value !== 'string' && typeof value !== 'number') continue;
    const text = String(value).replace(/^(?:urn:)?isbn:?/i, '').trim();
    if (text.length > 40) continue;
    const isbn = Isbn.tryParse(text.length === 14 && text.startsWith('0') ? text.slice(1) : text);
    if (isbn === null) continue;
    sawIsbn = true;
    if (isbn.isbn13 === isbn13) return true;
  }
  return sawIsbn ? false : undefined;
}

/** Text of at most LIMITS.textChars, whitespace collapsed. */
export function clip(text: string): string {
  return text.slice(0, LIMITS.textChars * 2).replace(/\s+/g, ' ').trim().slice(0, LIMITS.textChars);
}

export interface PriceFacts {
  value: unknown;
  /** The page's currency field for this price (priceCurrency), if any. */
  currency?: unknown;
  availability: Availability;
  condition: Condition;
  editionMatch?: boolean | undefined;
  pageMatch?: boolean | undefined;
  item?: number | undefined;
  listed?: boolean | undefined;
  elsewhere?: boolean | undefined;
  /** A machine value (JSON-LD, content attribute): a lone "." is the decimal point. */
  machineReadable: boolean;
}

export type CandidateOutcome = { candidate: PriceCandidate } | { problem: string } | null;

/** Reads one price with its currency; null when there is no price value at all (empty, missing). */
export function candidateFrom(facts: PriceFacts, ctx: ExtractionContext): CandidateOutcome {
  const value = facts.value;
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return null;
  if (typeof value !== 'string' && typeof value !== 'number') return { problem: `price is not a number or text: ${describe(value)}` };
  let currencyHint = ctx.defaultCurrency;
  const declared = typeof facts.currency === 'string' ? facts.currency.trim() : '';
  if (declared !== '') {
    const code = currencyFromText(declared, ctx.defaultCurrency);
    if (code === null) return { problem: `unknown currency ${JSON.stringify(clip(declared))}` };
    currencyHint = code;
  }
  const parsed = parsePriceText(typeof value === 'string' ? clip(value) : value, {
    currency: currencyHint,
    machineReadable: facts.machineReadable,
    ...(ctx.rangeLowest === true ? { rangeLowest: true } : {}),
  });
  if (parsed === null || parsed.currency === null) return { problem: `unreadable price ${describe(value)}` };
  const candidate: PriceCandidate = {
    amount: parsed.amount,
    currency: parsed.currency,
    availability: facts.availability,
    condition: facts.condition,
  };
  if (facts.editionMatch !== undefined) candidate.editionMatch = facts.editionMatch;
  if (declared === '' && currencyUnwritten(value, facts.machineReadable, ctx.currencyUnsure === true)) candidate.currencyAssumed = true;
  if (facts.pageMatch === true) candidate.pageMatch = true;
  if (facts.item !== undefined) candidate.item = facts.item;
  if (facts.listed === true) candidate.listed = true;
  if (facts.elsewhere === true) candidate.elsewhere = true;
  return { candidate };
}

/** The page wrote no currency for this value: a bare number, or (when nothing else tells) only a sign like "$". */
function currencyUnwritten(value: string | number, machineReadable: boolean, unsure: boolean): boolean {
  if (typeof value === 'number') return true;
  const text = clip(value);
  return parsePriceText(text, { machineReadable })?.currency === null || (unsure && hasAmbiguousSign(text));
}

function describe(value: unknown): string {
  const text = typeof value === 'string' ? JSON.stringify(clip(value)) : (JSON.stringify(value) ?? String(value));
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/** Collects candidates and problems, up to the cap. */
export class CandidateSink {
  readonly candidates: PriceCandidate[] = [];
  readonly problems: string[] = [];

  add(outcome: CandidateOutcome): boolean {
    if (outcome === null) return false;
    if ('problem' in outcome) {
      if (this.problems.length < 20) this.problems.push(outcome.problem);
      return false;
    }
    if (this.candidates.length < LIMITS.candidates) this.candidates.push(outcome.candidate);
    return true;
  }

  get full(): boolean {
    return this.candidates.length >= LIMITS.candidates;
  }
}
