import type { Element } from 'domhandler';
import { DomUtils } from 'htmlparser2';
import type { Availability } from '../../../../domain/pricing/price-observation.js';
import { availabilityFrom } from '../price-text/price-text.js';
import { CandidateSink } from '../offer-facts.js';
import { blockAt, classesOf, hasClass, mainElement, mainElements, platformCandidate, priceTextOf, tagsNaming } from './platform-block.js';
import type { PlatformReader } from './platform-reader.js';

/** Classes of parts of a Lightspeed price block that are not the price: the old price, tax notes, prices without tax. */
const NOT_THE_PRICE = /^(?:price-old|old-price|price-strict|price-tax|price-excl|price-unit|unit-price|price-label)$/;

/**
 * Lightspeed eCom (C-Series, formerly SEOshop; Rain templates): the product page posts `#product_configure_form` to
 * `cart/add/<variant id>`, and its `.product-price` block shows `.price-old` (the price before a discount) beside
 * `.price` (what the buyer pays; themes with a VAT switch show `.price-incl` and `.price-excl`). The form's variant
 * select (`#product_configure_variants`) marks the variant on show as `selected`, and the block shows its price.
 * Blocks of other products (`.product-block`, related and recently viewed lists) sit outside the product form.
 */
export const lightspeed: PlatformReader = {
  platform: 'Lightspeed',
  fingerprint: /webshopapp\.com|lightspeed|seoshop/i,
  screen: ['webshopapp', 'lightspeed', 'seoshop'],
  read(html, ctx) {
    const form = formBlock(html);
    // Without the product form, a `.product-price` block could be anyone's: many sites use the name.
    const top = form === null ? null : mainElement(form, (element) => hasClass(element, 'product-price'));
    if (form === null || top === null) return null;
    const prices = mainElements(top, (element) => isPrice(element, top));
    const sink = new CandidateSink();
    const availability = stockOf(form);
    for (const price of prices) sink.add(platformCandidate({ text: priceTextOf(price), availability }, ctx));
    return { candidates: sink.candidates, problems: sink.problems };
  },
};

function formBlock(html: string): Element | null {
  for (const at of tagsNaming(html, 'product_configure_form', 'id', true)) return blockAt(html, at)?.element ?? null;
  return null;
}

/** A selling price element (`.price`, `.price-incl`, `.price-new`), not inside an old price, and holding no other. */
function isPrice(element: Element, top: Element): boolean {
  const names = classesOf(element);
  if (!names.some((name) => name === 'price' || name === 'price-incl' || name === 'price-new' || name === 'new-price')) return false;
  if (names.some((name) => NOT_THE_PRICE.test(name))) return false;
  for (let node = element.parent; node !== null && node !== top; node = node.parent) {
    if (DomUtils.isTag(node) && (node.name === 'del' || node.name === 's' || classesOf(node).some((name) => NOT_THE_PRICE.test(name)))) return false;
  }
  return DomUtils.findOne((inner) => classesOf(inner).some((name) => name === 'price' || name === 'price-incl'), element.children) === null;
}

/** The product form's stock words (`.stock`, `.availability`). */
function stockOf(form: Element): Availability {
  const stock = mainElement(form, (element) => hasClass(element, 'stock') || hasClass(element, 'availability') || hasClass(element, 'product-stock'));
  return stock === null ? 'unknown' : availabilityFrom(priceTextOf(stock));
}
