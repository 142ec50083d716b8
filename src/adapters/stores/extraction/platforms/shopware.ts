import type { Element } from 'domhandler';
import type { Availability } from '../../../../domain/pricing/price-observation.js';
import { availabilityFrom } from '../price-text/price-text.js';
import { CandidateSink } from '../offer-facts.js';
import { firstBlock, hasClass, mainElement, mainElements, platformCandidate, priceTextOf } from './platform-block.js';
import type { PlatformReader } from './platform-reader.js';

/**
 * Shopware 6 (Storefront page/product-detail/buy-widget-price.html.twig): the buy widget (`.product-detail-buy`) shows
 * `p.product-detail-price` with `<meta itemprop="price">` beside it; a list price is `.list-price-price` in
 * `.product-detail-list-price-wrapper`. Graduated prices (a table `.product-block-prices` of quantity tiers) are several
 * prices. Listing and cross-selling boxes (`.product-box`) use `.product-price`, never `.product-detail-price`. Stock
 * is the widget's `.delivery-information`.
 */
export const shopware: PlatformReader = {
  platform: 'Shopware',
  fingerprint: /is-ctl-product|shopware|data-theme-base|\/theme\/[0-9a-f]{32}\//i,
  screen: ['is-ctl-product', 'shopware', 'theme-base', '/theme/'],
  read(html, ctx) {
    const widget = firstBlock(html, 'product-detail-buy') ?? firstBlock(html, 'product-detail-price-container');
    if (widget === null) return null;
    const top = widget.element;
    const availability = deliveryOf(top);
    const sink = new CandidateSink();
    const currency = mainElement(top, (element) => element.name === 'meta' && element.attribs['itemprop'] === 'priceCurrency')?.attribs['content'];
    const tiers = mainElement(top, (element) => hasClass(element, 'product-block-prices'));
    if (tiers !== null) {
      const rows = mainElements(tiers, (element) => element.name === 'meta' && element.attribs['itemprop'] === 'price');
      for (const row of rows) sink.add(platformCandidate({ value: row.attribs['content'], currency, availability }, ctx));
      return { candidates: sink.candidates, problems: sink.problems };
    }
    const price = mainElement(top, (element) => hasClass(element, 'product-detail-price'));
    if (price === null) return null;
    const meta = mainElement(top, (element) => element.name === 'meta' && element.attribs['itemprop'] === 'price');
    sink.add(platformCandidate({ value: meta?.attribs['content'], text: priceTextOf(price), currency, availability }, ctx));
    return { candidates: sink.candidates, problems: sink.problems };
  },
};

/** `.delivery-information` with `delivery-available`, `delivery-soldout`, `delivery-preorder`, else its words. */
function deliveryOf(top: Element): Availability {
  const delivery = mainElement(top, (element) => hasClass(element, 'delivery-information'));
  if (delivery === null) return 'unknown';
  if (hasClass(delivery, 'delivery-soldout') || hasClass(delivery, 'delivery-not-available')) return 'out_of_stock';
  if (hasClass(delivery, 'delivery-preorder')) return 'preorder';
  if (hasClass(delivery, 'delivery-available')) return 'in_stock';
  return availabilityFrom(priceTextOf(delivery));
}
