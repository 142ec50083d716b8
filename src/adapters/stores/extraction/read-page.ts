import type { CheerioAPI } from 'cheerio';
import { Money } from '../../../domain/shared/money.js';
import { detectBlockedPage } from './blocked-page.js';
import { decide } from './choose-price.js';
import { combineSources, type SourceRun } from './combine-sources.js';
import { loadDom } from './dom.js';
import { fromJsonLd } from './json-ld.js';
import { findJsonLdBlocks, type TagStarts } from './json-ld-blocks.js';
import { forEachMarkupStretch, type SkippedPart } from './markup.js';
import { availabilityFromMeta, fromMeta } from './meta-tags.js';
import { scanMeta } from './meta-scan.js';
import { fromMicrodata } from './microdata.js';
import { editionIdentifiersOf } from './offer-facts.js';
import { pageAddresses } from './page-addresses.js';
import { inferPageCurrency } from './page-currency.js';
import { fromPlatformPrice } from './platforms/platform-price.js';
import { isSearchUrl, readSearchResults } from './search-results.js';
import { availabilityBySelector, fromSelectors } from './selectors.js';
import { scanTags, type TagScan } from './tag-scan.js';
import type { ExtractionConfig, ExtractionContext, ExtractionReport, ExtractionSource, SourceOutcome } from './types.js';
import { fromVisiblePrice } from './visible-price.js';

/** A microdata price (`itemprop="price"`, lowPrice, highPrice, also as a schema.org IRI): only then is markup tokenised. */
const MICRODATA_MARKER = /itemprop\s*=\s*["']?[^"'>]*\b(?:price|lowprice|highprice)\b/i;

/**
 * Whether the page's markup has a microdata price: the tag scan reads nothing else (no script, style or template
 * body, no comment: markup.ts), so those are not searched — on a client-rendered page, most of it.
 */
function marksMicrodataPrice(html: string, parts: readonly SkippedPart[]): boolean {
  let found = false;
  // Adjacent stretches are one run of markup (the walk cuts long ones in chunks): a marker may span their seam.
  let from = 0;
  let to = 0;
  forEachMarkupStretch(
    html,
    (start, end) => {
      if (start !== to) {
        found = to > from && MICRODATA_MARKER.test(html.slice(from, to));
        from = start;
      }
      to = end;
      return !found;
    },
    { start: 0, end: html.length, ldJson: false, parts },
  );
  return found || (to > from && MICRODATA_MARKER.test(html.slice(from, to)));
}

/**
 * Reads a store page: is it a robot check, a search results page or a product page; then every source the page
 * has — JSON-LD, microdata, product meta, the store's CSS selectors, the visible price block of the main item — each
 * deciding the main item's price on its own, and the sources weighed together (combine-sources.ts): they must
 * agree, unless the store's settings say which to trust. Cheap first: JSON-LD and the robot check are regex scans of
 * the raw page, and meta tags are read where the JSON-LD scan saw them start; microdata comes from a streaming tag
 * scan run only when the page has a microdata price; a DOM is built only for the store's selectors or a search page.
 */
export function readPage(html: string, pageUrl: string, config: ExtractionConfig): ExtractionReport {
  let defaultCurrency = config.defaultCurrency.trim().toUpperCase();
  if (!Money.isCurrency(defaultCurrency)) throw new RangeError(`defaultCurrency ${config.defaultCurrency} is not an ISO 4217 code`);
  const notes: string[] = [];
  const inferred = config.currencyUnknown === true ? inferPageCurrency(html, pageUrl) : null;
  if (inferred !== null) {
    defaultCurrency = inferred.currency;
    notes.push(`currency ${inferred.currency}, from ${inferred.from}`);
  }
  // The JSON-LD scan also notes where the page's meta tags and h1 headings start, and its comments, scripts, styles
  // and templates: the meta source, the page's og:url, the visible price's heading and window, the DOM and the tag
  // scan then search the page no more.
  const parts: SkippedPart[] = [];
  const starts: TagStarts = { meta: [], h1: [], parts };
  const jsonLdBlocks = findJsonLdBlocks(html, starts);
  const ctx: ExtractionContext = {
    pageUrl,
    addresses: pageAddresses(html, pageUrl, starts.meta),
    ...(config.currencyUnknown === true && inferred === null ? { currencyUnsure: true } : {}),
    defaultCurrency,
    ...editionIdentifiersOf(normaliseIsbn(config.isbn13), config.gtin),
    ...(config.offerChoice === 'lowest' ? { rangeLowest: true } : {}),
  };

  const blocked = detectBlockedPage(html);
  if (blocked !== null) {
    return { result: { ok: false, kind: 'blocked', message: blocked }, page: 'blocked', sources: [], notes: [...notes, 'a robot check, not the store\'s page'] };
  }

  let dom: CheerioAPI | undefined;
  const page = (): CheerioAPI => (dom ??= loadDom(html, parts));
  let scan: TagScan | undefined;
  const tags = (): TagScan => (scan ??= scanTags(html, parts));
  const jsonLd = fromJsonLd(html, ctx, jsonLdBlocks);
  let meta: Map<string, string[]> | undefined;
  const metaTags = (): Map<string, string[]> => (meta ??= scanMeta(html, starts.meta));
  const nothing: SourceOutcome = { candidates: [], problems: [] };

  const selectorsConfigured = Boolean(config.selectors?.price?.trim());
  const outcomes: Array<readonly [ExtractionSource, () => SourceOutcome]> = [
    ['json-ld', () => jsonLd],
    ['microdata', () => (marksMicrodataPrice(html, parts) ? fromMicrodata(tags(), ctx) : nothing)],
    // The meta tags are read where the JSON-LD scan saw them start: cheaper than a search of the page for a price key.
    ['meta', () => fromMeta(metaTags(), ctx)],
    ['selectors', () => (selectorsConfigured ? fromSelectors(page(), ctx, config) : nothing)],
    // A store with selectors has said where its visible price is: the generic block finder would only second-guess it.
    ['visible', () => (selectorsConfigured ? nothing : fromVisiblePrice(html, ctx, starts))],
    // The shop platform's own price block (platforms/): recognised by its traces in the page's head, else skipped.
    ['platform', () => fromPlatformPrice(html, ctx)],
  ];
  const runs: SourceRun[] = outcomes.map(([source, read]) => {
    const outcome = read();
    return { source, outcome, verdict: decide(outcome.candidates, config, ctx.defaultCurrency, outcome.unread) };
  });
  const sources = runs.map(({ source, outcome, verdict }) => ({
    source,
    candidates: outcome.candidates,
    decision: verdict.decision,
    problems: outcome.problems,
  }));

  if (isResultList(runs, jsonLd.listPage, pageUrl, ctx)) {
    notes.push('a list of results, not one product: never read a price off it');
    const result = readSearchResults(page(), pageUrl, config, ctx, jsonLd.listedItems);
    return { result, page: 'search_results', sources, notes };
  }

  const result = combineSources(runs, config, notes, { code: ctx.defaultCurrency, unsure: ctx.currencyUnsure === true });
  if (result.ok && result.availability === 'unknown') {
    let availability = selectorsConfigured || config.selectors?.availability?.trim() ? availabilityBySelector(page(), config) : null;
    if (availability === null) availability = availabilityFromMeta(metaTags());
    if (availability !== null && availability !== 'unknown') {
      result.availability = availability;
      notes.push(`availability ${availability} from ${config.selectors?.availability?.trim() ? 'the store\'s availability selector' : 'product meta'}`);
    }
  }
  return { result, page: 'product', sources, notes };
}

/**
 * A page of results rather than one product: it says so in its structured data, or its URL is a search (a store
 * whose template is a search redirects to the product page when it has one), and no structured item on it is the
 * edition or the page's own.
 */
function isResultList(runs: SourceRun[], declared: boolean, pageUrl: string, ctx: ExtractionContext): boolean {
  const structured = runs.filter((run) => run.source === 'json-ld' || run.source === 'microdata');
  const ownItem = structured.some((run) =>
    run.outcome.candidates.some((c) => c.listed !== true && (c.editionMatch === true || c.pageMatch === true)),
  );
  if (ownItem) return false;
  return declared || isSearchUrl(pageUrl, ctx);
}

function normaliseIsbn(isbn13: string | undefined): string | null {
  if (isbn13 === undefined) return null;
  const compact = isbn13.replace(/[\s-]/g, '');
  return /^\d{13}$/.test(compact) ? compact : null;
}
