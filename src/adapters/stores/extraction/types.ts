import type { Availability } from '../../../domain/pricing/price-observation.js';
import type { PageAddresses } from './page-addresses.js';

export type ExtractionSource = 'json-ld' | 'microdata' | 'meta' | 'selectors' | 'visible' | 'platform';
export const EXTRACTION_SOURCES: readonly ExtractionSource[] = ['json-ld', 'microdata', 'meta', 'selectors', 'visible', 'platform'];

/**
 * A store's CSS selectors. A selector may end with `@attribute` to read that attribute instead of the element's
 * text (`meta[itemprop=price]@content`, `[data-price]@data-price`).
 */
export interface ExtractionSelectors {
  price?: string | undefined;
  currency?: string | undefined;
  availability?: string | undefined;
}

/** How to recognise a search results page and its results (store URL templates that are searches). */
export interface SearchPageRule {
  /** CSS selector of one result's link (`a.product-title`); default: any link that names the edition's ISBN. */
  resultLink?: string | undefined;
}

export interface ExtractionConfig {
  /** CSS selectors; they win over structured data that is ambiguous or absent. */
  selectors?: ExtractionSelectors;
  /**
   * Which offer is the edition's new price when several differ (and how a range "12,99 – 15,99 €" is read):
   * 'lowest' takes the lowest new (non-used) offer; 'first' the first; undefined means refuse to guess.
   */
  offerChoice?: 'lowest' | 'first';
  /** Currency to assume when a page shows only a symbol or nothing (the store's currency). */
  defaultCurrency: string;
  /**
   * No store says what the currency is (a page read on its own): the page's currency is inferred from its currency
   * fields or its country domain, and when neither tells, a price shown without a currency, or only with a sign
   * such as "$", is refused rather than read in `defaultCurrency`.
   */
  currencyUnknown?: boolean;
  /**
   * The edition's ISBN-13, when known. A page that lists several products or variants with an ISBN/GTIN
   * then counts only the offers of the matching one.
   */
  isbn13?: string;
  /**
   * The edition's GTIN (EAN-13, UPC-A, GTIN-14 or GTIN-8), when it has one: a product without an ISBN (a comic, an
   * audio CD, a game) is matched by it as a book is by its ISBN (GTIN-14 equivalence: a UPC equals its EAN-13).
   */
  gtin?: string;
  /** When the page's sources give different prices for the main item, this one decides (else: ambiguous). */
  trustSource?: ExtractionSource;
  /** The store's URL template is a search: a result list is followed to the one result naming the ISBN. */
  searchPage?: SearchPageRule;
}

export type ExtractionFailureKind = 'no_price' | 'ambiguous_price' | 'parse_error' | 'blocked' | 'not_found';

export type ExtractionResult =
  | { ok: true; amount: string; currency: string; availability: Availability; source: ExtractionSource }
  | {
      ok: false;
      kind: ExtractionFailureKind;
      message: string;
      /** A search results page whose one result names the edition: that result's absolute URL, to be fetched next. */
      follow?: string;
    };

export type Condition = 'new' | 'used' | 'unspecified';

/** One price a source found on the page, already normalised (amount with the currency's minor digits). */
export interface PriceCandidate {
  amount: string;
  currency: string;
  availability: Availability;
  condition: Condition;
  /** true: the offer's product carries the configured ISBN; false: another ISBN; undefined: no ISBN or none configured. */
  editionMatch?: boolean;
  /** The offer belongs to the item (or variant) whose URL is the page's URL. */
  pageMatch?: boolean;
  /**
   * Which item of the page the price belongs to, in document order (0 = first top-level item of that source);
   * undefined when the source cannot tell items apart.
   */
  item?: number;
  /** The item sits inside a list of other products (ItemList, related, "customers also bought"). */
  listed?: boolean;
  /** The page wrote no currency for this price: the store's currency was assumed. */
  currencyAssumed?: boolean;
  /** The item names a page of its own that is not this one (a related product, a recommendation). */
  elsewhere?: boolean;
  /**
   * The option (variant, offer) the page shows among options with their own prices: its own URL is the page's (or
   * names the page's `variant`) while its siblings' URLs are others. Within the main item, selected options win.
   */
  selected?: boolean;
  /**
   * What the source read, as the page wrote it, for a quote's evidence (evidence.ts): where and the text, short
   * (`"12.99"`, `"12,99 €"`): candidateFrom sets it; a source that does not is shown by its amount.
   */
  read?: string;
}

/**
 * A price-like value (it has digits) that a source found for an item but could not read: sale and list price in one
 * `itemprop="price"` ("71,91 € 79,90 €"), digits of two elements run together, an unknown currency. It locates its
 * item as a candidate does; when it is the main item's, it is a witness against any single other source deciding.
 */
export interface UnreadPrice {
  text: string;
  condition?: Condition;
  editionMatch?: boolean;
  pageMatch?: boolean;
  selected?: boolean;
  item?: number;
  listed?: boolean;
  elsewhere?: boolean;
}

/** What one source found: prices, and things it could not read (a broken JSON-LD block, a price "call us"). */
export interface SourceOutcome {
  candidates: PriceCandidate[];
  problems: string[];
  /** Price-like values the source saw but could not read, with the item each belongs to (combine-sources.ts). */
  unread?: UnreadPrice[];
}

/** Settings shared by the sources of one extraction. */
export interface ExtractionContext {
  pageUrl: string;
  /** The page's URL, canonical link and og:url (page-addresses.ts); the page URL alone when absent. */
  addresses?: PageAddresses;
  defaultCurrency: string;
  /**
   * The edition's identifier that page identifiers are matched against (`editionIdentifierOf`): its ISBN-13, or, for
   * a product without an ISBN, its GTIN (canonical form, 13 or 14 digits).
   */
  isbn13: string | null;
  /**
   * The edition's GTIN beside its ISBN when the two differ (a US paperback's UPC; `editionIdentifiersOf`): a page
   * naming it names this edition too.
   */
  otherIdentifier?: string;
  /** Ranges ("From 12 to 15 €") are read as their lowest amount (the store's offerChoice is 'lowest'). */
  rangeLowest?: boolean;
  /** Neither the store nor the page says the currency: a sign such as "$" does not say it either. */
  currencyUnsure?: boolean;
}

/** What one source decided for the page's main item. */
export type SourceDecision =
  | { kind: 'price'; amount: string; currency: string; availability: Availability; currencyAssumed?: boolean }
  | { kind: 'ambiguous'; message: string }
  | { kind: 'none'; message: string };

/** One source's part in an extraction, for the extraction CLI and the logs: what it found and what it decided. */
export interface SourceReport {
  source: ExtractionSource;
  candidates: PriceCandidate[];
  decision: SourceDecision;
  problems: string[];
}

/** The whole reading of one page: the answer, and how it was reached. */
export interface ExtractionReport {
  result: ExtractionResult;
  /** What the page is: a product page, a search results page, or a robot check. */
  page: 'product' | 'search_results' | 'blocked';
  sources: SourceReport[];
  /** How the answer was chosen, in plain words (which source won, which rule applied). */
  notes: string[];
}
