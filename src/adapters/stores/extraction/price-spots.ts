import type { AnyNode, Document, Element } from 'domhandler';
import { DomUtils } from 'htmlparser2';
import { currencyFromText, parsePriceText } from './price-text/price-text.js';
import { readPriceText } from './element-price-text.js';
import { candidateFrom, type CandidateOutcome } from './offer-facts.js';
import { choiceGroup, optionsOfSelect, optionsShowPrices } from './price-options.js';
import { cueOf } from './price-cues.js';
import { labelEnding, labelKind, leadingLabel, sellingPart, type LabelKind } from './price-labels.js';
import { namesFragment, namesOf, namesPrice, roleOf } from './price-names.js';
import type { ExtractionContext } from './types.js';

/** A price text longer than this is a container of many things, not a price. */
const PRICE_TEXT_CHARS = 300;
const DEPTH = 200;
/** Price elements looked at in one window: a page that has more is a list. */
const MAX_SPOTS = 500;

/**
 * Every element of a parsed window that may show a price: its class, id, itemprop or data-* names a price and not a
 * piece of one (price-names.ts), or a label says it is the price (price-labels.ts: the value beside a "Price" table
 * header, `<dt>` or label element, a line that starts "Price: 99" / "售價：" / "Preis"), or it is a choice of the item
 * (price-options.ts: the chosen option of a `<select>` or a radio list; a list whose options show prices and none is
 * chosen goes to `unchosen`, and the block that holds it has no price). Neither it nor a
 * container is hidden, struck through, an old price, savings, shipping, a unit price, instalments, a member price or a
 * deposit by its names or labels, other products (related-product names or headings, a link to another page), or the
 * page's header, navigation, footer or asides. Nested ones are all listed (in document order); reading decides which
 * of them is the price. `anchorLine` (the heading and its containers) is never excluded: a layout that wraps the whole
 * item in something called "slider" still has the item in it.
 */
export interface SpotOptions {
  /** The edition's numbers (its ISBN, its other barcode): a format choice that names one is the edition's. */
  edition?: Pick<ExtractionContext, 'isbn13' | 'otherIdentifier'>;
  /** Whether the markup has radio buttons or aria choices at all (else no element is looked at as a choice). */
  choices?: boolean;
  /** Receives the lists of options that show prices with none chosen. */
  unchosen?: Element[];
  /**
   * Only the price elements inside this element of the heading's line are asked for: of the rest of the document only
   * its containers are visited (their exclusions and choices still apply to it), so that the spots found inside it
   * are the ones a visit of the whole document finds. `elementsBefore`: at most how many elements start before it —
   * its spots would count toward MAX_SPOTS first; when they could reach it, the whole document is visited after all.
   */
  within?: { element: Element; elementsBefore: number };
  /**
   * Also every element whose whole text is one amount and its currency ("£12.99", "24,90 CHF", "199 kr" in this
   * currency), named and labelled by nothing: visible-price.ts asks for them only when nothing named a price.
   */
  bare?: { currency: string };
}

export function priceSpots(document: Document, anchorLine: ReadonlySet<AnyNode>, options: SpotOptions = {}): Element[] {
  const { within, unchosen = [] } = options;
  if (within !== undefined) {
    const spots = visitSpots(document, anchorLine, options, within.element);
    // Each element is at most two spots: itself, and the chosen option of its container.
    if (spots.length + 2 * within.elementsBefore < MAX_SPOTS) return spots;
    unchosen.length = 0;
  }
  return visitSpots(document, anchorLine, options, null);
}

function visitSpots(document: Document, anchorLine: ReadonlySet<AnyNode>, options: SpotOptions, within: Element | null): Element[] {
  const { edition = { isbn13: null }, choices = true, unchosen = [], bare } = options;
  const spots: Element[] = [];
  // The containers of `within`: only the child on the way to it is visited in them.
  const around = new Set<AnyNode>();
  for (let node = within?.parent ?? null; node !== null; node = node.parent) around.add(node);
  const skipped = (node: AnyNode, child: AnyNode): boolean => around.has(node) && child !== within && !around.has(child);
  const visit = (node: AnyNode, depth: number, inSection: boolean, choice = false): void => {
    if (spots.length >= MAX_SPOTS) return;
    if (!DomUtils.isTag(node)) {
      if (DomUtils.hasChildren(node)) for (const child of node.children) if (!skipped(node, child)) visit(child, depth + 1, inSection);
      return;
    }
    if (depth > DEPTH || isHidden(node) || isStruck(node)) return;
    if (node.name === 'select') {
      const options = optionsOfSelect(node);
      if (options !== null) spots.push(...options);
      else if (optionsShowPrices(node.children)) unchosen.push(node);
      return;
    }
    if (INVISIBLE.has(node.name)) return;
    const onLine = anchorLine.has(node);
    const names = namesOf(node.attribs);
    const group = choices ? choiceGroup(node, edition) : null;
    // The item's own options are no related products, whatever they are called ("bundles").
    const related = roleOf(names, false) !== null && group === null && !choice;
    if (!onLine && (isPageChrome(node, inSection) || related || isOtherItem(node))) return;
    if (!onLine) {
      if (namesPrice(names) && !namesFragment(node.attribs)) {
        if (roleOf(names, true) !== null) return;
        spots.push(node);
      } else {
        const label = labelOf(node);
        if (label !== null && label !== 'price') return;
        if (label === 'price' || (label === null && bare !== undefined && isBareAmount(node, bare.currency) && standsAlone(node, anchorLine))) spots.push(node);
      }
    }
    const section = inSection || SECTIONS.has(node.name) || node.attribs['role'] === 'main';
    // Options with their own prices and none chosen: the page does not say which price is its own.
    if (group !== null && group.chosen === null && optionsShowPrices([...group.choices])) unchosen.push(node);
    for (const child of node.children) {
      if (skipped(node, child)) continue;
      const isChoice = group !== null && DomUtils.isTag(child) && group.choices.has(child);
      if (isChoice) {
        // Of options, only the chosen one's price (its text is read whole: "500 ml – 12,99 €").
        if (group.chosen !== child) continue;
        if (!anchorLine.has(child)) spots.push(child);
      }
      visit(child, depth + 1, section, isChoice);
    }
  };
  visit(document, 0, false);
  return spots;
}

/**
 * One price element's reading: a candidate, or a problem or null (not a price: its parts are judged on their own —
 * "Price: $12.48 ($6.24 / Pack)" holds the item's price and a unit price). What the element shows wins over its
 * machine value (a `content` attribute can be stale); the machine value serves when the text is no price. A text must
 * show a currency or be a bare number: "5 November!" is a date, not 5 €. A leading "Price:" label is no part of the
 * price; a text that shows an old and a new price ("Was £20 now £15", "19,99 € statt 25,00 €") is read as the new one.
 */
export function readSpot(element: Element, ctx: ExtractionContext): CandidateOutcome {
  const read = readPriceText(element, (inside) => inside !== element && excludedInside(inside), PRICE_TEXT_CHARS);
  if (read.split) return null;
  const selling = sellingPart(read.text);
  const leading = selling === null ? leadingLabel(read.text) : null;
  if (leading !== null && leading.kind !== 'price') return null;
  const before = textBefore(element);
  if ((labelBefore(element) ?? labelEnding(before) ?? 'price') !== 'price') return null;
  const text = selling ?? (leading === null ? read.text : read.text.slice(leading.length));
  if (cueOf(text, before, textAfter(element)) !== null) return null;
  const facts = { availability: 'unknown', condition: 'unspecified', item: 0 } as const;
  const shown = parsePriceText(text, {});
  const sign = signedCurrency(text, ctx.defaultCurrency);
  if (shown !== null && (shown.currency !== null || sign !== null || BARE_NUMBER.test(text))) {
    const candidate = candidateFrom({ ...facts, value: text, machineReadable: false }, ctx);
    if (candidate !== null && 'candidate' in candidate) return candidate;
  }
  const machine = machineValueOf(element);
  if (machine === null) return null;
  // The currency a machine value is in: the sign its text shows, else the store's.
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

/** Containers of several labelled rows: their rows and cells are read, never the whole. */
const ROW_CONTAINERS = new Set(['table', 'thead', 'tbody', 'tfoot', 'tr', 'dl', 'ul', 'ol', 'form', 'fieldset']);
/** A labelled line longer than this is a paragraph, not a price line. */
const LABELLED_LINE_CHARS = 80;

/**
 * What a label says about an element without price names: the whole text of the element before it (a table header,
 * a `<dt>`, a `<label>`, a `<b>`: "Price", "Preis:", "UVP", "會員價") when only whitespace lies between, or the start
 * of its own short text ("Price: 99", "<strong>Precio:</strong> $ 1.990").
 */
function labelOf(element: Element): LabelKind | null {
  const before = labelBefore(element);
  if (before !== null) return before;
  if (ROW_CONTAINERS.has(element.name)) return null;
  const first = element.children.find((child) => !(DomUtils.isText(child) && child.data.trim() === ''));
  if (first === undefined) return null;
  // A text that starts with a label ("Price: 99"), or a first element that is only a label ("<b>Price:</b> 99").
  const opens = DomUtils.isText(first)
    ? leadingLabel(first.data) !== null || labelKind(first.data) !== null
    : DomUtils.isTag(first) && labelKind(plainText(first, 48) ?? '') !== null;
  if (!opens) return null;
  const line = shortText(element, LABELLED_LINE_CHARS);
  return line === null ? null : (leadingLabel(line)?.kind ?? null);
}

/** The label the element before says (a table header, a `<dt>`, a `<label>`), with only whitespace between. */
function labelBefore(element: Element): LabelKind | null {
  let previous = element.prev;
  while (previous !== null && DomUtils.isText(previous) && previous.data.trim() === '') previous = previous.prev;
  if (previous === null || !DomUtils.isTag(previous) || INVISIBLE.has(previous.name)) return null;
  // Its whole text, struck parts too: "Avant : <s>11,00 €</s>" is a line of its own, not the label "Avant".
  const text = plainText(previous, 48);
  return text === null ? null : labelKind(text);
}

/** At most this long, a bare amount: "EUR 1.234.567,89". */
const BARE_AMOUNT_CHARS = 24;

/** An element whose whole text is one amount and a currency sign or code that `currency` can be: "£12.99", "199 kr". */
function isBareAmount(element: Element, currency: string): boolean {
  const text = plainText(element, BARE_AMOUNT_CHARS);
  return text !== null && /\d/.test(text) && signedCurrency(text, currency) !== null && parsePriceText(text, { currency }) !== null;
}

/**
 * The currency of the one sign or code an amount's text shows besides its digits and separators ("199 kr", "CHF
 * 1'299.–"), read as `currency` when the sign can mean several ("kr" in a krona store); null when the text shows
 * none, or words besides it.
 */
function signedCurrency(text: string, currency: string): string | null {
  return currencyFromText(text.replace(/[\d\s.,'’–—-]+/g, ''), currency);
}

/**
 * Whether nothing beside a bare amount says what it is: the element, or the outermost one around it that holds only
 * it, follows the heading, nothing, or no label-like words — "Members", "Rental", "Used from" before it would name
 * another price than the item's (a longer text before it, as "By Susanna Clarke, 2020", is a line, not a label; in a
 * table row or a list, any words before it are its label).
 */
function standsAlone(element: Element, anchorLine: ReadonlySet<AnyNode>): boolean {
  let box = element;
  while (box.parent !== null && DomUtils.isTag(box.parent) && !anchorLine.has(box.parent) && onlyContentOf(box, box.parent)) box = box.parent;
  let previous = box.prev;
  while (previous !== null && ((DomUtils.isText(previous) && previous.data.trim() === '') || (DomUtils.isTag(previous) && INVISIBLE.has(previous.name)))) previous = previous.prev;
  if (previous === null || anchorLine.has(previous)) return true;
  const text = DomUtils.isText(previous) ? previous.data.replace(/\s+/g, ' ').trim() : DomUtils.isTag(previous) ? plainText(previous, BARE_AMOUNT_CHARS) : '';
  if (text === null || text.length > BARE_AMOUNT_CHARS || !/\p{L}/u.test(text)) return true;
  // In a table row or a list, the cell before says what the amount is, however many its words ("Gebraucht – sehr gut").
  const inRow = ROW_CELLS.has(box.name) || (box.parent !== null && DomUtils.isTag(box.parent) && ROW_CELLS.has(box.parent.name));
  return !inRow && text.split(' ').length > LABEL_WORDS;
}

/** A label is a word or three ("Members", "Used from", "Price for members"); more is a line of its own. */
const LABEL_WORDS = 3;

/** Whether `parent` holds nothing but `child` (and whitespace). */
function onlyContentOf(child: AnyNode, parent: Element): boolean {
  return parent.children.every((node) => node === child || (DomUtils.isText(node) && node.data.trim() === '') || (DomUtils.isTag(node) && INVISIBLE.has(node.name)));
}

/**
 * The text of a small element (at most `max` characters in at most 8 nodes), else null: a label is one or two words
 * in an element or two, and most elements are given up at their first look.
 */
function plainText(element: Element, max: number): string | null {
  if (element.children.length > 8) return null;
  let text = '';
  let nodes = 0;
  // In document order: a stack, children pushed last first.
  const pending: AnyNode[] = element.children.slice().reverse();
  while (pending.length > 0) {
    if (++nodes > 8) return null;
    const node = pending.pop() as AnyNode;
    if (DomUtils.isText(node)) {
      text += node.data;
      if (text.length > max * 2) return null;
    } else if (DomUtils.isTag(node) && !INVISIBLE.has(node.name)) {
      for (let i = node.children.length - 1; i >= 0; i--) pending.push(node.children[i] as AnyNode);
    }
  }
  text = text.replace(/\s+/g, ' ').trim();
  return text.length > max ? null : text;
}

/** An element's text when it is at most `max` characters, else null (cheap: stops reading past the limit). */
function shortText(element: Element, max: number): string | null {
  const { text } = readPriceText(element, excludedInside, max + 1);
  return text.length > max ? null : text;
}

/**
 * Another product beside the item: a block that opens with a heading naming related products or accessories
 * ("Customers also bought", "Zubehör", "Vous aimerez aussi"), or a link to another page (a tile's price is inside
 * the link to its product; the item's own price links nowhere, or to its cart).
 */
function isOtherItem(element: Element): boolean {
  if (element.name === 'a') {
    const href = (element.attribs['href'] ?? '').trim();
    return href !== '' && !/^(?:#|javascript:)/i.test(href) && !CART_LINK.test(href);
  }
  const heading = element.children.find((child) => DomUtils.isTag(child) || (DomUtils.isText(child) && child.data.trim() !== ''));
  if (heading === undefined || !DomUtils.isTag(heading) || !/^h[2-6]$/.test(heading.name)) return false;
  const text = shortText(heading, 80);
  return text !== null && RELATED_HEADING.test(text);
}

const CART_LINK = /cart|basket|checkout|warenkorb|panier|carrito|carrello|winkelwagen|kosik|koszyk|add/i;
const RELATED_HEADING = new RegExp(
  [
    'also (?:bought|viewed|like|purchased)', 'you (?:may|might) (?:also )?like', 'related', 'recommended', 'accessor',
    'frequently bought', 'similar', 'more from', 'zubehör', 'passend dazu', 'das könnte', 'kunden kauften', 'ähnliche',
    'vous aimerez', 'produits similaires', 'te puede interesar', 'productos relacionados', 'accesorios',
    'potrebbe interessarti', 'prodotti correlati', 'misschien ook', 'gerelateerde', '相關商品', '相关商品', '推薦', '推荐',
    '関連商品', 'おすすめ', '관련 상품', '추천', 'похожие', 'рекомендуем', 'podobné', 'podobne',
  ].join('|'),
  'i',
);

/** Elements that show nothing (meta, link), or no price of their own (a form field, a list of suggestions). */
const INVISIBLE = new Set(['meta', 'link', 'input', 'option', 'datalist', 'noscript', 'script', 'style', 'template', 'head', 'title']);
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
  return (
    element.name === 'del' ||
    element.name === 's' ||
    element.name === 'strike' ||
    /line-through/i.test(element.attribs['style'] ?? '') ||
    // A utility class that strikes it through (Tailwind's `line-through`, `text-decoration-line-through`).
    /(?:^|\s)(?:\S*[-:])?line-through(?:\s|$)/i.test(element.attribs['class'] ?? '')
  );
}

/** Inside a price element: what is not part of its price (a struck-through old price, a savings badge, hidden text). */
function excludedInside(element: Element): boolean {
  return INVISIBLE.has(element.name) || element.name === 'select' || isHidden(element) || isStruck(element) || roleOf(namesOf(element.attribs), true) !== null;
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

/** Cells and rows: what follows them is the next row's label ("Preis 24,95 € | Pfand 0,25 €"), not their words. */
const ROW_CELLS = new Set(['td', 'th', 'dd', 'dt', 'tr', 'li', 'option']);

/** The text right after an element, within its parent (at most 40 characters). */
function textAfter(element: Element): string {
  if (ROW_CELLS.has(element.name)) return '';
  let text = '';
  for (let sibling = element.next; sibling !== null && text.length < 40; sibling = sibling.next) text += DomUtils.textContent(sibling).slice(0, 40);
  return text.replace(/\s+/g, ' ').slice(0, 40);
}
