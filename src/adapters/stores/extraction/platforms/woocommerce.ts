import type { Element } from 'domhandler';
import { DomUtils } from 'htmlparser2';
import type { Availability } from '../../../../domain/pricing/price-observation.js';
import { CandidateSink } from '../offer-facts.js';
import type { ExtractionContext } from '../types.js';
import { availabilityOfFlag, firstBlock, hasClass, mainElement, mainElements, platformCandidate, priceTextOf, writtenCurrency } from './platform-block.js';
import type { PlatformReader } from './platform-reader.js';

const AMOUNT = 'woocommerce-Price-amount';

/**
 * WooCommerce (single-product/price.php and wc_format_sale_price): the summary beside the gallery
 * (`.summary.entry-summary`) holds `<p class="price">`, whose `.woocommerce-Price-amount` is the price; on sale the
 * list price is in `<del>` and the selling price in `<ins>`. A variable product shows a range there; its variations
 * form (`data-product_variations`) says each variation's price, and the selects' selected options say which one the
 * page opens with. Related products, up-sells and cross-sells sit outside the summary.
 */
export const wooCommerce: PlatformReader = {
  platform: 'WooCommerce',
  fingerprint: /woocommerce/i,
  screen: ['woocommerce'],
  read(html, ctx) {
    if (!html.includes(AMOUNT)) return null;
    const summary = firstBlock(html, 'entry-summary');
    if (summary === null) return null;
    const top = summary.element;
    const priceBox = mainElement(top, (element) => hasClass(element, 'price') && DomUtils.findOne((e) => hasClass(e, AMOUNT), element.children) !== null);
    if (priceBox === null) return null;
    const availability = stockOf(top);
    const sink = new CandidateSink();
    const sale = DomUtils.findAll((element) => element.name === 'ins', priceBox.children);
    const scope = sale.length > 0 ? sale : [priceBox];
    const amounts = scope.flatMap((element) => DomUtils.findAll((e) => hasClass(e, AMOUNT) && !struck(e, priceBox), [element]));
    const texts = amounts.map((amount) => priceTextOf(amount));
    const chosen = texts.length > 1 ? selectedVariation(top, texts, ctx) : null;
    if (chosen !== null) {
      sink.add(platformCandidate({ value: chosen.price, currency: chosen.currency, availability: chosen.availability }, ctx));
    } else {
      for (const text of texts) sink.add(platformCandidate({ text, availability }, ctx));
    }
    return { candidates: sink.candidates, problems: sink.problems };
  },
};

/** Inside a `<del>` (the list price) or the price suffix ("incl. VAT", an amount without tax). */
function struck(element: Element, top: Element): boolean {
  for (let node = element.parent; node !== null && node !== top; node = node.parent) {
    if (DomUtils.isTag(node) && (node.name === 'del' || node.name === 's' || hasClass(node, 'woocommerce-price-suffix'))) return true;
  }
  return false;
}

/** `<p class="stock in-stock">`, `out-of-stock`, `available-on-backorder`. */
function stockOf(top: Element): Availability {
  const stock = mainElement(top, (element) => hasClass(element, 'stock'));
  if (stock === null) return 'unknown';
  if (hasClass(stock, 'out-of-stock')) return 'out_of_stock';
  if (hasClass(stock, 'available-on-backorder')) return 'preorder';
  if (hasClass(stock, 'in-stock')) return 'in_stock';
  return 'unknown';
}

interface Variation {
  attributes?: Record<string, unknown>;
  display_price?: unknown;
  is_in_stock?: unknown;
}

/**
 * The variation the page opens with: every attribute select of the variations form has a selected option, and the
 * variations matching them (an empty attribute matches any) all cost the same. Null otherwise.
 */
function selectedVariation(top: Element, texts: Array<string | null>, ctx: ExtractionContext): { price: number; currency?: string; availability: Availability } | null {
  const form = mainElement(top, (element) => element.name === 'form' && element.attribs['data-product_variations'] !== undefined);
  if (form === null) return null;
  let variations: Variation[];
  try {
    const parsed = JSON.parse(form.attribs['data-product_variations'] ?? '') as unknown;
    if (!Array.isArray(parsed)) return null;
    variations = parsed as Variation[];
  } catch {
    return null;
  }
  const selects = mainElements(form, (element) => element.name === 'select' && (element.attribs['name'] ?? '').startsWith('attribute_'));
  if (selects.length === 0) return null;
  const chosen = new Map<string, string>();
  for (const select of selects) {
    const option = DomUtils.findOne((element) => element.name === 'option' && 'selected' in element.attribs, select.children);
    const value = option?.attribs['value'] ?? '';
    if (value === '') return null;
    chosen.set(select.attribs['name'] ?? '', value);
  }
  const matching = variations.filter((variation) =>
    [...chosen].every(([name, value]) => {
      const wanted = variation.attributes?.[name];
      return wanted === '' || wanted === value;
    }),
  );
  const prices = new Set(matching.map((variation) => variation.display_price));
  const [price] = prices;
  if (prices.size !== 1 || typeof price !== 'number') return null;
  // The variations hold bare numbers: the currency is the one the page's amounts write.
  const currency = texts.map((text) => writtenCurrency(text, ctx)).find((code) => code !== null) ?? undefined;
  const stocked = new Set(matching.map((variation) => availabilityOfFlag(variation.is_in_stock)));
  const availability = stocked.size === 1 ? ([...stocked][0] as Availability) : 'unknown';
  return { price, ...(currency !== undefined ? { currency } : {}), availability };
}
