import { availabilityFrom } from './price-text/price-text.js';
import { LIST_PRICE_TYPE } from './json-ld-nodes.js';
import { LIMITS } from './limits.js';
import { CandidateSink, candidateFrom, conditionFrom, editionMatchOf, type CandidateOutcome, type PriceFacts } from './offer-facts.js';
import { isOtherPage, isThisPage, pageAddresses, type PageAddresses } from './page-addresses.js';
import { shownOptions } from './shown-option.js';
import type { Property, Scope, TagScan } from './tag-scan.js';
import type { ExtractionContext, SourceOutcome } from './types.js';
import { UnreadSink, type UnreadFacts } from './unread-prices.js';

const ISBN_PROPS = ['isbn', 'gtin13', 'gtin', 'gtin14'];

/** One price property as read, with the item it belongs to and whether its markup calls it a list price. */
interface Reading {
  outcome: CandidateOutcome;
  facts: UnreadFacts;
  list: boolean;
  item: number;
}

/**
 * schema.org microdata: `itemprop="price"` (or lowPrice/highPrice) with `priceCurrency`, `availability` and
 * `itemCondition` from the same `itemscope`, else from the enclosing ones (an Offer inside a Book). Values come
 * from `content`/`href`/`value` attributes when present, else from the element's text ("18,09 €").
 * The scopes come from the streaming tag scan (tag-scan.ts); each price carries the top-level item it sits in,
 * whether that item is in a list of other products (an ItemList, related or similar products) and whether its URL
 * is this page or another one, so that the page's own item is not confused with the products shown beside it.
 * Sale and list price: a text holding both (`71,91 € <del>79,90 €</del>`) is read without its marked children; a
 * price marked as a list price (in `<del>`/`.old-price`, or a priceSpecification whose priceType is ListPrice…) is
 * no candidate beside a price that is not. A price-like value that cannot be read is kept as a witness (`unread`).
 */
export function fromMicrodata(scan: TagScan, ctx: ExtractionContext): SourceOutcome {
  const addresses = ctx.addresses ?? pageAddresses('', ctx.pageUrl);
  const outside = scan.scopes[0];
  const topLevel = scan.scopes.filter((scope) => scope.parent === outside && scope !== outside);
  const shown = shownOffers(scan.scopes, ctx.pageUrl, addresses);
  const readings: Reading[] = [];
  for (const scope of scan.scopes) {
    if (readings.length >= LIMITS.candidates) break;
    const prices = scope.props.get('price') ?? [...(scope.props.get('lowprice') ?? []), ...(scope.props.get('highprice') ?? [])];
    if (prices.length === 0) continue;
    const currency = nearest(scope, 'pricecurrency')?.value;
    const availability = availabilityFrom(nearest(scope, 'availability')?.value);
    const condition = conditionFrom(nearest(scope, 'itemcondition')?.value);
    const editionMatch = editionMatchOf(isbnValues(scope), ctx.isbn13, ctx.otherIdentifier);
    const item = Math.max(topLevel.indexOf(topOf(scope, outside)), 0);
    const url = itemUrl(scope);
    const facts = {
      currency,
      availability,
      condition,
      editionMatch,
      item,
      listed: isListed(scope),
      pageMatch: isThisPage(url, addresses, false),
      elsewhere: isOtherPage(url, addresses),
      selected: isShown(scope, shown),
    };
    const listSpec = LIST_PRICE_TYPE.test(scope.props.get('pricetype')?.[0]?.value ?? '');
    for (const price of prices) {
      readings.push({ outcome: readPrice(price, facts, ctx), facts: { ...facts, value: price.value }, list: listSpec || price.old === true, item });
      if (readings.length >= LIMITS.candidates) break;
    }
  }
  return collect(readings);
}

/** One property's price: its value, else (sale and list price in one text) its text without the marked children. */
function readPrice(price: Property, facts: Omit<PriceFacts, 'value' | 'machineReadable'>, ctx: ExtractionContext): CandidateOutcome {
  // Digits of two elements run together on the page: no reading of them can be trusted.
  const split = `a price split across elements with nothing between its parts: ${JSON.stringify(price.value)}`;
  let outcome: CandidateOutcome = price.split === true ? { problem: split } : candidateFrom({ ...facts, value: price.value, machineReadable: price.machine }, ctx);
  const unmarked = price.unmarked;
  if (outcome !== null && 'problem' in outcome && unmarked !== undefined && !unmarked.split) {
    const again = candidateFrom({ ...facts, value: unmarked.value, machineReadable: false }, ctx);
    if (again !== null && 'candidate' in again) outcome = again;
  }
  return outcome;
}

/** Candidates, problems and witnesses; list prices of an item drop out when the item shows a price that is not one. */
function collect(readings: Reading[]): SourceOutcome {
  const sink = new CandidateSink();
  const unread = new UnreadSink();
  const selling = new Set(readings.filter((r) => !r.list && r.outcome !== null && 'candidate' in r.outcome).map((r) => r.item));
  for (const reading of readings) {
    if (reading.list && selling.has(reading.item)) continue;
    const outcome = reading.outcome;
    if (outcome !== null && 'candidate' in outcome && reading.facts.selected === true) outcome.candidate.selected = true;
    sink.add(outcome);
    unread.note(outcome, reading.facts);
  }
  return { candidates: sink.candidates, problems: sink.problems, ...(unread.values.length > 0 ? { unread: unread.values } : {}) };
}

/** Offers (scopes with a price) told apart by their own URLs: the ones whose URL is the page's (shown-option.ts). */
function shownOffers(scopes: readonly Scope[], pageUrl: string, addresses: PageAddresses): Set<Scope> {
  const siblings = new Map<Scope, Scope[]>();
  for (const scope of scopes) {
    if (scope.parent === null || !scope.props.has('url') || (!scope.props.has('price') && !scope.props.has('lowprice'))) continue;
    const list = siblings.get(scope.parent) ?? [];
    list.push(scope);
    siblings.set(scope.parent, list);
  }
  const shown = new Set<Scope>();
  for (const offers of siblings.values()) {
    for (const offer of shownOptions(offers, (o) => (o.props.get('url') ?? []).map((p) => p.value), pageUrl, addresses)) shown.add(offer);
  }
  return shown;
}

/** The scope, or one it sits in, is the option the page shows. */
function isShown(scope: Scope, shown: ReadonlySet<Scope>): boolean {
  if (shown.size === 0) return false;
  for (let current: Scope | null = scope; current !== null; current = current.parent) if (shown.has(current)) return true;
  return false;
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
