import type { AnyNode, Document, Element } from 'domhandler';
import { DomUtils } from 'htmlparser2';
import { currencyFromText, parsePriceText } from './price-text/price-text.js';
import { readPriceText } from './element-price-text.js';
import { candidateFrom, type CandidateOutcome } from './offer-facts.js';
import { cueOf } from './price-cues.js';
import { namesFragment, namesOf, namesPrice, roleOf } from './price-names.js';
import type { ExtractionContext } from './types.js';

/** A price text longer than this is a container of many things, not a price. */
const PRICE_TEXT_CHARS = 300;
const DEPTH = 200;
/** Price elements looked at in one window: a page that has more is a list. */
const MAX_SPOTS = 500;

/**
 * Every element of a parsed window that may show a price: its class, id, itemprop or data-* names a price and not a
 * piece of one (price-names.ts), and neither it nor a container is hidden, struck through, an old price, savings,
 * shipping, a unit price or instalments by its names, related products, or the page's header, navigation, footer or
 * asides. Nested ones are all listed (in document order); reading decides which of them is the price.
 * `anchorLine` (the heading and its containers) is never excluded: a layout that wraps the whole item in
 * something called "slider" still has the item in it.
 */
export function priceSpots(document: Document, anchorLine: ReadonlySet<AnyNode>): Element[] {
  const spots: Element[] = [];
  const visit = (node: AnyNode, depth: number, inSection: boolean): void => {
    if (spots.length >= MAX_SPOTS) return;
    if (!DomUtils.isTag(node)) {
      if (DomUtils.hasChildren(node)) for (const child of node.children) visit(child, depth + 1, inSection);
      return;
    }
    if (depth > DEPTH || INVISIBLE.has(node.name) || isHidden(node) || isStruck(node)) return;
    const onLine = anchorLine.has(node);
    const names = namesOf(node.attribs);
    if (!onLine && (isPageChrome(node, inSection) || roleOf(names, false) !== null)) return;
    if (!onLine && namesPrice(names) && !namesFragment(node.attribs)) {
      if (roleOf(names, true) !== null) return;
      spots.push(node);
    }
    const section = inSection || SECTIONS.has(node.name) || node.attribs['role'] === 'main';
    for (const child of node.children) visit(child, depth + 1, section);
  };
  visit(document, 0, false);
  return spots;
}

/**
 * One price element's reading: a candidate, or a problem or null (not a price: its parts are judged on their own —
 * "Price: $12.48 ($6.24 / Pack)" holds the item's price and a unit price). What the element shows wins over its
 * machine value (a `content` attribute can be stale); the machine value serves when the text is no price. A text must
 * show a currency or be a bare number: "5 November!" is a date, not 5 €.
 */
export function readSpot(element: Element, ctx: ExtractionContext): CandidateOutcome {
  const { text, split } = readPriceText(element, excludedInside, PRICE_TEXT_CHARS);
  if (split || cueOf(text, textBefore(element), textAfter(element)) !== null) return null;
  const facts = { availability: 'unknown', condition: 'unspecified', item: 0 } as const;
  const shown = parsePriceText(text, {});
  if (shown !== null && (shown.currency !== null || BARE_NUMBER.test(text))) {
    const read = candidateFrom({ ...facts, value: text, machineReadable: false }, ctx);
    if (read !== null && 'candidate' in read) return read;
  }
  const machine = machineValueOf(element);
  if (machine === null) return null;
  // The currency a machine value is in: the sign its text shows, else the store's.
  const sign = currencyFromText(text.replace(/[\d\s.,–—-]+/g, ''), ctx.defaultCurrency);
  const currency = parsePriceText(text, { currency: ctx.defaultCurrency })?.currency ?? sign ?? undefined;
  return candidateFrom({ ...facts, value: machine, currency, machineReadable: true }, ctx);
}

const BARE_NUMBER = /^\s*\d[\d\s.,'’]*\s*$/;

/** A `content` attribute or a data-* price attribute holding a number ("18.09"): the page's machine value. */
function machineValueOf(element: Element): string | null {
  for (const [key, value] of Object.entries(element.attribs)) {
    const named = key === 'content' || (key.startsWith('data-') && /price|amount|preis|prix/.test(key) && !/id|index|count|qty|quantity/.test(key));
    if (named && /^\s*\d+(?:[.,]\d+)?\s*$/.test(value)) return value.trim();
  }
  return null;
}

/** Elements that show nothing (meta, link), or show choices rather than the item's price (a variant picker). */
const INVISIBLE = new Set(['meta', 'link', 'input', 'select', 'option', 'datalist', 'noscript', 'script', 'style', 'template', 'head', 'title']);
export const SECTIONS = new Set(['main', 'article', 'section']);
const CHROME_ROLES = new Set(['navigation', 'banner', 'contentinfo', 'complementary', 'search']);

/** The page's header, menus, footer and asides; a header or footer inside an article or section is the item's own. */
function isPageChrome(element: Element, inSection: boolean): boolean {
  if (element.name === 'nav' || element.name === 'aside') return true;
  if (CHROME_ROLES.has(element.attribs['role'] ?? '')) return true;
  return !inSection && (element.name === 'header' || element.name === 'footer');
}

const HIDDEN_CLASS = /(?:^|\s)(?:hidden|hide|d-none|is-hidden|u-hidden|display-none)(?:\s|$)/i;

function isHidden(element: Element): boolean {
  const { attribs } = element;
  if (attribs['hidden'] !== undefined || attribs['type'] === 'hidden') return true;
  if (/display\s*:\s*none|visibility\s*:\s*hidden/i.test(attribs['style'] ?? '')) return true;
  return HIDDEN_CLASS.test(attribs['class'] ?? '');
}

function isStruck(element: Element): boolean {
  return element.name === 'del' || element.name === 's' || element.name === 'strike' || /line-through/i.test(element.attribs['style'] ?? '');
}

/** Inside a price element: what is not part of its price (a struck-through old price, a savings badge, hidden text). */
function excludedInside(element: Element): boolean {
  return INVISIBLE.has(element.name) || isHidden(element) || isStruck(element) || roleOf(namesOf(element.attribs), true) !== null;
}

/** The text right before an element, within its parent and up to two levels above (at most 60 characters). */
function textBefore(element: Element): string {
  let text = '';
  let node: AnyNode = element;
  for (let level = 0; level < 3 && text.trim().length < 60 && node.parent !== null; level++) {
    for (let sibling = node.prev; sibling !== null && text.length < 200; sibling = sibling.prev) text = DomUtils.textContent(sibling).slice(-200) + text;
    node = node.parent as AnyNode;
    if (!DomUtils.isTag(node) || SECTIONS.has(node.name)) break;
  }
  return text.replace(/\s+/g, ' ').slice(-60);
}

/** The text right after an element, within its parent (at most 40 characters). */
function textAfter(element: Element): string {
  let text = '';
  for (let sibling = element.next; sibling !== null && text.length < 40; sibling = sibling.next) text += DomUtils.textContent(sibling).slice(0, 40);
  return text.replace(/\s+/g, ' ').slice(0, 40);
}
