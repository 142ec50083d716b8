import type { AnyNode, Element } from 'domhandler';
import { DomUtils, parseDocument } from 'htmlparser2';
import type { Availability } from '../../../../domain/pricing/price-observation.js';
import { readPriceText } from '../element-price-text.js';
import { markupOf } from '../markup.js';
import { candidateFrom, type CandidateOutcome } from '../offer-facts.js';
import { hasAmbiguousSign } from '../page-currency.js';
import { parsePriceText } from '../price-text/price-text.js';
import type { ExtractionContext } from '../types.js';

/**
 * Markup parsed from the start of a platform's main product block: its price box sits within a few kilobytes of it,
 * and a block that runs longer is cut (its close tag is implied), never the whole page parsed.
 */
const BLOCK_CHARS = 60_000;

/** An element found by a tag scan of the raw page, parsed with the markup that follows it. */
export interface Block {
  element: Element;
  /** Where its opening tag starts in the page. */
  at: number;
}

/**
 * Whether an offset of the page lies inside a script, style or template body or a comment: markup there is no part
 * of the page a person sees (templates of quick views, prices in commented-out blocks).
 */
export function isHiddenAt(html: string, at: number): boolean {
  for (const [open, close] of HIDING) {
    const opened = html.lastIndexOf(open, at);
    if (opened >= 0 && opened > html.lastIndexOf(close, at)) return true;
  }
  return false;
}
const HIDING: ReadonlyArray<readonly [string, string]> = [
  ['<script', '</script'],
  ['<style', '</style'],
  ['<template', '</template'],
  ['<!--', '-->'],
];

/**
 * The opening tags, in page order, of elements whose attribute `name` holds `token` (a class token, or an attribute's
 * whole value when `whole`), outside scripts, styles, templates and comments. A literal search first: only the
 * places that name the token are looked at.
 */
export function* tagsNaming(html: string, token: string, name = 'class', whole = false): Generator<number> {
  for (let at = html.indexOf(token); at >= 0; at = html.indexOf(token, at + token.length)) {
    const tagStart = html.lastIndexOf('<', at);
    if (tagStart < 0 || html.lastIndexOf('>', at) > tagStart || !/^<[a-zA-Z]/.test(html.slice(tagStart, tagStart + 2))) continue;
    const tagEnd = html.indexOf('>', at);
    const value = attributeIn(html.slice(tagStart, tagEnd < 0 ? html.length : tagEnd + 1), name);
    if (value !== undefined && (whole ? value.trim() === token : value.split(/\s+/).includes(token)) && !isHiddenAt(html, tagStart)) yield tagStart;
    // One tag is looked at once, however often it names the token.
    if (tagEnd < 0) return;
    at = tagEnd;
  }
}

/** An attribute's value in one opening tag's text (quoted or not); undefined when absent. */
export function attributeIn(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  return match === null ? undefined : (match[1] ?? match[2] ?? match[3] ?? '');
}

/** The element whose opening tag starts at `at`, parsed with the markup after it (scripts, styles, comments removed). */
export function blockAt(html: string, at: number, maxChars = BLOCK_CHARS): Block | null {
  const document = parseDocument(markupOf(html, { start: at, maxChars }), { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true });
  const element = document.children.find((node): node is Element => DomUtils.isTag(node));
  return element === undefined ? null : { element, at };
}

/** The first block whose class holds `token`; null when the page has none. */
export function firstBlock(html: string, token: string, maxChars?: number): Block | null {
  for (const at of tagsNaming(html, token)) return blockAt(html, at, maxChars);
  return null;
}

export const classesOf = (element: Element): string[] => (element.attribs['class'] ?? '').trim().split(/\s+/).filter((name) => name !== '');
export const hasClass = (element: Element, name: string): boolean => classesOf(element).includes(name);

/**
 * Containers of other products on every platform: related, up-sell, cross-sell, recently viewed and recommended
 * lists, carousels and sliders, product cards, tiles, miniatures, list items, shelves.
 */
const OTHER_PRODUCTS =
  /related|upsell|up-sell|crosssell|cross-sell|recent|viewed|recommend|similar|also-|carousel|swiper|slick|shelf|miniature|product-(?:card|tile|items?|box|block|summary|grid)(?:$|-(?:wrapper|container|list|slide|info|\d))|^card$|^card-|^tile$|^products$/i;

/** An element sits (between `top` and it) inside a container of other products. */
export function inOtherProducts(element: Element, top: AnyNode): boolean {
  for (let node: AnyNode | null = element; node !== null && node !== top; node = node.parent) {
    if (DomUtils.isTag(node) && classesOf(node).some((name) => OTHER_PRODUCTS.test(name))) return true;
  }
  return false;
}

/** Elements under `top` that `test` accepts and that sit in no container of other products, in document order. */
export function mainElements(top: Element, test: (element: Element) => boolean): Element[] {
  return DomUtils.findAll((element) => test(element) && !inOtherProducts(element, top), top.children);
}

/** The first such element, or null. */
export function mainElement(top: Element, test: (element: Element) => boolean): Element | null {
  return mainElements(top, test)[0] ?? null;
}

/** Whether an element or one of its containers up to `top` is hidden by the page (hidden attribute, display:none). */
export function isHidden(element: Element, top: AnyNode): boolean {
  for (let node: AnyNode | null = element; node !== null && node !== top; node = node.parent) {
    if (!DomUtils.isTag(node)) continue;
    if ('hidden' in node.attribs || /display\s*:\s*none/i.test(node.attribs['style'] ?? '')) return true;
  }
  return false;
}

/** An element's text as a price reader needs it; digits of two elements run together are no text. */
export function priceTextOf(element: Element, skip?: (element: Element) => boolean): string | null {
  const text = readPriceText(element, skip);
  return text.split ? null : text.text;
}

export interface PlatformPrice {
  /** The amount as the platform's data holds it ("34", "19.99"), when it has one. */
  value?: string | number | undefined;
  /** The amount as the page shows it ("34,00 €"), for its currency and to check the value against. */
  text?: string | null | undefined;
  /** A currency the platform names for the price (an ISO code). */
  currency?: string | undefined;
  availability: Availability;
}

/**
 * One price of the main item as a candidate: the platform's machine value when it has one, in the currency the shown
 * text writes (else the block's currency, else the store's, marked as assumed); the shown text alone otherwise. A
 * machine value and a shown text that disagree are no price: one of them is not what the buyer pays.
 */
export function platformCandidate(price: PlatformPrice, ctx: ExtractionContext): CandidateOutcome {
  const text = price.text?.trim() ?? '';
  const shown = text === '' ? null : parsePriceText(text, { currency: price.currency ?? ctx.defaultCurrency });
  const currency = price.currency ?? writtenCurrency(text, ctx) ?? undefined;
  const facts = { availability: price.availability, condition: 'unspecified' as const, item: 0, currency };
  if (price.value === undefined || price.value === '') {
    if (text === '') return null;
    return candidateFrom({ ...facts, value: text, machineReadable: false }, ctx);
  }
  const outcome = candidateFrom({ ...facts, value: price.value, machineReadable: true }, ctx);
  if (outcome === null || 'problem' in outcome || shown === null) return outcome;
  if (shown.currency === outcome.candidate.currency && Number(shown.amount) !== Number(outcome.candidate.amount)) {
    return { problem: `the price block's value ${String(price.value)} and its text ${JSON.stringify(text)} differ` };
  }
  return outcome;
}

/**
 * The currency a shown price writes ("34,00 €", "US$ 12", "$12" read as the store's dollar), null when it writes none,
 * or only a sign such as "$" while neither store nor page says the currency.
 */
export function writtenCurrency(text: string | null | undefined, ctx: ExtractionContext): string | null {
  if (typeof text !== 'string' || text.trim() === '') return null;
  if (parsePriceText(text)?.currency == null) return null;
  if (ctx.currencyUnsure === true && hasAmbiguousSign(text)) return null;
  return parsePriceText(text, { currency: ctx.defaultCurrency })?.currency ?? null;
}

/** "in_stock" / "out_of_stock" from a platform's yes/no flag ("true", true, "1"); unknown otherwise. */
export function availabilityOfFlag(flag: unknown): Availability {
  if (flag === true || flag === 'true' || flag === '1' || flag === 1) return 'in_stock';
  if (flag === false || flag === 'false' || flag === '0' || flag === 0) return 'out_of_stock';
  return 'unknown';
}
