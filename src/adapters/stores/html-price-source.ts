import type { FetchRequester, PriceSource, StoreTarget } from '../../application/pricing/ports/price-source.js';
import type { PriceFetchResult } from '../../domain/pricing/price-observation.js';
import { evidenceOf } from './extraction/evidence.js';
import { EXTRACTION_SOURCES, type ExtractionConfig, type ExtractionSource } from './extraction/types.js';
import type { PoliteHttpClient } from './polite-http-client.js';
import { explainHere, readStorePage, type PageExplainer } from './store-page-reader.js';

/**
 * The generic HTML adapter: a polite GET of the product page (a search page's one result followed), then every
 * source the page has — structured data, meta tags, the store's selectors, the visible price block — weighed together.
 */
export class HtmlPriceSource implements PriceSource {
  constructor(
    private readonly http: PoliteHttpClient,
    private readonly explainer: PageExplainer = explainHere,
  ) {}

  async fetchPrice(target: StoreTarget, requester: FetchRequester = null): Promise<PriceFetchResult> {
    let reading;
    try {
      reading = await readStorePage(this.http, target.storeKey, target.productUrl, extractionConfigOf(target), this.explainer, requester);
    } catch (error) {
      // A misconfigured store (unknown currency, bad selector) is reported as that store's failure, never thrown.
      return { ok: false, failure: { kind: 'parse_error', message: error instanceof Error ? error.message : String(error) } };
    }
    if (!reading.ok) return reading;
    const extracted = reading.report.result;
    // Why: what the page's sources read, kept with the quote and written into a refusal's log event.
    const evidence = evidenceOf(reading.report);
    const why = evidence === null ? {} : { evidence };
    if (!extracted.ok) return { ok: false, failure: { kind: extracted.kind, message: extracted.message, ...why } };
    return {
      ok: true,
      observation: { amount: extracted.amount, currency: extracted.currency, availability: extracted.availability, url: reading.url, ...why },
    };
  }
}

/** The store row's `extraction` JSON (a store recipe's reading settings), checked field by field: it is operator data. */
export function extractionConfigOf(target: Pick<StoreTarget, 'currency' | 'isbn13' | 'gtin' | 'extraction'>): ExtractionConfig {
  const raw = target.extraction;
  const selectors = (typeof raw.selectors === 'object' && raw.selectors !== null ? raw.selectors : {}) as Record<string, unknown>;
  const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : undefined);
  const offerChoice = raw.offerChoice === 'lowest' || raw.offerChoice === 'first' ? raw.offerChoice : undefined;
  const trustSource = EXTRACTION_SOURCES.includes(raw.trustSource as ExtractionSource) ? (raw.trustSource as ExtractionSource) : undefined;
  const searchPage = typeof raw.searchPage === 'object' && raw.searchPage !== null ? (raw.searchPage as Record<string, unknown>) : undefined;
  return {
    defaultCurrency: target.currency,
    ...(target.isbn13 ? { isbn13: target.isbn13 } : {}),
    ...(target.gtin ? { gtin: target.gtin } : {}),
    ...(offerChoice ? { offerChoice } : {}),
    ...(trustSource ? { trustSource } : {}),
    ...(searchPage ? { searchPage: { resultLink: text(searchPage.resultLink) } } : {}),
    selectors: { price: text(selectors.price), currency: text(selectors.currency), availability: text(selectors.availability) },
  };
}
