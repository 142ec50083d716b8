import { availabilityFrom } from './price-text/price-text.js';
import { findJsonLdBlocks } from './json-ld-blocks.js';
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
  textOf,
  typesOf,
  valueOf,
} from './json-ld-nodes.js';
import { parseLenientJson } from './lenient-json.js';
import { LIMITS } from './limits.js';
import { CandidateSink, candidateFrom, conditionFrom, editionMatchOf } from './offer-facts.js';
import { isOtherPage, isThisPage, pageAddresses, type PageAddresses } from './page-addresses.js';
import type { ExtractionContext, SourceOutcome } from './types.js';

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
const LIST_PRICE = /listprice|strikethroughprice|msrp|\bsrp|invoiceprice|minimumadvertisedprice|regularprice|originalprice/i;
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
}

/**
 * schema.org JSON-LD: every `ld+json` block (repaired when it is almost JSON), `@graph`, arrays, `@id` references,
 * keys in any letter case. Offers are read from Book/Product/ProductGroup (and any node with offers), through
 * `offers`, `hasVariant`, `workExample` editions and their `potentialAction` → `expectsAcceptanceOf` (Google's
 * book actions), `mainEntity` and `itemOffered`; never through `isRelatedTo`, `isSimilarTo` or bundles' parts.
 * Every price carries the top-level item it belongs to, whether that item is the page's own (its `url`/`@id`, or a
 * WebPage's `mainEntity`) and whether it sits in a list of other products (ItemList, search results).
 */
export function fromJsonLd(html: string, ctx: ExtractionContext): JsonLdOutcome {
  const sink = new CandidateSink();
  const { blocks, skipped } = findJsonLdBlocks(html);
  if (skipped > 0) sink.problems.push(`${skipped} JSON-LD block(s) skipped (too large or too many)`);
  const roots: unknown[] = [];
  blocks.forEach((block, index) => {
    const parsed = parseLenientJson(block);
    if (parsed.ok) roots.push(parsed.value);
    else sink.problems.push(`JSON-LD block ${index + 1} is not JSON and could not be repaired: ${parsed.error}`);
  });
  const reader = new JsonLdReader(ctx, sink);
  reader.read(roots);
  const listPage = reader.declaresList || (reader.listedItems.length >= 2 && !reader.hasOwnItem);
  return { candidates: sink.candidates, problems: sink.problems, listPage, listedItems: reader.listedItems };
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
          editionMatch: editionMatchOf(isbnValues(item), this.ctx.isbn13),
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
      editionMatch: editionMatchOf(isbnValues(node), this.ctx.isbn13) ?? inherited.editionMatch,
    };
    for (const offer of asArray(field(node, 'offers'))) this.offer(offer, own, depth + 1);
    this.actions(node, own, depth);
    for (const variant of asArray(field(node, 'hasVariant'))) {
      this.entity(variant, { ...own, pageMatch: own.pageMatch === true || this.isPageItem(variant, false) }, depth + 1);
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
    const item = this.resolve(value);
    if (!isObject(item)) return false;
    const here = (url: unknown): boolean => isThisPage(url, this.addresses, loosely);
    if (here(field(item, 'url')) || here(idOf(item)?.replace(/#.*$/, ''))) return true;
    return asArray(field(item, 'offers')).some((offer) => {
      const resolved = this.resolve(offer);
      return isObject(resolved) && here(field(resolved, 'url'));
    });
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
      editionMatchOf(isbnValues(node), this.ctx.isbn13) ??
      (isObject(itemOffered) ? editionMatchOf(isbnValues(itemOffered), this.ctx.isbn13) : undefined) ??
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
      const before = this.sink.candidates.length;
      for (const nested of asArray(field(node, 'offers'))) this.offer(nested, own, depth + 1);
      if (this.sink.candidates.length > before) return;
      const values = hasPrice ? asArray(price) : [low, high];
      for (const item of values) this.add(valueOf(item), own.currency, own);
      return;
    }
    if (hasPrice) {
      for (const item of asArray(price)) this.add(valueOf(item), own.currency, own);
      return;
    }
    const specifications = this.specifications(field(node, 'priceSpecification'));
    for (const spec of specifications) {
      this.add(valueOf(field(spec, 'price') ?? field(spec, 'minPrice')), field(spec, 'priceCurrency') ?? own.currency, own);
    }
    if (specifications.length === 0) {
      for (const nested of asArray(field(node, 'offers'))) this.offer(nested, own, depth + 1);
    }
  }

  /**
   * priceSpecification: the price paid, not a list/strikethrough price or a unit price, when the page gives both.
   * CompoundPriceSpecification components are read one level deep.
   */
  private specifications(value: unknown): Json[] {
    const all: Json[] = [];
    for (const item of asArray(value)) {
      const spec = this.resolve(item);
      if (!isObject(spec)) continue;
      const components = asArray(field(spec, 'priceComponent')).map((c) => this.resolve(c)).filter(isObject);
      const specs = components.length > 0 ? components : [spec];
      for (const one of specs) {
        const price = field(one, 'price') ?? field(one, 'minPrice');
        if (price !== undefined && price !== null && price !== '') all.push(one);
      }
    }
    const paid = all.filter((spec) => !LIST_PRICE.test(textOf(field(spec, 'priceType')) ?? ''));
    const chosen = paid.length > 0 ? paid : all;
    const whole = chosen.filter((spec) => field(spec, 'referenceQuantity') === undefined);
    return whole.length > 0 ? whole : chosen;
  }

  private add(value: unknown, currency: unknown, facts: Inherited): void {
    this.sink.add(
      candidateFrom(
        {
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
        },
        this.ctx,
      ),
    );
  }
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

