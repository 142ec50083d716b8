import { Gtin } from '../../../domain/catalog/gtin.js';
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

/**
 * What a page's identifiers are matched against (the context's `isbn13`): the edition's ISBN-13, or, for a product
 * without an ISBN, its GTIN in canonical form (13 digits, or 14). An ISBN-13 is itself an EAN-13, so one comparison
 * of GTIN-14s serves both.
 */
export function editionIdentifierOf(isbn13: string | null | undefined, gtin: string | null | undefined): string | null {
  const isbn = isbn13 ? Isbn.tryParse(isbn13) : null;
  if (isbn !== null) return isbn.isbn13;
  for (const given of [isbn13, gtin]) {
    const parsed = given ? Gtin.tryParse(given) : null;
    if (parsed !== null) return parsed.canonical;
  }
  return null;
}

/**
 * What a page's identifiers are matched against, as the sources read it from the context: `editionIdentifierOf`, and,
 * for an edition with an ISBN and a different barcode (a US paperback whose cover carries a UPC, a book sold under a
 * store's EAN), that GTIN as `otherIdentifier`, so a page naming either identifier names this edition.
 */
export function editionIdentifiersOf(
  isbn13: string | null | undefined,
  gtin: string | null | undefined,
): Pick<ExtractionContext, 'isbn13' | 'otherIdentifier'> {
  const primary = editionIdentifierOf(isbn13, gtin);
  const other = gtin ? Gtin.tryParse(gtin) : null;
  if (primary === null || other === null || gtin14Of(primary) === other.gtin14) return { isbn13: primary };
  return { isbn13: primary, otherIdentifier: other.canonical };
}

/** An identifier written on a page (`978-…`, `urn:isbn:…`, a UPC, a GTIN-14) as a GTIN-14; null when it is none. */
function gtin14Of(text: string): string | null {
  const isbn = Isbn.tryParse(text);
  if (isbn !== null) return `0${isbn.isbn13}`;
  return Gtin.tryParse(text)?.gtin14 ?? null;
}

/**
 * Numbers a store may use for anything (GS1's restricted circulation and coupon ranges: in-store codes, variable
 * weight), as EAN-13 prefixes. They may confirm the edition, never deny it.
 */
const RESTRICTED_EAN13 = /^(?:0[245]|2|9[89])/;

/**
 * Whether ISBN/GTIN values name the configured edition (`editionIdentifierOf`, and its `otherIdentifier` when it has
 * an ISBN and a different barcode): true, false (another edition), undefined (no identifier either side). Values are
 * compared as GTIN-14s: a UPC `012345678905`, the EAN-13 `0012345678905` and the GTIN-14 `00012345678905` are one
 * product. A value naming either of the edition's identifiers confirms it, even beside the other; only a third
 * identifier says "another edition". Fields such as `sku` and `productID` hold store numbers too, and a short number
 * passes a check digit by chance one time in ten, so only an ISBN, an EAN-13 or a GTIN-14 outside the restricted
 * ranges says "another edition" — or a UPC when one of the edition's own identifiers is a UPC; a GTIN-8 only ever
 * confirms.
 */
export function editionMatchOf(
  values: readonly unknown[],
  identifier: string | null,
  otherIdentifier: string | null | undefined = null,
): boolean | undefined {
  const targets = [identifier, otherIdentifier].flatMap((given) => (given ? (gtin14Of(given) ?? []) : []));
  if (targets.length === 0) return undefined;
  const upcProduct = targets.some((target) => target.startsWith('00'));
  let sawOther = false;
  for (const value of values) {
    if (typeof value !== 'string' && typeof value !== 'number') continue;
    let text = String(value).replace(/^(?:urn:)?(?:isbn|ean|gtin|upc):?/i, '').trim();
    if (text.length > 40) continue;
    // A UPC written as a JSON number has lost its leading 0.
    if (typeof value === 'number' && text.length === 11) text = `0${text}`;
    const gtin14 = gtin14Of(text);
    if (gtin14 === null) continue;
    if (targets.includes(gtin14)) return true;
    const written = text.replace(/[\s-]/g, '').length;
    const denies = (written === 10 || written >= 13 || (written === 12 && upcProduct)) && !RESTRICTED_EAN13.test(gtin14.slice(1));
    if (denies) sawOther = true;
  }
  return sawOther ? false : undefined;
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
    // The value as the page wrote it, for the quote's evidence (evidence.ts caps it).
    read: typeof value === 'string' ? JSON.stringify(clip(value).trim()) : String(value),
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
