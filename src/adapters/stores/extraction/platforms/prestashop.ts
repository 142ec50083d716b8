import type { Availability } from '../../../../domain/pricing/price-observation.js';
import { availabilityFrom } from '../price-text/price-text.js';
import { CandidateSink } from '../offer-facts.js';
import { firstBlock, hasClass, mainElement, platformCandidate, priceTextOf, tagsNaming, blockAt } from './platform-block.js';
import type { PlatformReader } from './platform-reader.js';

/**
 * PrestaShop 1.7–8 (classic theme, catalog/_partials/product-prices.tpl): `.product-prices` holds `.current-price`,
 * whose `span.current-price-value` (8.x) or `span[itemprop=price]` (1.7) carries the amount in `content` and shows the
 * formatted price; the regular price of a discount is `.regular-price` in `.product-discount`. The block shows the
 * selected combination's price. Miniatures of other products use `.product-price-and-shipping`, never
 * `.product-prices`. Stock is `#product-availability` beside the add-to-cart button, or the block's microdata.
 */
export const prestaShop: PlatformReader = {
  platform: 'PrestaShop',
  fingerprint: /prestashop/i,
  screen: ['prestashop'],
  read(html, ctx) {
    const block = firstBlock(html, 'product-prices');
    if (block === null) return null;
    const top = block.element;
    const current = mainElement(top, (element) => hasClass(element, 'current-price'));
    if (current === null) return null;
    const value =
      mainElement(current, (element) => hasClass(element, 'current-price-value') || element.attribs['itemprop'] === 'price') ?? current;
    const sink = new CandidateSink();
    sink.add(
      platformCandidate(
        {
          value: value.attribs['content'],
          text: priceTextOf(value, (element) => hasClass(element, 'discount')),
          currency: mainElement(top, (element) => element.attribs['itemprop'] === 'priceCurrency')?.attribs['content'],
          availability: availabilityOf(html, top),
        },
        ctx,
      ),
    );
    return { candidates: sink.candidates, problems: sink.problems };
  },
};

function availabilityOf(html: string, top: import('domhandler').Element): Availability {
  const link = mainElement(top, (element) => element.attribs['itemprop'] === 'availability');
  const fromLink = availabilityFrom(link?.attribs['href'] ?? link?.attribs['content']);
  if (fromLink !== 'unknown') return fromLink;
  for (const at of tagsNaming(html, 'product-availability', 'id', true)) {
    const element = blockAt(html, at, 4_000)?.element;
    return element === undefined ? 'unknown' : availabilityFrom(priceTextOf(element));
  }
  return 'unknown';
}
