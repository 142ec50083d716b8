/** Reading JSON-LD nodes as pages write them: keys in any letter case, `@type` as text or array, prefixed names. */
export type Json = Record<string, unknown>;

export const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
export const asArray = (value: unknown): unknown[] => (value === undefined || value === null ? [] : Array.isArray(value) ? value : [value]);

/**
 * A property by its schema.org name, whatever case the page used (`offers`, `Offers`, `OFFERS`) and with a
 * `schema:` prefix or a full schema.org IRI as key: the exact spelling is tried first, the others only when it is
 * missing.
 */
export function field(node: Json, name: string): unknown {
  const exact = node[name];
  if (exact !== undefined) return exact;
  const key = keysByName(node).get(name.toLowerCase());
  return key === undefined ? undefined : node[key];
}

/**
 * A node's keys by short name (the first key of each name, in the node's order), worked out once per node: the
 * readers ask a node for many properties it does not have (isbn, gtin13, gtin…), and each such question went through
 * all of its keys. Parsed JSON is never changed afterwards, so the names stay true.
 */
const KEYS_BY_NAME = new WeakMap<Json, Map<string, string>>();

function keysByName(node: Json): Map<string, string> {
  let keys = KEYS_BY_NAME.get(node);
  if (keys === undefined) {
    keys = new Map();
    for (const key of Object.keys(node)) {
      const name = shortName(key);
      if (!keys.has(name)) keys.set(name, key);
    }
    KEYS_BY_NAME.set(node, keys);
  }
  return keys;
}

/** "Offer", "schema:Offer", "https://schema.org/Offer" → "offer". */
export function shortName(name: string): string {
  return name.replace(/^.*[/:#]/, '').toLowerCase();
}

export function typesOf(node: Json): Set<string> {
  const types = new Set<string>();
  for (const type of asArray(field(node, '@type'))) {
    if (typeof type === 'string') types.add(shortName(type));
  }
  return types;
}

/** A schema.org enumeration value as text: "InStock", "https://schema.org/InStock", or `{"@id": "schema:InStock"}`. */
export function textOf(value: unknown): string | undefined {
  for (const item of asArray(value)) {
    if (typeof item === 'string') return item;
    if (isObject(item)) {
      const id = field(item, '@id') ?? field(item, '@value') ?? field(item, 'name');
      if (typeof id === 'string') return id;
    }
  }
  return undefined;
}

/** priceType values of a price before the sale (list, strikethrough, recommended): never the price paid beside one. */
export const LIST_PRICE_TYPE = /listprice|strikethroughprice|msrp|\bsrp|minimumadvertisedprice|regularprice|originalprice|wasprice/i;
/** priceType values naming the price paid (schema.org InvoicePrice and SalePrice). */
export const SELLING_PRICE_TYPE = /invoiceprice|saleprice/i;

/** `{"@value": "18.09"}` → "18.09". */
export function valueOf(value: unknown): unknown {
  return isObject(value) && field(value, '@value') !== undefined ? field(value, '@value') : value;
}

export function idOf(node: Json): string | undefined {
  const id = field(node, '@id');
  return typeof id === 'string' ? id : undefined;
}

/** A node that says more than its `@id` (and type): not a mere reference to a node elsewhere. */
export function hasContent(node: Json): boolean {
  return Object.keys(node).some((key) => !['@id', '@type', '@context'].includes(key.toLowerCase()));
}

const PRODUCT_TYPES = /book|product|audiobook|ebook|periodical|publicationissue|creativework|vehicle|softwareapplication|game|movie|musicalbum/;

export function isOffer(node: Json): boolean {
  const types = typesOf(node);
  return types.has('offer') || types.has('aggregateoffer');
}

/** A thing that can be bought: a Book or Product type (any subtype), or any node with offers. */
export function isItem(node: Json): boolean {
  if (isOffer(node)) return false;
  for (const type of typesOf(node)) if (PRODUCT_TYPES.test(type)) return true;
  return field(node, 'offers') !== undefined;
}

/** A list of things: a search results page, an ItemList, an OfferCatalog, a collection page. */
export function isList(node: Json): boolean {
  const types = typesOf(node);
  return (
    types.has('itemlist') ||
    types.has('offercatalog') ||
    types.has('searchresultspage') ||
    types.has('collectionpage') ||
    field(node, 'itemListElement') !== undefined
  );
}
