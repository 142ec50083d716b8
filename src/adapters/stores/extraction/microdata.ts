import { availabilityFrom } from './price-text/price-text.js';
import { CandidateSink, candidateFrom, conditionFrom, editionMatchOf } from './offer-facts.js';
import { isOtherPage, isThisPage, pageAddresses } from './page-addresses.js';
import type { Property, Scope, TagScan } from './tag-scan.js';
import type { ExtractionContext, SourceOutcome } from './types.js';

const ISBN_PROPS = ['isbn', 'gtin13', 'gtin', 'gtin14'];

/**
 * schema.org microdata: `itemprop="price"` (or lowPrice/highPrice) with `priceCurrency`, `availability` and
 * `itemCondition` from the same `itemscope`, else from the enclosing ones (an Offer inside a Book). Values come
 * from `content`/`href`/`value` attributes when present, else from the element's text ("18,09 €").
 * The scopes come from the streaming tag scan (tag-scan.ts); each price carries the top-level item it sits in,
 * whether that item is in a list of other products (an ItemList, related or similar products) and whether its URL
 * is this page or another one, so that the page's own item is not confused with the products shown beside it.
 */
export function fromMicrodata(scan: TagScan, ctx: ExtractionContext): SourceOutcome {
  const sink = new CandidateSink();
  const addresses = ctx.addresses ?? pageAddresses('', ctx.pageUrl);
  const outside = scan.scopes[0];
  const topLevel = scan.scopes.filter((scope) => scope.parent === outside && scope !== outside);
  for (const scope of scan.scopes) {
    const prices = scope.props.get('price') ?? [...(scope.props.get('lowprice') ?? []), ...(scope.props.get('highprice') ?? [])];
    if (prices.length === 0) continue;
    const currency = nearest(scope, 'pricecurrency')?.value;
    const availability = availabilityFrom(nearest(scope, 'availability')?.value);
    const condition = conditionFrom(nearest(scope, 'itemcondition')?.value);
    const editionMatch = editionMatchOf(isbnValues(scope), ctx.isbn13);
    const item = topLevel.indexOf(topOf(scope, outside));
    const url = itemUrl(scope);
    const facts = {
      currency,
      availability,
      condition,
      editionMatch,
      item: Math.max(item, 0),
      listed: isListed(scope),
      pageMatch: isThisPage(url, addresses, false),
      elsewhere: isOtherPage(url, addresses),
    };
    for (const price of prices) {
      if (price.split === true) {
        // Digits of two elements run together on the page: no reading of them can be trusted.
        sink.add({ problem: `a price split across elements with nothing between its parts: ${JSON.stringify(price.value)}` });
        continue;
      }
      sink.add(candidateFrom({ ...facts, value: price.value, machineReadable: price.machine }, ctx));
      if (sink.full) break;
    }
  }
  return { candidates: sink.candidates, problems: sink.problems };
}

/** Item types and attachments that make an item one of a list of other products. */
const LIST_TYPES = new Set(['itemlist', 'offercatalog', 'searchresultspage', 'collectionpage']);
const LIST_LINKS = new Set(['itemlistelement', 'isrelatedto', 'issimilarto', 'isaccessoryorsparepartfor', 'isconsumablefor']);

/** The price's item sits in a list ("customers also bought" as an ItemList, or related/similar products). */
function isListed(scope: Scope): boolean {
  for (let current: Scope | null = scope; current !== null; current = current.parent) {
    if (LIST_TYPES.has(current.type ?? '') || current.attachedAs?.some((link) => LIST_LINKS.has(link))) return true;
  }
  return false;
}

/** The URL of the item a price belongs to: the nearest enclosing item (not the offer) with a url or itemid. */
function itemUrl(scope: Scope): string | undefined {
  for (let current: Scope | null = scope; current !== null && current.type !== undefined; current = current.parent) {
    if (current.type === 'offer' || current.type === 'aggregateoffer') continue;
    const url = current.props.get('url')?.[0]?.value ?? current.id;
    if (url !== undefined) return url;
  }
  return undefined;
}

/** The item scope at the top of the page that a scope sits in (itself when it is one). */
function topOf(scope: Scope, outside: Scope | undefined): Scope {
  let current = scope;
  while (current.parent !== null && current.parent !== outside) current = current.parent;
  return current;
}

function nearest(scope: Scope, name: string): Property | undefined {
  for (let current: Scope | null = scope; current !== null; current = current.parent) {
    const value = current.props.get(name)?.[0];
    if (value !== undefined) return value;
  }
  return undefined;
}

function isbnValues(scope: Scope): string[] {
  for (let current: Scope | null = scope; current !== null; current = current.parent) {
    const values = ISBN_PROPS.flatMap((name) => current?.props.get(name) ?? []).map((p) => p.value);
    if (values.length > 0) return values;
  }
  return [];
}
