import type { Element } from 'domhandler';
import { availabilityFrom } from '../price-text/price-text.js';
import { CandidateSink } from '../offer-facts.js';
import { firstBlock, isHidden, mainElement, platformCandidate, priceTextOf } from './platform-block.js';
import type { PlatformReader } from './platform-reader.js';

/**
 * BigCommerce (Cornerstone's components/products/price.html in product-view.html): `.productView-price` holds the
 * price sections; `[data-product-price-with-tax]` (`.price--withTax`) is what the buyer pays, and when the store shows
 * prices without tax only, `[data-product-price-without-tax]`. The retail price (`.price--rrp`), the price before a
 * sale (`.price--non-sale`) and the saving (`.price--saving`) are never the price. Cards of related products
 * (`article.card`) use the same partial, but outside `.productView-price`.
 */
export const bigCommerce: PlatformReader = {
  platform: 'BigCommerce',
  fingerprint: /bigcommerce\.com|stencil-utils|data-stencil/i,
  screen: ['bigcommerce', 'stencil'],
  read(html, ctx) {
    const block = firstBlock(html, 'productView-price');
    if (block === null) return null;
    const top = block.element;
    const shown = (name: string): Element | null =>
      mainElement(top, (element) => element.attribs[name] !== undefined && !isHidden(element, top) && (priceTextOf(element) ?? '') !== '');
    const price = shown('data-product-price-with-tax') ?? shown('data-product-price-without-tax');
    if (price === null) return null;
    const section = price.parent as Element | null;
    const itemprop = (name: string): Element | null =>
      section === null ? null : mainElement(section, (element) => element.attribs['itemprop'] === name);
    const sink = new CandidateSink();
    sink.add(
      platformCandidate(
        {
          text: priceTextOf(price),
          currency: itemprop('priceCurrency')?.attribs['content'],
          availability: availabilityFrom(itemprop('availability')?.attribs['content']),
        },
        ctx,
      ),
    );
    return { candidates: sink.candidates, problems: sink.problems };
  },
};
