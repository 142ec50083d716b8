import type { Availability } from '../../../domain/pricing/price-observation.js';

export interface ExtractionConfig {
  /** CSS selectors, used when structured data gives nothing. */
  selectors?: { price?: string; currency?: string; availability?: string };
  /**
   * Which offer is the edition's new price when several differ: 'lowest' takes the lowest new (non-used) offer;
   * 'first' the first; undefined means refuse to guess.
   */
  offerChoice?: 'lowest' | 'first';
  /** Currency to assume when a page shows only a symbol or nothing (the store's currency). */
  defaultCurrency: string;
  /**
   * The edition's ISBN-13, when known. A page that lists several products or variants with an ISBN/GTIN
   * (ProductGroup `hasVariant`, Book `workExample`) then counts only the offers of the matching one.
   */
  isbn13?: string;
}

export type ExtractionSource = 'json-ld' | 'microdata' | 'meta' | 'selectors';

export type ExtractionResult =
  | { ok: true; amount: string; currency: string; availability: Availability; source: ExtractionSource }
  | { ok: false; kind: 'no_price' | 'ambiguous_price' | 'parse_error'; message: string };

export type Condition = 'new' | 'used' | 'unspecified';

/** One price a source found on the page, already normalised (amount with the currency's minor digits). */
export interface PriceCandidate {
  amount: string;
  currency: string;
  availability: Availability;
  condition: Condition;
  /** true: the offer's product carries the configured ISBN; false: another ISBN; undefined: no ISBN or none configured. */
  editionMatch?: boolean;
  /** The offer belongs to the variant whose URL is the page's URL (ProductGroup variants). */
  pageMatch?: boolean;
}

/** What one source found: prices, and things it could not read (a broken JSON-LD block, a price "call us"). */
export interface SourceOutcome {
  candidates: PriceCandidate[];
  problems: string[];
}

/** Settings shared by the sources of one extraction. */
export interface ExtractionContext {
  pageUrl: string;
  defaultCurrency: string;
  isbn13: string | null;
}
