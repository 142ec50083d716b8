import type { PriceSource, StoreTarget } from '../../application/pricing/ports/price-source.js';
import type { PriceFetchResult } from '../../domain/pricing/price-observation.js';
import type { ExtractionConfig } from './extraction/types.js';
import { extractInThread, type PageExtractor } from './extraction-threads.js';
import type { PoliteHttpClient } from './polite-http-client.js';

/** The generic HTML adapter: a polite GET of the product page, then structured data, meta tags, selectors. */
export class HtmlPriceSource implements PriceSource {
  constructor(
    private readonly http: PoliteHttpClient,
    private readonly extract: PageExtractor = extractInThread,
  ) {}

  async fetchPrice(target: StoreTarget): Promise<PriceFetchResult> {
    const page = await this.http.getPage(target.storeKey, target.productUrl);
    if (!page.ok) return page;
    let extracted;
    try {
      extracted = await this.extract(page.html, page.url, extractionConfigOf(target));
    } catch (error) {
      // A misconfigured store (unknown currency, bad selector) is reported as that store's failure, never thrown.
      return { ok: false, failure: { kind: 'parse_error', message: error instanceof Error ? error.message : String(error) } };
    }
    if (!extracted.ok) return { ok: false, failure: { kind: extracted.kind, message: extracted.message } };
    return {
      ok: true,
      observation: { amount: extracted.amount, currency: extracted.currency, availability: extracted.availability, url: page.url },
    };
  }
}

/** The store row's `extraction` JSON, checked field by field (it is operator-editable data). */
function extractionConfigOf(target: StoreTarget): ExtractionConfig {
  const raw = target.extraction;
  const selectors = (typeof raw.selectors === 'object' && raw.selectors !== null ? raw.selectors : {}) as Record<string, unknown>;
  const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : undefined);
  const offerChoice = raw.offerChoice === 'lowest' || raw.offerChoice === 'first' ? raw.offerChoice : undefined;
  return {
    defaultCurrency: target.currency,
    isbn13: target.isbn13,
    ...(offerChoice ? { offerChoice } : {}),
    selectors: { price: text(selectors.price), currency: text(selectors.currency), availability: text(selectors.availability) },
  };
}
