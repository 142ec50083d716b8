import type { Availability } from '../../../../domain/pricing/price-observation.js';
import { parseLenientJson } from '../lenient-json.js';
import { CandidateSink, editionMatchOf } from '../offer-facts.js';
import { attributeIn, availabilityOfFlag, isHiddenAt, platformCandidate } from './platform-block.js';
import type { PlatformReader } from './platform-reader.js';

/**
 * Shopify: themes print the product as JSON (`{{ product | json }}`) in `<script type="application/json"
 * data-product-json>` or `id="ProductJson-…"`, Dawn prints its variants in the variant picker's script and the
 * selected one in `data-selected-variant`; Shopify's analytics add `var meta = {"product": {…, "variants": […]}}` on
 * every product page. Prices there are in cents of the shop's currency (`Shopify.currency.active`), also for
 * currencies without minor units (¥1,110 is 111000). The variant on show is the one the URL names (`?variant=`), else
 * the one the product form posts (`<input name="id">`, the selected option of `<select name="id">`): Liquid's
 * `selected_or_first_available_variant`. A compare-at price is never the price.
 */
export const shopify: PlatformReader = {
  platform: 'Shopify',
  fingerprint: /cdn\.shopify\.com|Shopify\.theme|ShopifyAnalytics|shopify-section/i,
  screen: ['shopify'],
  read(html, ctx) {
    const main = mainProductId(html);
    const variants = productVariants(html, main);
    if (variants.length === 0) return null;
    // The edition's own variant (its barcode or SKU is the ISBN) wins over the one on show.
    const edition = variants.filter((variant) => editionMatchOf(variant.codes, ctx.isbn13, ctx.otherIdentifier) === true);
    const selected = selectedVariantId(html, ctx.pageUrl, variants);
    const shown = edition.length > 0 ? edition : selected === null ? variants : variants.filter((variant) => variant.id === selected);
    const currency = shopCurrency(html);
    const sink = new CandidateSink();
    for (const variant of shown) {
      const value = amountOf(variant.price);
      if (value === null) {
        sink.add({ problem: `variant ${variant.id} has no readable price ${JSON.stringify(variant.price)}` });
        continue;
      }
      const outcome = platformCandidate({ value, ...(currency !== null ? { currency } : {}), availability: variant.availability }, ctx);
      if (outcome !== null && 'candidate' in outcome && edition.length > 0) outcome.candidate.editionMatch = true;
      sink.add(outcome);
    }
    return { candidates: sink.candidates, problems: sink.problems };
  },
};

interface Variant {
  id: string;
  price: unknown;
  availability: Availability;
  /** The variant's barcode and SKU: a book's are its ISBN. */
  codes: unknown[];
}

const META = /\bvar\s+meta\s*=\s*(\{[\s\S]*?\});\s*(?:\n|for\s*\(|window\.|var\s)/;

/** The product the page is about, by Shopify's analytics (`meta.page.resourceId` or `meta.product.id`). */
function mainProductId(html: string): string | null {
  const meta = analyticsMeta(html);
  const page = record(meta?.['page']);
  const id = page?.['resourceType'] === 'product' ? page['resourceId'] : record(meta?.['product'])?.['id'];
  return typeof id === 'number' || typeof id === 'string' ? String(id) : null;
}

function analyticsMeta(html: string): Record<string, unknown> | null {
  const match = META.exec(html);
  if (match === null) return null;
  const parsed = parseLenientJson(match[1] as string);
  return parsed.ok ? record(parsed.value) : null;
}

const JSON_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/**
 * The main product's variants, from the richest source the page has: the theme's product JSON (of the page's product
 * when the analytics name it), the variant picker's JSON (whose variants must be the product's, when known), else
 * the analytics' own list (prices without stock).
 */
function productVariants(html: string, main: string | null): Variant[] {
  let picker: Variant[] = [];
  for (const match of html.matchAll(JSON_SCRIPT)) {
    const attributes = match[1] as string;
    // A script inside a template or a comment is no part of the page (the script's own tag is looked before).
    if (!/application\/json/i.test(attributes) || isHiddenAt(html, match.index - 1)) continue;
    const productJson = /data-product-json|id\s*=\s*["']?ProductJson-/i.test(attributes);
    const inPicker = !productJson && insidePicker(html, match.index);
    if (!productJson && !inPicker) continue;
    const parsed = parseLenientJson(match[2] as string);
    if (!parsed.ok) continue;
    if (productJson) {
      const product = record(parsed.value);
      if (product === null || (main !== null && String(product['id']) !== main)) continue;
      const variants = variantsOf(product['variants']);
      if (variants.length > 0) return variants;
    } else if (picker.length === 0) {
      picker = variantsOf(parsed.value);
    }
  }
  const meta = analyticsMeta(html);
  const listed = variantsOf(record(meta?.['product'])?.['variants']).map((variant) => ({ ...variant, availability: 'unknown' as const }));
  if (picker.length > 0 && (listed.length === 0 || picker.every((variant) => listed.some((other) => other.id === variant.id)))) return picker;
  return listed;
}

/** Inside Dawn's variant picker (`<variant-selects>`, `<variant-radios>`), whose script lists the product's variants. */
function insidePicker(html: string, at: number): boolean {
  const before = html.slice(Math.max(0, at - 20_000), at);
  const opened = Math.max(before.lastIndexOf('<variant-selects'), before.lastIndexOf('<variant-radios'));
  const closed = Math.max(before.lastIndexOf('</variant-selects'), before.lastIndexOf('</variant-radios'));
  return opened >= 0 && opened > closed;
}

function variantsOf(value: unknown): Variant[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const variant = record(item);
    const id = variant?.['id'];
    if (variant === null || (typeof id !== 'number' && typeof id !== 'string')) return [];
    return [{ id: String(id), price: variant['price'], availability: availabilityOfFlag(variant['available']), codes: [variant['barcode'], variant['sku']] }];
  });
}

const PRODUCT_FORM = /<form\b[^>]*\baction\s*=\s*["'][^"']*\/cart\/add[^"']*["'][^>]*>/gi;

/**
 * The variant on show: the URL's `variant`, the `data-selected-variant` JSON, else the id the product form posts. Only
 * an id of the product's own variants counts (forms of quick-add cards post other products' ids).
 */
function selectedVariantId(html: string, pageUrl: string, variants: readonly Variant[]): string | null {
  const own = (id: string | null | undefined): string | null => (id != null && variants.some((variant) => variant.id === id) ? id : null);
  let fromUrl: string | null = null;
  try {
    fromUrl = new URL(pageUrl).searchParams.get('variant');
  } catch {
    fromUrl = null;
  }
  if (own(fromUrl) !== null) return fromUrl;
  const selected = /<script\b[^>]*data-selected-variant[^>]*>([\s\S]*?)<\/script/i.exec(html);
  if (selected !== null) {
    const parsed = parseLenientJson(selected[1] as string);
    const id = parsed.ok ? record(parsed.value)?.['id'] : undefined;
    if (own(typeof id === 'number' || typeof id === 'string' ? String(id) : null) !== null) return String(id);
  }
  for (const form of html.matchAll(PRODUCT_FORM)) {
    if (isHiddenAt(html, form.index)) continue;
    const end = html.indexOf('</form', form.index);
    const body = html.slice(form.index, end < 0 ? form.index + 20_000 : end);
    const id = own(postedId(body));
    if (id !== null) return id;
  }
  return null;
}

/** The variant id a product form posts: a hidden `<input name="id">`, or the selected option of `<select name="id">`. */
function postedId(form: string): string | null {
  for (const input of form.matchAll(/<input\b[^>]*>/gi)) {
    if (attributeIn(input[0], 'name') === 'id') return attributeIn(input[0], 'value') ?? null;
  }
  const select = /<select\b[^>]*\bname\s*=\s*["']id["'][^>]*>([\s\S]*?)<\/select/i.exec(form);
  if (select === null) return null;
  const options = [...(select[1] as string).matchAll(/<option\b[^>]*>/gi)].map((option) => option[0]);
  const chosen = options.find((option) => /\sselected\b/i.test(option)) ?? (options.length === 1 ? options[0] : undefined);
  return chosen === undefined ? null : (attributeIn(chosen, 'value') ?? null);
}

const ACTIVE_CURRENCY = /Shopify\.currency\s*=\s*\{\s*"active"\s*:\s*"([A-Z]{3})"/;
const ANALYTICS_CURRENCY = /ShopifyAnalytics\.meta\.currency\s*=\s*['"]([A-Z]{3})['"]/;

/** The currency the page's prices are in: the storefront's active currency. */
function shopCurrency(html: string): string | null {
  return ACTIVE_CURRENCY.exec(html)?.[1] ?? ANALYTICS_CURRENCY.exec(html)?.[1] ?? null;
}

/** Cents (an integer: 1999, "1999") to a decimal; a decimal written as such ("19.99") as it is. */
function amountOf(price: unknown): string | null {
  const text = typeof price === 'number' ? String(price) : typeof price === 'string' ? price.trim() : '';
  if (/^\d+\.\d+$/.test(text)) return text;
  if (!/^\d+$/.test(text)) return null;
  const cents = text.padStart(3, '0');
  return `${cents.slice(0, -2)}.${cents.slice(-2)}`;
}

function record(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

