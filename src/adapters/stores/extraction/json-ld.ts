import { availabilityFrom } from './price-text/price-text.js';
import { findJsonLdBlocks, type JsonLdBlocks } from './json-ld-blocks.js';
import {
  asArray,
  field,
  hasContent,
  idOf,
  isItem,
  isList,
  isObject,
  isOffer,
  type Json,
  LIST_PRICE_TYPE,
  SELLING_PRICE_TYPE,
  textOf,
  typesOf,
  valueOf,
} from './json-ld-nodes.js';
import { parseLenientJson } from './lenient-json.js';
import { LIMITS } from './limits.js';
import { CandidateSink, candidateFrom, conditionFrom, editionMatchOf } from './offer-facts.js';
import { isOtherPage, isThisPage, pageAddresses, type PageAddresses } from './page-addresses.js';
import { shownOptions } from './shown-option.js';
import type { ExtractionContext, SourceOutcome } from './types.js';
import { UnreadSink } from './unread-prices.js';

/** One entry of a list the page carries (search results, related products): where it links, and whose ISBN. */
export interface ListedItem {
  url: string | undefined;
  editionMatch: boolean | undefined;
}

export interface JsonLdOutcome extends SourceOutcome {
  /**
   * The page describes itself as a list: a SearchResultsPage or CollectionPage, or an ItemList of several products
   * beside no item of its own (a product page's "related products" list does not make it a list page).
   */
  listPage: boolean;
  listedItems: ListedItem[];
}

const ISBN_FIELDS = ['isbn', 'gtin13', 'gtin', 'gtin14', 'gtin12', 'productID', 'sku'] as const;
const isbnValues = (node: Json): unknown[] => ISBN_FIELDS.flatMap((name) => asArray(field(node, name)));
/** A page's own node, whose mainEntity is the item the page is about (not a list page). */
const PAGE_TYPES = new Set(['webpage', 'itempage', 'productpage', 'aboutpage']);

/** What an offer takes from the item, edition, variant or aggregate it sits in. */
interface Inherited {
  item: number;
  listed: boolean;
  elsewhere?: boolean | undefined;
  availability?: string | undefined;
  condition?: string | undefined;
  currency?: unknown;
  editionMatch?: boolean | undefined;
  pageMatch?: boolean | undefined;
  /** The option (offer, variant) the page shows among its siblings (shown-option.ts). */
  selected?: boolean | undefined;
}

/**
 * schema.org JSON-LD: every `ld+json` block (repaired when it is almost JSON), `@graph`, arrays, `@id` references,
 * keys in any letter case. Offers are read from Book/Product/ProductGroup (and any node with offers), through
 * `offers`, `hasVariant`, `workExample` editions and their `potentialAction` → `expectsAcceptanceOf` (Google's
 * book actions), `mainEntity` and `itemOffered`; never through `isRelatedTo`, `isSimilarTo` or bundles' parts.
 * Every price carries the top-level item it belongs to, whether that item is the page's own (its `url`/`@id`, or a
 * WebPage's `mainEntity`) and whether it sits in a list of other products (ItemList, search results).
 */
export function fromJsonLd(html: string, ctx: ExtractionContext, found: JsonLdBlocks = findJsonLdBlocks(html)): JsonLdOutcome {
  const sink = new CandidateSink();
  const unread = new UnreadSink();
  const { blocks, skipped } = found;
  if (skipped > 0) sink.problems.push(`${skipped} JSON-LD block(s) skipped (too large or too many)`);
  const roots: unknown[] = [];
  blocks.forEach((block, index) => {
    const parsed = parseLenientJson(block);
    if (parsed.ok) roots.push(parsed.value);
    else sink.problems.push(`JSON-LD block ${index + 1} is not JSON and could not be repaired: ${parsed.error}`);
  });
  const reader = new JsonLdReader(ctx, sink, unread);
  reader.read(roots);
  const listPage = reader.declaresList || (reader.listedItems.length >= 2 && !reader.hasOwnItem);
  return {
    candidates: sink.candidates,
    problems: sink.problems,
    ...(unread.values.length > 0 ? { unread: unread.values } : {}),
    listPage,
    listedItems: reader.listedItems,
  };
}

class JsonLdReader {
  declaresList = false;
  hasOwnItem = false;
  readonly listedItems: ListedItem[] = [];
  private readonly byId = new Map<string, Json>();
  private readonly topIndex = new Map<Json, number>();
  private readonly seen = new Set<object>();
  private visits = 0;
  private readonly addresses: PageAddresses;

  constructor(
    private readonly ctx: ExtractionContext,
    private readonly sink: CandidateSink,
    private readonly unread: UnreadSink,
  ) {
    this.addresses = ctx.addresses ?? pageAddresses('', ctx.pageUrl);
  }

  read(roots: unknown[]): void {
    const top: Json[] = [];
    for (const root of roots) this.collectTop(root, top, 0);
    top.forEach((node, index) => {
      this.topIndex.set(node, index);
      const id = idOf(node);
      if (id !== undefined && hasContent(node) && !this.byId.has(id)) this.byId.set(id, node);
    });
    const at = (node: Json): Inherited => ({ item: this.topIndex.get(node) ?? 0, listed: false });
    // The page's own declarations first, so the item a WebPage names as its mainEntity is read as the page's item;
    // then containers (ProductGroup, a Book with editions) before members listed on their own in @graph; then the
    // other items; then lists, whose items are marked as listed; offers nobody referenced come last.
    for (const node of top) if (isPageNode(node)) this.pageNode(node, at(node));
    const items = top.filter((node) => isItem(node) && !isList(node));
    if (items.length > 0) this.hasOwnItem = true;
    for (const node of [...items.filter(isContainer), ...items.filter((node) => !isContainer(node))]) {
      this.entity(node, { ...at(node), pageMatch: this.isPageItem(node, false), elsewhere: this.isOtherPageItem(node) }, 0);
    }
    for (const node of top) if (isList(node)) this.list(node, at(node), 0);
    for (const node of top) if (isOffer(node)) this.offer(node, at(node), 0);
  }

  private collectTop(value: unknown, into: Json[], depth: number): void {
    if (depth > 4 || into.length > LIMITS.jsonLdNodes) return;
    if (Array.isArray(value)) {
      for (const item of value) this.collectTop(item, into, depth + 1);
    } else if (isObject(value)) {
      into.push(value);
      const graph = field(value, '@graph');
      if (graph !== undefined) this.collectTop(graph, into, depth + 1);
    }
  }

  private resolve(value: unknown): unknown {
    if (isObject(value) && !hasContent(value)) {
      const id = idOf(value);
      if (id !== undefined) return this.byId.get(id) ?? value;
    }
    return value;
  }

  /** Marks a node visited; false when it was seen already or a cap is reached. */
  private enter(node: Json, depth: number): boolean {
    if (this.seen.has(node) || depth > LIMITS.jsonLdDepth || this.sink.full) return false;
    if (++this.visits > LIMITS.jsonLdNodes) return false;
    this.seen.add(node);
    return true;
  }

  /** A top-level item referenced from elsewhere keeps its own place among the page's items. */
  private placed(node: Json, inherited: Inherited): Inherited {
    const index = this.topIndex.get(node);
    return index === undefined ? inherited : { ...inherited, item: index };
  }

  private pageNode(node: Json, inherited: Inherited): void {
    for (const main of asArray(field(node, 'mainEntity'))) {
      const entity = this.resolve(main);
      if (!isObject(entity)) continue;
      if (isList(entity)) {
        this.list(entity, this.placed(entity, inherited), 1);
      } else {
        this.hasOwnItem = true;
        this.entity(entity, { ...this.placed(entity, inherited), pageMatch: true }, 1);
      }
    }
  }

  private list(node: Json, inherited: Inherited, depth: number): void {
    if (!this.enter(node, depth)) return;
    const elements = asArray(field(node, 'itemListElement'));
    const isResults = typesOf(node).has('searchresultspage') || typesOf(node).has('collectionpage');
    for (const element of elements) {
      let item = this.resolve(element);
      if (isObject(item) && typesOf(item).has('listitem') && field(item, 'item') !== undefined) item = this.resolve(field(item, 'item'));
      if (!isObject(item)) continue;
      if (isItem(item) || isOffer(item)) {
        const url = field(item, 'url') ?? idOf(item);
        this.listedItems.push({
          url: typeof url === 'string' ? url : undefined,
          editionMatch: editionMatchOf(isbnValues(item), this.ctx.isbn13, this.ctx.otherIdentifier),
        });
      } else if (typesOf(item).has('listitem')) {
        // A ListItem with only a url: a link to an item, as search results often are.
        const url = field(item, 'url');
        if (typeof url === 'string') this.listedItems.push({ url, editionMatch: undefined });
      }
      this.entity(item, { ...inherited, listed: true, pageMatch: false }, depth + 1);
    }
    for (const main of asArray(field(node, 'mainEntity'))) {
      const resolved = this.resolve(main);
      if (isObject(resolved)) this.list(resolved, inherited, depth + 1);
    }
    if (isResults) this.declaresList = true;
  }

  private entity(value: unknown, inherited: Inherited, depth: number): void {
    const node = this.resolve(value);
    if (!isObject(node)) return;
    if (isOffer(node)) {
      this.offer(node, inherited, depth);
      return;
    }
    if (!this.enter(node, depth)) return;
    const own: Inherited = {
      ...inherited,
      availability: textOf(field(node, 'availability')) ?? inherited.availability,
      condition: textOf(field(node, 'itemCondition')) ?? inherited.condition,
      editionMatch: editionMatchOf(isbnValues(node), this.ctx.isbn13, this.ctx.otherIdentifier) ?? inherited.editionMatch,
    };
    this.offers(asArray(field(node, 'offers')), own, depth + 1);
    this.actions(node, own, depth);
    const variants = asArray(field(node, 'hasVariant'));
    const shown = this.shown(variants, (variant) => this.itemUrls(variant));
    for (const variant of variants) {
      const selected = own.selected === true || shown.has(variant);
      this.entity(variant, { ...own, pageMatch: own.pageMatch === true || this.isPageItem(variant, false), selected }, depth + 1);
    }
    // Editions of a work: each its own ISBN, format and offers; the work's ISBN (if any) is not the edition's.
    for (const edition of asArray(field(node, 'workExample'))) {
      this.entity(edition, { ...own, editionMatch: inherited.editionMatch, pageMatch: own.pageMatch === true || this.isPageItem(edition, false) }, depth + 1);
    }
    for (const main of asArray(field(node, 'mainEntity'))) this.entity(main, own, depth + 1);
  }

  /** Google's book actions: `potentialAction` (ReadAction, BuyAction…) → `expectsAcceptanceOf` → Offer. */
  private actions(node: Json, own: Inherited, depth: number): void {
    for (const action of asArray(field(node, 'potentialAction'))) {
      const resolved = this.resolve(action);
      if (!isObject(resolved)) continue;
      for (const offer of asArray(field(resolved, 'expectsAcceptanceOf'))) this.offer(offer, own, depth + 2);
    }
  }

  /**
   * The item (or variant, or edition) whose own URL, `@id` or offer URL is the page: the one the page shows. Variants
   * are often told apart by their query string only, so they must match exactly; a top-level item may carry tracking
   * parameters (`loosely`).
   */
  private isPageItem(value: unknown, loosely: boolean): boolean {
    return this.itemUrls(value).some((url) => isThisPage(url, this.addresses, loosely));
  }

  /** An item's own addresses: its `url`, its `@id` without fragment, its offers' URLs. */
  private itemUrls(value: unknown): unknown[] {
    const item = this.resolve(value);
    if (!isObject(item)) return [];
    const offers = asArray(field(item, 'offers')).map((offer) => this.resolve(offer));
    return [field(item, 'url'), idOf(item)?.replace(/#.*$/, ''), ...offers.map((offer) => (isObject(offer) ? field(offer, 'url') : undefined))];
  }

  /** Among an item's options (offers, variants), the ones the page shows by its URL (shown-option.ts). */
  private shown(options: unknown[], urlsOf: (option: unknown) => unknown[]): Set<unknown> {
    return shownOptions(options, urlsOf, this.ctx.pageUrl, this.addresses);
  }

  /** An item's offers: options with their own URLs, the one the page shows marked as such. */
  private offers(offers: unknown[], inherited: Inherited, depth: number): void {
    const shown = this.shown(offers, (offer) => {
      const resolved = this.resolve(offer);
      return isObject(resolved) ? [field(resolved, 'url')] : [];
    });
    for (const offer of offers) this.offer(offer, shown.has(offer) ? { ...inherited, selected: true } : inherited, depth);
  }

  /** A top-level item whose URL (or web `@id`) is another page: a related product, not the page's own. */
  private isOtherPageItem(node: Json): boolean {
    if (this.isPageItem(node, true)) return false;
    return isOtherPage(field(node, 'url'), this.addresses) || isOtherPage(idOf(node)?.replace(/#.*$/, ''), this.addresses);
  }

  private offer(value: unknown, inherited: Inherited, depth: number): void {
    const node = this.resolve(value);
    if (Array.isArray(node)) {
      for (const item of node) this.offer(item, inherited, depth + 1);
      return;
    }
    if (!isObject(node) || !this.enter(node, depth)) return;
    const itemOffered = this.resolve(field(node, 'itemOffered'));
    const editionMatch =
      editionMatchOf(isbnValues(node), this.ctx.isbn13, this.ctx.otherIdentifier) ??
      (isObject(itemOffered) ? editionMatchOf(isbnValues(itemOffered), this.ctx.isbn13, this.ctx.otherIdentifier) : undefined) ??
      inherited.editionMatch;
    const own: Inherited = {
      ...inherited,
      availability: textOf(field(node, 'availability')) ?? inherited.availability,
      condition: textOf(field(node, 'itemCondition')) ?? inherited.condition,
      currency: field(node, 'priceCurrency') ?? inherited.currency,
      editionMatch,
    };
    const price = valueOf(field(node, 'price'));
    const hasPrice = price !== undefined && price !== null && price !== '';
    const low = valueOf(field(node, 'lowPrice'));
    const high = valueOf(field(node, 'highPrice'));
    const aggregate = typesOf(node).has('aggregateoffer') || (!hasPrice && (low !== undefined || high !== undefined));

    if (aggregate) {
      // The listed offers say more than the summary (their condition, their availability).
      const before = this.sink.candidates.length + this.unread.values.length;
      this.offers(asArray(field(node, 'offers')), own, depth + 1);
      if (this.sink.candidates.length + this.unread.values.length > before) return;
      const values = hasPrice ? asArray(price) : [low, high];
      for (const item of values) this.add(valueOf(item), own.currency, own);
      return;
    }
    if (hasPrice) {
      this.pricePaid(asArray(price).map(valueOf), this.priceSpecs(field(node, 'priceSpecification')), own);
      return;
    }
    const specifications = this.specifications(field(node, 'priceSpecification'));
    for (const spec of specifications) this.addSpec(spec, own);
    if (specifications.length === 0) this.offers(asArray(field(node, 'offers')), own, depth + 1);
  }

  /**
   * An offer's `price` beside its priceSpecification. The `price` is the price paid, unless a specification names
   * the price paid explicitly (SalePrice, InvoicePrice): then that one is read too, and the `price` only when it is not
   * the list price (`price` 79.90, ListPrice 79.90, SalePrice 71.91 is 71.91). A list or strikethrough price is never
   * a candidate beside a price paid.
   */
  private pricePaid(prices: unknown[], specs: Json[], own: Inherited): void {
    const selling = specs.filter((spec) => SELLING_PRICE_TYPE.test(textOf(field(spec, 'priceType')) ?? '') && field(spec, 'referenceQuantity') === undefined);
    const listed = new Set(specs.filter((spec) => LIST_PRICE_TYPE.test(textOf(field(spec, 'priceType')) ?? '')).map((spec) => amountOf(specPrice(spec))).filter((amount) => !Number.isNaN(amount)));
    for (const value of prices) {
      if (selling.length === 0 || !listed.has(amountOf(value))) this.add(value, own.currency, own);
    }
    for (const spec of selling) this.addSpec(spec, own);
  }

  private addSpec(spec: Json, own: Inherited): void {
    this.add(specPrice(spec), field(spec, 'priceCurrency') ?? own.currency, own);
  }

  /** The price specifications of an offer, CompoundPriceSpecification components one level deep, with a price. */
  private priceSpecs(value: unknown): Json[] {
    return this.specEntries(value).filter((one) => {
      const price = specPrice(one);
      return price !== undefined && price !== null && price !== '';
    });
  }

  /** Every price specification entry of an offer (components one level deep), whether its price can be read or not. */
  private specEntries(value: unknown): Json[] {
    const all: Json[] = [];
    for (const item of asArray(value)) {
      const spec = this.resolve(item);
      if (!isObject(spec)) continue;
      const components = asArray(field(spec, 'priceComponent')).map((c) => this.resolve(c)).filter(isObject);
      all.push(...(components.length > 0 ? components : [spec]));
    }
    return all;
  }

  /**
   * priceSpecification: the price paid, not a list/strikethrough price or a unit price, when the page gives both.
   * CompoundPriceSpecification components are read one level deep. List prices alone are read only when every entry
   * is one: beside an entry whose price cannot be read (the price paid, broken), a list price is not the answer.
   */
  private specifications(value: unknown): Json[] {
    const all = this.priceSpecs(value);
    const isList = (spec: Json): boolean => LIST_PRICE_TYPE.test(textOf(field(spec, 'priceType')) ?? '');
    const paid = all.filter((spec) => !isList(spec));
    const onlyLists = this.specEntries(value).every(isList);
    const chosen = paid.length > 0 ? paid : onlyLists ? all : [];
    const whole = chosen.filter((spec) => field(spec, 'referenceQuantity') === undefined);
    return whole.length > 0 ? whole : chosen;
  }

  private add(value: unknown, currency: unknown, facts: Inherited): void {
    const price = {
      value,
      currency: textOf(currency),
      availability: availabilityFrom(facts.availability),
      condition: conditionFrom(facts.condition),
      editionMatch: facts.editionMatch,
      pageMatch: facts.pageMatch,
      item: facts.item,
      listed: facts.listed,
      elsewhere: facts.elsewhere,
      machineReadable: true,
    };
    const outcome = candidateFrom(price, this.ctx);
    if (outcome !== null && 'candidate' in outcome && facts.selected === true) outcome.candidate.selected = true;
    this.sink.add(outcome);
    this.unread.note(outcome, { ...price, selected: facts.selected });
  }
}

const specPrice = (spec: Json): unknown => valueOf(field(spec, 'price') ?? field(spec, 'minPrice'));

/** An amount to compare list and paid prices by ("79.90" and 79.9 are one); NaN never equals. */
function amountOf(value: unknown): number {
  return typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d+(?:\.\d+)?\s*$/.test(value) ? Number(value) : Number.NaN;
}

function isContainer(node: Json): boolean {
  return (
    field(node, 'hasVariant') !== undefined ||
    field(node, 'workExample') !== undefined ||
    field(node, 'mainEntity') !== undefined ||
    typesOf(node).has('productgroup')
  );
}

function isPageNode(node: Json): boolean {
  return [...typesOf(node)].some((type) => PAGE_TYPES.has(type)) && field(node, 'mainEntity') !== undefined;
}

