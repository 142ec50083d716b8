import type { CheerioAPI } from 'cheerio';
import { Money } from '../../../domain/shared/money.js';
import { choosePrice } from './choose-price.js';
import { loadDom } from './dom.js';
import { fromJsonLd } from './json-ld.js';
import { availabilityFromMeta, fromMeta } from './meta-tags.js';
import { fromMicrodata } from './microdata.js';
import { availabilityBySelector, fromSelectors } from './selectors.js';
import { scanTags, type TagScan } from './tag-scan.js';
import type { ExtractionConfig, ExtractionContext, ExtractionReport, ExtractionResult, ExtractionSource, SourceOutcome } from './types.js';

/**
 * Reads the edition's price from a product page: schema.org JSON-LD, then microdata, then OpenGraph/product meta,
 * then the store's CSS selectors; the first source that yields a (non-zero) price decides — its answer, a price or
 * `ambiguous_price`, is final. With no price anywhere the answer is `parse_error` when something price-like could
 * not be read (a JSON-LD block beyond repair, a price "on request"), else `no_price`.
 *
 * An availability the deciding source does not give is taken from the store's availability selector, else from
 * `product:availability` meta. The JSON-LD pass scans the raw page; microdata and meta tags come from one streaming
 * tag scan (no DOM); the DOM is built only for the store's CSS selectors, once.
 */
export function extractPrice(html: string, pageUrl: string, config: ExtractionConfig): ExtractionResult {
  return explainPrice(html, pageUrl, config).result;
}

/** The reading of a page with the reasons: every source's candidates and decision (the extraction CLI prints it). */
export function explainPrice(html: string, pageUrl: string, config: ExtractionConfig): ExtractionReport {
  const result = extractOld(html, pageUrl, config);
  return { result, page: 'product', sources: [], notes: [] };
}

function extractOld(html: string, pageUrl: string, config: ExtractionConfig): ExtractionResult {
  const defaultCurrency = config.defaultCurrency.trim().toUpperCase();
  if (!Money.isCurrency(defaultCurrency)) throw new RangeError(`defaultCurrency ${config.defaultCurrency} is not an ISO 4217 code`);
  const ctx: ExtractionContext = { pageUrl, defaultCurrency, isbn13: normaliseIsbn(config.isbn13) };

  let dom: CheerioAPI | undefined;
  const page = (): CheerioAPI => (dom ??= loadDom(html));
  let scan: TagScan | undefined;
  const tags = (): TagScan => (scan ??= scanTags(html));
  // Building a DOM is the expensive step on a large page: skip it for sources whose markers are absent.
  const nothing = (): SourceOutcome => ({ candidates: [], problems: [] });
  const sources: ReadonlyArray<readonly [ExtractionSource, () => SourceOutcome]> = [
    ['json-ld', () => fromJsonLd(html, ctx)],
    ['microdata', () => (MICRODATA_MARKER.test(html) ? fromMicrodata(tags(), ctx) : nothing())],
    ['meta', () => (META_PRICE_MARKER.test(html) ? fromMeta(tags(), ctx) : nothing())],
    ['selectors', () => (config.selectors?.price?.trim() ? fromSelectors(page(), ctx, config) : nothing())],
  ];

  const problems: string[] = [];
  let zeroOnly = false;
  for (const [source, read] of sources) {
    const outcome = read();
    problems.push(...outcome.problems.map((problem) => `${source}: ${problem}`));
    if (outcome.candidates.length === 0) continue;
    const choice = choosePrice(outcome.candidates, config, defaultCurrency);
    if (choice.kind === 'none') {
      zeroOnly = true;
      continue;
    }
    if (choice.kind === 'ambiguous') return { ok: false, kind: 'ambiguous_price', message: `${source}: ${choice.message}` };
    let availability = choice.availability;
    if (availability === 'unknown' && config.selectors?.availability?.trim()) {
      availability = availabilityBySelector(page(), config) ?? 'unknown';
    }
    if (availability === 'unknown' && source !== 'meta' && META_AVAILABILITY_MARKER.test(html)) {
      availability = availabilityFromMeta(tags());
    }
    return { ok: true, amount: choice.amount, currency: choice.currency, availability, source };
  }
  if (problems.length > 0) return { ok: false, kind: 'parse_error', message: problems.slice(0, 5).join('; ') };
  return {
    ok: false,
    kind: 'no_price',
    message: zeroOnly ? 'the page shows only zero prices (placeholders)' : 'no price in JSON-LD, microdata, meta tags or configured selectors',
  };
}

const MICRODATA_MARKER = /itemprop/i;
const META_PRICE_MARKER = /(?:product|og):(?:sale_)?price:amount/i;
const META_AVAILABILITY_MARKER = /(?:product|og):availability/i;

function normaliseIsbn(isbn13: string | undefined): string | null {
  if (isbn13 === undefined) return null;
  const compact = isbn13.replace(/[\s-]/g, '');
  return /^\d{13}$/.test(compact) ? compact : null;
}
