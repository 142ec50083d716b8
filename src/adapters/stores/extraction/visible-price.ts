import type { AnyNode, Document, Element } from 'domhandler';
import { DomUtils, parseDocument } from 'htmlparser2';
import { availabilityFrom, parsePriceText } from '../../../domain/pricing/price-text.js';
import { readPriceText, wordsOf } from './element-price-text.js';
import { mainItemWindow, type ItemWindow } from './main-item-window.js';
import { candidateFrom, CandidateSink } from './offer-facts.js';
import { cueOf } from './price-cues.js';
import { namesFragment, namesOf, namesPrice, roleOf } from './price-names.js';
import type { ExtractionContext, PriceCandidate, SourceOutcome } from './types.js';

/** More price elements than this beside the heading: a list of things, not one item's price block. */
const MAX_PRICES = 6;
/** With no container shared by the heading and a price, the price must start this close after the heading. */
const NEAR_CHARS = 12_000;
/** A price element's text longer than this is a container of many things, not a price. */
const PRICE_TEXT_CHARS = 300;
const DEPTH = 200;

interface PriceElement {
  element: Element;
  candidate: PriceCandidate;
}

/**
 * The visible price block of the page's main item: a witness beside structured data, and the only reader of pages
 * without any. The main item is the page's first `<h1>` (else an element naming the product title); only a window
 * of markup around it is parsed (main-item-window.ts), never the whole page. In it, elements whose class, id,
 * itemprop or data-* names a price (price-names.ts) and whose text reads as one price are the prices — except
 * struck-through and old prices, savings, shipping, unit prices and instalments (by their names or their words,
 * price-cues.ts), hidden elements, anything in related-product containers, repeated product tiles, or the page's
 * header, navigation, footer and asides. The block is the smallest container of the heading that holds such a
 * price; all of its prices are answered (item 0), so that several different ones stay for the chooser to call
 * ambiguous. No heading, or no price close to it: no answer.
 */
export function fromVisiblePrice(html: string, ctx: ExtractionContext): SourceOutcome {
  const window = mainItemWindow(html);
  if (window === null) return { candidates: [], problems: [] };
  const document = parseDocument(window.markup, { withStartIndices: true });
  const anchor = anchorIn(document, window);
  if (anchor === null) return { candidates: [], problems: [] };

  const anchorLine = new Set<AnyNode>();
  for (let node: AnyNode | null = anchor; node !== null; node = node.parent) anchorLine.add(node);
  const found = collectPrices(document, anchorLine, ctx);
  const kept = withoutTiles(found, anchorLine);
  if (kept.length === 0) return { candidates: [], problems: [] };

  const block = blockOf(anchor, kept);
  let inBlock = kept.filter((price) => block === null || contains(block, price.element));
  if (block === null) {
    const near = inBlock.filter((price) => Math.abs((price.element.startIndex ?? 0) - window.anchorAt) <= NEAR_CHARS);
    if (near.length === 0) return { candidates: [], problems: [`${kept.length} price(s) on the page, none near the main heading`] };
    inBlock = near;
  }
  if (inBlock.length > MAX_PRICES) {
    return { candidates: [], problems: [`${inBlock.length} prices beside the main heading: a list, not one item's price block`] };
  }
  const availability = block === null ? 'unknown' : availabilityIn(block);
  const candidates = inBlock.map((price) => ({ ...price.candidate, availability }));
  return { candidates, problems: [] };
}

/** The heading element the window was cut around. */
function anchorIn(document: Document, window: ItemWindow): Element | null {
  return DomUtils.findOne(
    (element) => (element.startIndex ?? -1) >= window.anchorAt && (window.anchor === 'title' || element.name === 'h1'),
    document.children,
    true,
  );
}

/** Every readable price element of the window that is not excluded by its names, words or place. */
function collectPrices(document: Document, anchorLine: ReadonlySet<AnyNode>, ctx: ExtractionContext): PriceElement[] {
  const found: PriceElement[] = [];
  const sink = new CandidateSink();
  const visit = (node: AnyNode, depth: number, inSection: boolean): void => {
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
      const price = readPrice(node, ctx);
      if (price !== null && sink.add(price)) {
        found.push({ element: node, candidate: sink.candidates.at(-1) as PriceCandidate });
        return;
      }
    }
    const section = inSection || SECTIONS.has(node.name) || node.attribs['role'] === 'main';
    for (const child of node.children) visit(child, depth + 1, section);
  };
  visit(document, 0, false);
  return found;
}

/**
 * One price element's reading: a candidate, or a problem or null (not a price: look inside it, its parts are judged
 * on their own — "Price: $12.48 ($6.24 / Pack)" holds the item's price and a unit price). What the
 * element shows wins over its machine value (a `content` attribute can be stale); the machine value serves when the
 * text is no price. A text must show a currency or be a bare number: "5 November!" is a date, not 5 €.
 */
function readPrice(element: Element, ctx: ExtractionContext): ReturnType<typeof candidateFrom> {
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
  const currency = parsePriceText(text, { currency: ctx.defaultCurrency })?.currency ?? undefined;
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

const SECTIONS = new Set(['main', 'article', 'section']);
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
  return isHidden(element) || isStruck(element) || roleOf(namesOf(element.attribs), true) !== null;
}

/** The text right before an element, within its parent and up to two levels above (at most 60 characters). */
function textBefore(element: Element): string {
  let text = '';
  let node: AnyNode = element;
  for (let level = 0; level < 3 && text.trim().length < 60 && node.parent !== null; level++) {
    for (let sibling = node.prev; sibling !== null && text.length < 200; sibling = sibling.prev) text = DomUtils.textContent(sibling) + text;
    node = node.parent as AnyNode;
    if (!DomUtils.isTag(node) || SECTIONS.has(node.name)) break;
  }
  return text.replace(/\s+/g, ' ').slice(-60);
}

/** The text right after an element, within its parent (at most 40 characters). */
function textAfter(element: Element): string {
  let text = '';
  for (let sibling = element.next; sibling !== null && text.length < 40; sibling = sibling.next) text += DomUtils.textContent(sibling);
  return text.replace(/\s+/g, ' ').slice(0, 40);
}

/**
 * Without the prices in repeated tiles: an element that has a sibling of the same tag and class which holds a price
 * too is one tile of a product grid or carousel (unless it holds the heading).
 */
function withoutTiles(found: readonly PriceElement[], anchorLine: ReadonlySet<AnyNode>): PriceElement[] {
  const holding = new Set<AnyNode>();
  for (const price of found) for (let node: AnyNode | null = price.element; node !== null; node = node.parent) holding.add(node);
  const isTile = (element: Element): boolean => {
    if (anchorLine.has(element) || element.parent === null) return false;
    const kind = tileKind(element);
    if (kind === null) return false;
    return element.parent.children.some((sibling) => sibling !== element && DomUtils.isTag(sibling) && holding.has(sibling) && tileKind(sibling) === kind);
  };
  return found.filter((price) => {
    for (let node: AnyNode | null = price.element.parent; node !== null; node = node.parent) {
      if (DomUtils.isTag(node) && isTile(node)) return false;
    }
    return true;
  });
}

const CLASSLESS_TILES = new Set(['li', 'article', 'tr']);

/** Tag and first class: "li.format" and "li.format selected" are tiles of one list. */
function tileKind(element: Element): string | null {
  const className = (element.attribs['class'] ?? '').trim().split(/\s+/)[0] ?? '';
  if (className === '' && !CLASSLESS_TILES.has(element.name)) return null;
  return `${element.name}.${className}`;
}

/** The smallest container of the heading (or the heading itself) that holds a price; null: none in the window. */
function blockOf(anchor: Element, prices: readonly PriceElement[]): Element | null {
  for (let node: AnyNode | null = anchor; node !== null && DomUtils.isTag(node); node = node.parent) {
    const container = node;
    if (prices.some((price) => contains(container, price.element))) return container;
  }
  return null;
}

function contains(container: AnyNode, node: AnyNode): boolean {
  for (let current: AnyNode | null = node; current !== null; current = current.parent) if (current === container) return true;
  return false;
}

const AVAILABILITY_WORDS = new Set(['availability', 'stock', 'instock', 'lieferstatus', 'verfuegbarkeit', 'verfügbarkeit', 'lieferbarkeit', 'disponibilite', 'disponibilité', 'disponibilidad', 'disponibilita']);

/** The block's availability element, read as availability words ("In stock", "Sofort lieferbar"). */
function availabilityIn(block: Element): ReturnType<typeof availabilityFrom> {
  const element = DomUtils.findOne(
    (candidate) => namesOf(candidate.attribs).some((name) => wordsOf(name).some((word) => AVAILABILITY_WORDS.has(word))),
    block.children,
    true,
  );
  if (element === null) return 'unknown';
  return availabilityFrom(element.attribs['href'] ?? element.attribs['content'] ?? readPriceText(element).text);
}
