import type { FetchRequester } from '../../application/pricing/ports/price-source.js';
import type { FetchFailure } from '../../domain/pricing/price-observation.js';
import { explainPrice } from './extraction/extract-price.js';
import type { ExtractionConfig, ExtractionReport } from './extraction/types.js';
import type { PoliteHttpClient } from './polite-http-client.js';

/** Reads a fetched page: here (`explainHere`), or on a worker thread (`ExtractionThreads`). */
export interface PageExplainer {
  explain(html: string, pageUrl: string, config: ExtractionConfig): Promise<ExtractionReport>;
}

/** Reads pages in the calling thread. */
export const explainHere: PageExplainer = {
  explain: async (html, pageUrl, config) => explainPrice(html, pageUrl, config),
};

export type StorePageReading =
  | { ok: true; url: string; report: ExtractionReport; followedFrom?: string }
  | { ok: false; failure: FetchFailure };

/**
 * A store page fetched politely and read; a search results page whose one result names the edition is followed
 * once, through the same store gate, to the product page it links.
 */
export async function readStorePage(
  http: PoliteHttpClient,
  storeKey: string,
  url: string,
  config: ExtractionConfig,
  explainer: PageExplainer = explainHere,
  requester: FetchRequester = null,
): Promise<StorePageReading> {
  const page = await http.getPage(storeKey, url, requester);
  if (!page.ok) return page;
  const report = await explainer.explain(page.html, page.url, config);
  const follow = report.result.ok ? undefined : report.result.follow;
  if (follow === undefined) return { ok: true, url: page.url, report };
  const product = await http.getPage(storeKey, follow, requester);
  if (!product.ok) return product;
  // A result page that leads to another result page is not followed again.
  const productReport = await explainer.explain(product.html, product.url, { ...config, searchPage: undefined });
  if (!productReport.result.ok && productReport.result.follow !== undefined) {
    const { follow: _ignored, ...result } = productReport.result;
    return { ok: true, url: product.url, report: { ...productReport, result }, followedFrom: page.url };
  }
  return { ok: true, url: product.url, report: productReport, followedFrom: page.url };
}
