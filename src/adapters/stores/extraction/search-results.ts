import type { CheerioAPI } from 'cheerio';
import { Gtin } from '../../../domain/catalog/gtin.js';
import { Isbn } from '../../../domain/catalog/isbn.js';
import type { ListedItem } from './json-ld.js';
import type { ExtractionConfig, ExtractionContext, ExtractionResult } from './types.js';

/**
 * The numbers a page may name the edition by (`editionIdentifiersOf`): its identifier, and beside an ISBN the
 * edition's other barcode (a US paperback's UPC). A page naming either names the edition; a third number does not.
 */
export type EditionIds = Pick<ExtractionContext, 'isbn13' | 'otherIdentifier'>;

const NO_EDITION: EditionIds = { isbn13: null };

const SEARCH_PATH = /\/(?:search|suche|recherche|busqueda|buscar|zoeken|sok|ricerca|szukaj|s|searchresult\w*|search\w*\.\w+)(?:\/|$)/i;
const SEARCH_KEYS = new Set([
  'q', 'query', 'search', 'searchtext', 'searchterm', 'search_query', 'keyword', 'keywords', 'sq', 'k', 'term', 'text',
  'busqueda', 'suchbegriff', 'w', 'ntt', 'st',
]);
/** Parameters that only track where a click came from: links that differ only in these are one result. */
const TRACKING = /^(?:utm_\w+|ref|ref_|qid|sr|pos|position|list|searchterm|search|sq|q|query|keywords?|crid|sprefix|pd_rd_\w+|pf_rd_\w+|_encoding|psc|th)$/i;

/** A search URL: a search path, a search parameter, or one of the edition's numbers itself in the query string. */
export function isSearchUrl(url: string, edition: EditionIds): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (SEARCH_PATH.test(parsed.pathname)) return true;
  for (const [key, value] of parsed.searchParams) {
    if (SEARCH_KEYS.has(key.toLowerCase()) && value.trim() !== '') return true;
    if (namesEdition(value, edition)) return true;
  }
  return false;
}

/**
 * The text names one of the edition's numbers (an ISBN-13, or a GTIN in canonical form), with or without hyphens: an
 * ISBN by its 13 digits or its ISBN-10; a GTIN by its canonical digits or the shorter barcode they stand for (the
 * 12-digit UPC of an EAN-13 starting 0, a GTIN-8), those as whole numbers only.
 */
export function namesIsbn(text: string, isbn13: string): boolean {
  const digits = text.replace(/[-\s]/g, '');
  if (digits.includes(isbn13)) return true;
  const isbn = Isbn.tryParse(isbn13);
  if (isbn !== null) return isbn.isbn10 !== null && wholeNumber(isbn.isbn10, 'Xx').test(digits);
  return (Gtin.tryParse(isbn13)?.shortForms ?? []).some((form) => wholeNumber(form, '').test(digits));
}

/** The text names one of the edition's numbers (`namesIsbn`). */
export function namesEdition(text: string, edition: EditionIds): boolean {
  if (edition.isbn13 !== null && namesIsbn(text, edition.isbn13)) return true;
  return edition.otherIdentifier !== undefined && namesIsbn(text, edition.otherIdentifier);
}

function wholeNumber(digits: string, alsoAfter: string): RegExp {
  return new RegExp(`(?:^|[^0-9])${digits}(?:[^0-9${alsoAfter}]|$)`);
}

/** How messages name the edition: "ISBN …", or "GTIN …" for a product without one; "ISBN … or GTIN …" with both. */
function named(identifier: string, other?: string): string {
  const one = `${Isbn.tryParse(identifier) === null ? 'GTIN' : 'ISBN'} ${identifier}`;
  return other === undefined ? one : `${one} or GTIN ${other}`;
}

/**
 * A search results page read for the edition: the one result whose link (or whose data) names one of the edition's
 * numbers (its ISBN, or its other barcode) is followed; several such results are ambiguous; none is `not_found`. A
 * price is never read off a list of books.
 */
export function readSearchResults(
  $: CheerioAPI,
  pageUrl: string,
  config: ExtractionConfig,
  edition: EditionIds,
  listed: readonly ListedItem[],
): ExtractionResult {
  const { isbn13, otherIdentifier } = edition;
  if (isbn13 === null) {
    return { ok: false, kind: 'no_price', message: 'a search results page: without the edition\'s ISBN no result can be chosen' };
  }
  const links = new Map<string, string>();
  const add = (href: string | undefined): void => {
    const url = resultUrl(href, pageUrl, edition);
    if (url !== null && !links.has(url.key)) links.set(url.key, url.href);
  };
  for (const item of listed) if (item.editionMatch === true || (item.url !== undefined && namesEdition(item.url, edition))) add(item.url);

  const selector = config.searchPage?.resultLink?.trim();
  if (selector) {
    let results;
    try {
      results = $(selector).toArray();
    } catch (error) {
      return { ok: false, kind: 'parse_error', message: `invalid searchPage.resultLink selector: ${error instanceof Error ? error.message : String(error)}` };
    }
    const hrefs = results.map((element) => $(element).attr('href')).filter((href): href is string => href !== undefined);
    if (hrefs.length === 1) add(hrefs[0]);
    else for (const element of results) if (mentions($, element, edition)) add($(element).attr('href'));
  } else {
    for (const element of $('[href], [data-isbn], [data-ean], [data-upc], [data-gtin], [data-product-id], [data-sku], [data-id]').toArray()) {
      const attributes = (element as { attribs?: Record<string, string> }).attribs ?? {};
      if (!Object.values(attributes).some((value) => namesEdition(value, edition))) continue;
      if (attributes['href'] !== undefined) add(attributes['href']);
      else add(linkNear($, element, pageUrl, edition));
    }
  }

  const found = [...links.values()];
  if (found.length === 1) {
    return { ok: false, kind: 'no_price', message: `a search results page: its one result for ${named(isbn13, otherIdentifier)} is ${found[0]}`, follow: found[0] as string };
  }
  if (found.length === 0) return { ok: false, kind: 'not_found', message: `a search results page with no result for ${named(isbn13, otherIdentifier)}` };
  const shown = found.slice(0, 3).join(', ') + (found.length > 3 ? ', ...' : '');
  return { ok: false, kind: 'ambiguous_price', message: `a search results page with ${found.length} results naming ${named(isbn13, otherIdentifier)} (${shown})` };
}

/** Whether a result's link or the result around it names the edition. */
function mentions($: CheerioAPI, element: Parameters<CheerioAPI>[0], edition: EditionIds): boolean {
  const link = $(element);
  if (namesEdition(link.attr('href') ?? '', edition)) return true;
  const card = link.closest('li, article, [class*="result"], [class*="product"], [class*="item"]');
  return card.length > 0 && namesEdition(`${card.text()} ${card.html() ?? ''}`, edition);
}

/** The product link of the result that carries the edition in its data: inside it, else in the nearest ancestors. */
function linkNear($: CheerioAPI, element: Parameters<CheerioAPI>[0], pageUrl: string, edition: EditionIds): string | undefined {
  let scope = $(element);
  for (let level = 0; level < 5 && scope.length > 0; level++) {
    const hrefs = scope
      .find('a[href]')
      .toArray()
      .map((a) => $(a).attr('href'))
      .filter((href): href is string => href !== undefined && resultUrl(href, pageUrl, edition) !== null);
    if (hrefs.length > 0) return hrefs[0];
    scope = scope.parent();
  }
  return undefined;
}

/** A result link as an absolute URL and a key that ignores tracking parameters; null for search and page links. */
function resultUrl(href: string | undefined, pageUrl: string, edition: EditionIds): { href: string; key: string } | null {
  if (href === undefined || href.trim() === '' || /^(?:javascript|mailto|tel):/i.test(href.trim())) return null;
  let url: URL;
  try {
    url = new URL(href.trim(), pageUrl);
  } catch {
    return null;
  }
  if (!/^https?:$/.test(url.protocol)) return null;
  url.hash = '';
  if (isSearchUrl(url.href, NO_EDITION) || (url.search !== '' && namesEdition(url.search, edition) && !namesEdition(url.pathname, edition))) return null;
  const page = new URL(pageUrl);
  if (url.origin === page.origin && url.pathname === page.pathname) return null;
  const key = new URL(url.href);
  for (const name of [...key.searchParams.keys()]) if (TRACKING.test(name)) key.searchParams.delete(name);
  key.pathname = key.pathname.replace(/\/+$/, '');
  return { href: url.href, key: key.href };
}
