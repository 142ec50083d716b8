import type { Element } from 'domhandler';
import { DomUtils } from 'htmlparser2';
import type { Availability } from '../../../../domain/pricing/price-observation.js';
import { CandidateSink } from '../offer-facts.js';
import type { ExtractionContext } from '../types.js';
import { blockAt, firstBlock, hasClass, mainElement, mainElements, platformCandidate, priceTextOf, tagsNaming, writtenCurrency, type Block } from './platform-block.js';
import type { PlatformReader } from './platform-reader.js';

/**
 * Magento 2 (Magento_Catalog's price templates: final_price.phtml, amount/default.phtml): a `.price-box` per product,
 * `data-product-id` naming it, with `data-price-type="finalPrice"` on what the buyer pays and `oldPrice` on the
 * regular price of a special offer, the amount in `data-price-amount`. The page's own product is the one its
 * add-to-cart form (`#product_addtocart_form`, input `product`) names; related, up-sell and cross-sell blocks hold
 * boxes of other ids. A bundle's `minPrice`/`maxPrice` are a range. A configurable product shows its cheapest child
 * ("As low as") until an option is chosen: its children's prices (`optionPrices` of the swatch configuration) are
 * the candidates, one price when they are all the same.
 */
export const magento: PlatformReader = {
  platform: 'Magento',
  fingerprint: /data-mage-init|x-magento-init|Magento_|mage\/cookies|\/static\/version\d/i,
  screen: ['mage-init', 'magento', 'mage/cookies', 'static/version'],
  read(html, ctx) {
    if (!html.includes('data-price-amount')) return null;
    const boxes = mainBoxes(html);
    if (boxes.length === 0) return null;
    const info = firstBlock(html, 'product-info-main');
    const availability = info === null ? 'unknown' : stockOf(info.element);
    const sink = new CandidateSink();
    const children = configurableChildren(html);
    const amounts = boxes.flatMap((box) => mainElements(box.element, (element) => element.attribs['data-price-amount'] !== undefined));
    const finals = amounts.filter((element) => element.attribs['data-price-type'] === 'finalPrice');
    const range = amounts.filter((element) => /^(?:minPrice|maxPrice)$/.test(element.attribs['data-price-type'] ?? ''));
    if (children !== null) {
      for (const price of children) sink.add(platformCandidate({ value: price, currency: currencyOf(finals[0], ctx), availability }, ctx));
    } else {
      for (const element of [...finals, ...range]) {
        sink.add(platformCandidate({ value: element.attribs['data-price-amount'], text: priceTextOf(element), availability }, ctx));
      }
    }
    return { candidates: sink.candidates, problems: sink.problems };
  },
};

/** The price boxes of the product the add-to-cart form names; without such a form, the first box of the product info. */
function mainBoxes(html: string): Block[] {
  const id = productId(html);
  const boxes: Block[] = [];
  if (id !== null) {
    for (const at of tagsNaming(html, id, 'data-product-id', true)) {
      const box = blockAt(html, at, 20_000);
      if (box !== null && hasClass(box.element, 'price-box')) boxes.push(box);
      if (boxes.length >= 4) break;
    }
    if (boxes.length > 0) return boxes;
  }
  const info = firstBlock(html, 'product-info-main');
  const box = info === null ? null : mainElement(info.element, (element) => hasClass(element, 'price-box'));
  return box === null ? [] : [{ element: box, at: info?.at ?? 0 }];
}

const FORM = /id\s*=\s*["']product_addtocart_form["']/i;
const PRODUCT_INPUT = /<input\b[^>]*\bname\s*=\s*["']product["'][^>]*>/i;

/** The product id the add-to-cart form posts. */
function productId(html: string): string | null {
  const form = FORM.exec(html);
  if (form === null) return null;
  const input = PRODUCT_INPUT.exec(html.slice(form.index, form.index + 5_000));
  const value = input === null ? null : /\bvalue\s*=\s*["']?(\d+)/i.exec(input[0]);
  return value?.[1] ?? null;
}

/** The currency of the shown final price: its microdata currency, else the one its text writes. */
function currencyOf(element: Element | undefined, ctx: ExtractionContext): string | undefined {
  if (element === undefined) return undefined;
  const meta = DomUtils.findOne((e) => e.name === 'meta' && e.attribs['itemprop'] === 'priceCurrency', element.parent?.children ?? []);
  return meta?.attribs['content'] ?? writtenCurrency(priceTextOf(element), ctx) ?? undefined;
}

const OPTION_PRICES = /"optionPrices"\s*:\s*\{/;
const FINAL_AMOUNT = /"finalPrice"\s*:\s*\{\s*"amount"\s*:\s*"?(\d+(?:\.\d+)?)/g;

/**
 * The distinct final prices of a configurable product's children (its swatch or select configuration), null for a
 * product without them.
 */
function configurableChildren(html: string): string[] | null {
  const start = html.search(OPTION_PRICES);
  if (start < 0) return null;
  const end = html.indexOf('}}}', start);
  const region = html.slice(start, end < 0 ? start + 200_000 : end + 3);
  const prices = new Set<string>();
  for (const match of region.matchAll(FINAL_AMOUNT)) prices.add(match[1] as string);
  return prices.size === 0 ? null : [...prices];
}

/** `.stock.available` / `.stock.unavailable` in the product info. */
function stockOf(info: Element): Availability {
  const stock = mainElement(info, (element) => hasClass(element, 'stock'));
  if (stock === null) return 'unknown';
  if (hasClass(stock, 'unavailable')) return 'out_of_stock';
  if (hasClass(stock, 'available')) return 'in_stock';
  return 'unknown';
}
