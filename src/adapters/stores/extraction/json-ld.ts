import { availabilityFrom } from '../../../domain/pricing/price-text.js';
import { findJsonLdBlocks } from './json-ld-blocks.js';
import { parseLenientJson } from './lenient-json.js';
import { LIMITS } from './limits.js';
import { CandidateSink, candidateFrom, conditionFrom, editionMatchOf, samePage } from './offer-facts.js';
import type { ExtractionContext, SourceOutcome } from './types.js';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const asArray = (value: unknown): unknown[] => (value === undefined || value === null ? [] : Array.isArray(value) ? value : [value]);

/** "Offer", "schema:Offer", "https://schema.org/Offer" → "offer". */
function typesOf(node: Json): Set<string> {
  const types = new Set<string>();
  for (const type of asArray(node['@type'])) {
    if (typeof type === 'string') types.add(type.replace(/^.*[/:#]/, '').toLowerCase());
  }
  return types;
}

/** A schema.org enumeration value as text: "InStock", "https://schema.org/InStock", or `{"@id": "schema:InStock"}`. */
function textOf(value: unknown): string | undefined {
  for (const item of asArray(value)) {
    if (typeof item === 'string') return item;
    if (isObject(item)) {
      const id = item['@id'] ?? item['@value'] ?? item['name'];
      if (typeof id === 'string') return id;
    }
  }
  return undefined;
}

/** `{"@value": "18.09"}` → "18.09". */
function valueOf(value: unknown): unknown {
  return isObject(value) && '@value' in value ? value['@value'] : value;
}

const ISBN_FIELDS = ['isbn', 'gtin13', 'gtin', 'gtin14', 'productID'] as const;
const isbnValues = (node: Json): unknown[] => ISBN_FIELDS.flatMap((field) => asArray(node[field]));
const LIST_PRICE = /listprice|strikethroughprice|msrp|\bsrp|invoiceprice|minimumadvertisedprice/i;

/** What an offer takes from the product, variant or aggregate it sits in. */
interface Inherited {
  availability?: string | undefined;
  condition?: string | undefined;
  currency?: unknown;
  editionMatch?: boolean | undefined;
  pageMatch?: boolean | undefined;
}

/**
 * schema.org JSON-LD: every `ld+json` block (repaired when it is almost JSON), `@graph`, arrays, `@id` references;
 * offers of Book/Product/ProductGroup (and any node with `offers`), followed only through `offers`, `hasVariant`,
 * `workExample` and `mainEntity` — never through `isRelatedTo`, `isSimilarTo` or lists of other products.
 */
export function fromJsonLd(html: string, ctx: ExtractionContext): SourceOutcome {
  const sink = new CandidateSink();
  const { blocks, skipped } = findJsonLdBlocks(html);
  if (skipped > 0) sink.problems.push(`${skipped} JSON-LD block(s) skipped (too large or too many)`);
  const roots: unknown[] = [];
  blocks.forEach((block, index) => {
    const parsed = parseLenientJson(block);
    if (parsed.ok) roots.push(parsed.value);
    else sink.problems.push(`JSON-LD block ${index + 1} is not JSON and could not be repaired: ${parsed.error}`);
  });
  new JsonLdReader(ctx, sink).read(roots);
  return { candidates: sink.candidates, problems: sink.problems };
}

class JsonLdReader {
  private readonly byId = new Map<string, Json>();
  private readonly seen = new Set<object>();
  private visits = 0;

  constructor(
    private readonly ctx: ExtractionContext,
    private readonly sink: CandidateSink,
  ) {}

  read(roots: unknown[]): void {
    const top: Json[] = [];
    for (const root of roots) this.collectTop(root, top, 0);
    for (const node of top) {
      const id = node['@id'];
      if (typeof id === 'string' && hasContent(node) && !this.byId.has(id)) this.byId.set(id, node);
    }
    // Products first, so that an Offer listed on its own in @graph and referenced by a product is read with the
    // product's ISBN and condition; then the offers nobody referenced.
    // Containers (ProductGroup, a Book with workExample editions, a WebPage's mainEntity) before their members, so
    // that a variant listed on its own in @graph is read as the container's variant.
    const containers = top.filter((node) => !isOffer(node) && isContainer(node));
    const others = top.filter((node) => !isOffer(node) && !isContainer(node));
    for (const node of [...containers, ...others]) this.entity(node, {}, 0);
    for (const node of top) if (isOffer(node)) this.offer(node, {}, 0);
  }

  private collectTop(value: unknown, into: Json[], depth: number): void {
    if (depth > 4 || into.length > LIMITS.jsonLdNodes) return;
    if (Array.isArray(value)) {
      for (const item of value) this.collectTop(item, into, depth + 1);
    } else if (isObject(value)) {
      into.push(value);
      if ('@graph' in value) this.collectTop(value['@graph'], into, depth + 1);
    }
  }

  private resolve(value: unknown): unknown {
    if (isObject(value) && typeof value['@id'] === 'string' && !hasContent(value)) return this.byId.get(value['@id']) ?? value;
    return value;
  }

  /** Marks a node visited; false when it was seen already or a cap is reached. */
  private enter(node: Json, depth: number): boolean {
    if (this.seen.has(node) || depth > LIMITS.jsonLdDepth || this.sink.full) return false;
    if (++this.visits > LIMITS.jsonLdNodes) return false;
    this.seen.add(node);
    return true;
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
      availability: textOf(node['availability']) ?? inherited.availability,
      condition: textOf(node['itemCondition']) ?? inherited.condition,
      currency: inherited.currency,
      editionMatch: editionMatchOf(isbnValues(node), this.ctx.isbn13) ?? inherited.editionMatch,
      pageMatch: inherited.pageMatch,
    };
    for (const offer of asArray(node['offers'])) this.offer(offer, own, depth + 1);
    for (const variant of asArray(node['hasVariant'])) {
      this.entity(variant, { ...own, pageMatch: own.pageMatch === true || this.isPageVariant(variant) }, depth + 1);
    }
    for (const child of [...asArray(node['workExample']), ...asArray(node['mainEntity'])]) this.entity(child, own, depth + 1);
  }

  /** A ProductGroup variant whose own URL (or its offer's) is the page: the variant the page shows. */
  private isPageVariant(value: unknown): boolean {
    const variant = this.resolve(value);
    if (!isObject(variant)) return false;
    if (samePage(variant['url'], this.ctx.pageUrl)) return true;
    return asArray(variant['offers']).some((offer) => {
      const resolved = this.resolve(offer);
      return isObject(resolved) && samePage(resolved['url'], this.ctx.pageUrl);
    });
  }

  private offer(value: unknown, inherited: Inherited, depth: number): void {
    const node = this.resolve(value);
    if (Array.isArray(node)) {
      for (const item of node) this.offer(item, inherited, depth + 1);
      return;
    }
    if (!isObject(node) || !this.enter(node, depth)) return;
    const itemOffered = this.resolve(node['itemOffered']);
    const editionMatch =
      editionMatchOf(isbnValues(node), this.ctx.isbn13) ??
      (isObject(itemOffered) ? editionMatchOf(isbnValues(itemOffered), this.ctx.isbn13) : undefined) ??
      inherited.editionMatch;
    const own: Inherited = {
      availability: textOf(node['availability']) ?? inherited.availability,
      condition: textOf(node['itemCondition']) ?? inherited.condition,
      currency: node['priceCurrency'] ?? inherited.currency,
      editionMatch,
      pageMatch: inherited.pageMatch,
    };
    const price = valueOf(node['price']);
    const hasPrice = price !== undefined && price !== null && price !== '';
    const aggregate =
      typesOf(node).has('aggregateoffer') || (!hasPrice && (node['lowPrice'] !== undefined || node['highPrice'] !== undefined));

    if (aggregate) {
      // The listed offers say more than the summary (their condition, their availability).
      const before = this.sink.candidates.length;
      for (const nested of asArray(node['offers'])) this.offer(nested, own, depth + 1);
      if (this.sink.candidates.length > before) return;
      const values = hasPrice ? asArray(price) : [valueOf(node['lowPrice']), valueOf(node['highPrice'])];
      for (const item of values) this.add(item, own.currency, own);
      return;
    }
    if (hasPrice) {
      for (const item of asArray(price)) this.add(valueOf(item), own.currency, own);
      return;
    }
    const specifications = this.specifications(node['priceSpecification']);
    for (const spec of specifications) this.add(valueOf(spec['price'] ?? spec['minPrice']), spec['priceCurrency'] ?? own.currency, own);
    if (specifications.length === 0) {
      for (const nested of asArray(node['offers'])) this.offer(nested, own, depth + 1);
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
      const components = asArray(spec['priceComponent']).map((c) => this.resolve(c)).filter(isObject);
      const specs = components.length > 0 ? components : [spec];
      for (const one of specs) {
        const price = one['price'] ?? one['minPrice'];
        if (price !== undefined && price !== null && price !== '') all.push(one);
      }
    }
    const paid = all.filter((spec) => !LIST_PRICE.test(textOf(spec['priceType']) ?? ''));
    const chosen = paid.length > 0 ? paid : all;
    const whole = chosen.filter((spec) => spec['referenceQuantity'] === undefined);
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
          machineReadable: true,
        },
        this.ctx,
      ),
    );
  }
}

function hasContent(node: Json): boolean {
  return Object.keys(node).some((key) => key !== '@id' && key !== '@type' && key !== '@context');
}

function isOffer(node: Json): boolean {
  const types = typesOf(node);
  return types.has('offer') || types.has('aggregateoffer');
}

function isContainer(node: Json): boolean {
  return 'hasVariant' in node || 'workExample' in node || 'mainEntity' in node || typesOf(node).has('productgroup');
}
