import type { Element } from 'domhandler';
import { DomUtils } from 'htmlparser2';
import { CandidateSink } from '../offer-facts.js';
import { availabilityOfFlag, firstBlock, hasClass, mainElement, mainElements, platformCandidate, priceTextOf } from './platform-block.js';
import type { PlatformReader } from './platform-reader.js';

/**
 * Salesforce Commerce Cloud, Storefront Reference Architecture (product/productDetails.isml with
 * product/components/pricing/default.isml): `.product-detail` holds `.prices`, whose `.sales .value` carries the
 * selling price in `content` and shows it formatted; a list price is `.strike-through.list` inside `<del>`; a range
 * (`.range`) is two sales values. Recommendations (`.recommendations`) and tiles (`.product-tile`) sit inside the
 * product's container too, and are left out. Stock is `.product-availability[data-available]`.
 */
export const salesforceCommerce: PlatformReader = {
  platform: 'Salesforce Commerce Cloud',
  fingerprint: /demandware|dwanalytics|\/on\/demandware\.static\//i,
  screen: ['demandware', 'dwanalytics'],
  read(html, ctx) {
    const detail = firstBlock(html, 'product-detail');
    if (detail === null) return null;
    const top = detail.element;
    const prices = mainElement(top, (element) => hasClass(element, 'prices'));
    if (prices === null) return null;
    const availability = availabilityOfFlag(mainElement(top, (element) => hasClass(element, 'product-availability'))?.attribs['data-available']);
    const sales = mainElements(prices, (element) => hasClass(element, 'value') && inSales(element, prices));
    const sink = new CandidateSink();
    for (const value of sales) sink.add(platformCandidate({ value: value.attribs['content'], text: priceTextOf(value, (e) => hasClass(e, 'sr-only')), availability }, ctx));
    return { candidates: sink.candidates, problems: sink.problems };
  },
};

/** A value of the selling price, not of the struck-through list price. */
function inSales(element: Element, top: Element): boolean {
  let sales = false;
  for (let node = element.parent; node !== null && node !== top; node = node.parent) {
    if (!DomUtils.isTag(node)) continue;
    if (node.name === 'del' || hasClass(node, 'strike-through') || hasClass(node, 'list')) return false;
    if (hasClass(node, 'sales')) sales = true;
  }
  return sales;
}
