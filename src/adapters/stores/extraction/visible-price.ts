import type { AnyNode, Document, Element } from 'domhandler';
import { DomHandler, DomUtils, Parser } from 'htmlparser2';
import type { Availability } from '../../../domain/pricing/price-observation.js';
import { availabilityFrom } from './price-text/price-text.js';
import { readPriceText, wordsOf } from './element-price-text.js';
import { mainItemWindow, type ItemWindow, type PageMarks } from './main-item-window.js';
import { CandidateSink } from './offer-facts.js';
import { namesOf } from './price-names.js';
import { priceSpots, readSpot } from './price-spots.js';
import type { ExtractionContext, PriceCandidate, SourceOutcome } from './types.js';

/** More prices than this beside the heading: a list of things, not one item's price block. */
const MAX_PRICES = 6;
/**
 * With no container shared by the heading and a price below the page's body (or none in the window: it was opened
 * before), the price must follow the heading this closely. Only after it: what comes before is the site's top and
 * other offers' boxes.
 */
const NEAR_CHARS = 12_000;

const PAGE_LEVEL = new Set(['body', 'html']);
/** Radio buttons or aria choices: only then are the window's elements looked at as options (price-options.ts). */
const CHOICE_MARKUP = /type\s*=\s*["']?radio|role\s*=\s*["']?(?:radio|option|menuitemradio)|aria-(?:checked|selected)/i;

interface Price {
  element: Element;
  candidate: PriceCandidate;
}

/**
 * How far past the heading the window is read first. The price block of a product page mostly closes within a few KB
 * of its heading (2–6 KB on the large public pages of the tests, where the window is 48 KB): a block found closed by
 * then is the block the whole window gives, so the rest is parsed only when none is.
 */
const FIRST_READ_CHARS = 6_000;
/**
 * With no price named or labelled near the heading, a lone amount ("<h2>£12.99</h2>", "<div>24,90 CHF</div>") counts
 * when it starts this close after the heading: beside it, where a person looks for the price.
 */
const BARE_CHARS = 3_000;
const PARSE_OPTIONS = { withStartIndices: true };

/**
 * The visible price block of the page's main item: a witness beside structured data, and the only reader of pages
 * without any. The main item is the page's first `<h1>` (else an element naming the product title); only a window
 * of markup around it is parsed (main-item-window.ts), never the whole page. Price elements are those whose names
 * say price and that nothing excludes (price-spots.ts: old and struck-through prices, savings, shipping, unit
 * prices, instalments, hidden elements, related products, the page's header, menus, footer, asides), less those in
 * repeated tiles of a product grid. The block is the smallest container of the heading that holds a price element
 * that reads as one price; all of its prices are answered (item 0), so that several different ones stay for the
 * chooser to call ambiguous. No heading, no price near it, or too many: no answer.
 *
 * `marks`, when given: where every `<h1` of the page starts and what is no markup (json-ld-blocks.ts), so that the page
 * is not searched for them again.
 *
 * The window is parsed in two steps of one streaming parse (htmlparser2 builds each element once, as its tags
 * arrive): first up to FIRST_READ_CHARS past the heading, read as a partial document (readBlock's `closed`), then,
 * only when that did not settle the answer, the rest, and the whole document is read as before.
 */
export function fromVisiblePrice(html: string, ctx: ExtractionContext, marks?: PageMarks): SourceOutcome {
  const window = mainItemWindow(html, marks);
  if (window === null) return none();
  const choices = CHOICE_MARKUP.test(window.markup);
  // The elements whose closing tag (or what closes them implicitly) the parser has passed.
  const closed = new Set<Element>();
  const handler = new DomHandler(undefined, PARSE_OPTIONS, (element) => closed.add(element));
  const parser = new Parser(handler);
  const cut = window.markup.indexOf('<', window.anchorAt + FIRST_READ_CHARS);
  if (cut > 0) {
    parser.write(window.markup.slice(0, cut));
    const early = readBlock(handler.root, window, ctx, choices, closed);
    if (early !== undefined) return early;
    parser.end(window.markup.slice(cut));
  } else {
    parser.end(window.markup);
  }
  const outcome = readBlock(handler.root, window, ctx, choices, null) ?? none();
  if (outcome.candidates.length > 0 || outcome.problems.length > 0) return outcome;
  return bareAmountAfter(handler.root, window, ctx, choices) ?? outcome;
}

/**
 * The amounts that stand alone right after the heading (BARE_CHARS), with the exclusions of every price element
 * (price-spots.ts: hidden, struck, old, shipping, other items, the page's header and footer, repeated tiles); several
 * different ones are several prices, for the chooser to call ambiguous. Undefined when there is none.
 */
function bareAmountAfter(document: Document, window: ItemWindow, ctx: ExtractionContext, choices: boolean): SourceOutcome | undefined {
  const anchor = anchorIn(document, window);
  if (anchor === null) return undefined;
  const anchorLine = lineOf(anchor);
  const spots = withoutTiles(priceSpots(document, anchorLine, { edition: ctx, choices, bare: { currency: ctx.defaultCurrency } }), anchorLine);
  const near = spots.filter((spot) => (spot.startIndex ?? 0) > window.anchorAt && (spot.startIndex ?? 0) - window.anchorAt <= BARE_CHARS);
  const prices = new SpotReader(ctx).read(near);
  return prices.length > 0 ? answer(prices, 'unknown') : undefined;
}

/** The heading and every element around it. */
function lineOf(anchor: Element): Set<AnyNode> {
  const line = new Set<AnyNode>();
  for (let node: AnyNode | null = anchor; node !== null; node = node.parent) line.add(node);
  return line;
}

/** A fresh outcome: callers may add to theirs. */
const none = (): SourceOutcome => ({ candidates: [], problems: [] });

/**
 * The block's answer in a parsed window. `closed` is given when the document holds only the window's start: the
 * elements in it are complete (the parser streams), the others still open. An answer is given then only when the
 * rest cannot change it: the block is closed, and so is the element around a price that is the block itself (the
 * text after a price is read too, price-spots.ts). Else undefined: read the whole window.
 */
function readBlock(document: Document, window: ItemWindow, ctx: ExtractionContext, choices: boolean, closed: ReadonlySet<AnyNode> | null): SourceOutcome | undefined {
  const anchor = anchorIn(document, window);
  if (anchor === null) return closed !== null ? undefined : none();

  const anchorLine = lineOf(anchor);
  // A partial document is read up to the outermost closed container of the heading: only the spots in it count.
  const within = closed === null ? undefined : closedTop(anchor, closed);
  if (within === null) return undefined;
  const unchosen: Element[] = [];
  const spots = withoutTiles(priceSpots(document, anchorLine, { edition: ctx, choices, unchosen, within }), anchorLine);
  const reader = new SpotReader(ctx);

  // The smallest container of the heading (the heading itself first) with a readable price in it; the page's body
  // says no more than "same page". Options with their own prices and none chosen in it: no price of the block.
  for (let node: AnyNode | null = anchor; node !== null && DomUtils.isTag(node) && !PAGE_LEVEL.has(node.name); node = node.parent) {
    const container = node;
    if (closed !== null && !closed.has(container)) return undefined;
    const prices = reader.read(spots.filter((spot) => contains(container, spot)));
    if (prices.length === 0) continue;
    if (closed !== null && prices.some((price) => price.element === container) && (container.parent === null || !closed.has(container.parent))) return undefined;
    if (unchosen.some((group) => contains(container, group))) return UNCHOSEN;
    return answer(prices, availabilityIn(container));
  }
  if (closed !== null) return undefined;
  const near = spots.filter((spot) => (spot.startIndex ?? 0) > window.anchorAt && (spot.startIndex ?? 0) - window.anchorAt <= NEAR_CHARS);
  const prices = reader.read(near);
  return prices.length > 0 && unchosen.length > 0 ? UNCHOSEN : answer(prices, 'unknown');
}

/**
 * The outermost container of the heading (below the page's body) that is closed, and how many elements start
 * before it (all closed: an element that starts before it and is still open holds it); null when the heading is open.
 */
function closedTop(anchor: Element, closed: ReadonlySet<AnyNode>): { element: Element; elementsBefore: number } | null {
  let top: Element | null = null;
  for (let node: AnyNode | null = anchor; node !== null && DomUtils.isTag(node) && !PAGE_LEVEL.has(node.name) && closed.has(node); node = node.parent) top = node;
  if (top === null) return null;
  const start = top.startIndex ?? 0;
  let elementsBefore = 0;
  for (const node of closed) if ((node.startIndex ?? 0) < start) elementsBefore++;
  return { element: top, elementsBefore };
}

const UNCHOSEN: SourceOutcome = { candidates: [], problems: ['options with their own prices beside the price, and the page chooses none'] };

function answer(prices: readonly Price[], availability: Availability): SourceOutcome {
  if (prices.length === 0) return none();
  if (prices.length > MAX_PRICES) {
    return { candidates: [], problems: [`${prices.length} prices beside the main heading: a list, not one item's price block`] };
  }
  return { candidates: prices.map((price) => ({ ...price.candidate, availability })), problems: [] };
}

/** The heading element the window was cut around. */
function anchorIn(document: Document, window: ItemWindow): Element | null {
  return DomUtils.findOne(
    (element) => (element.startIndex ?? -1) >= window.anchorAt && (window.anchor === 'title' || element.name === 'h1'),
    document.children,
    true,
  );
}

/**
 * Reads price elements once each. Of nested ones the outermost that reads as a price wins ("$12.48" over its
 * "12" and "48" parts); one that does not read is looked into.
 */
class SpotReader {
  private readonly readings = new Map<Element, PriceCandidate | null>();
  private readonly sink = new CandidateSink();

  constructor(private readonly ctx: ExtractionContext) {}

  read(spots: readonly Element[]): Price[] {
    const prices: Price[] = [];
    for (const spot of spots) {
      if (prices.some((price) => contains(price.element, spot))) continue;
      const candidate = this.readingOf(spot);
      if (candidate !== null) prices.push({ element: spot, candidate });
    }
    return prices;
  }

  private readingOf(spot: Element): PriceCandidate | null {
    let reading = this.readings.get(spot);
    if (reading === undefined) {
      const outcome = readSpot(spot, this.ctx);
      reading = outcome !== null && 'candidate' in outcome && this.sink.add(outcome) ? outcome.candidate : null;
      this.readings.set(spot, reading);
    }
    return reading;
  }
}

/**
 * Without the price elements in repeated tiles: a container with a sibling of the same tag and first class, each
 * holding a price element of the same tag and class, is one tile of a product grid or carousel (unless it holds the
 * heading). Rows of one price box differ in their price elements ("price" and "unit-price"), tiles do not.
 */
function withoutTiles(spots: readonly Element[], anchorLine: ReadonlySet<AnyNode>): Element[] {
  const held = new Map<AnyNode, Set<string>>();
  for (const spot of spots) {
    const signature = `${spot.name}.${(spot.attribs['class'] ?? '').trim()}`;
    for (let node: AnyNode | null = spot.parent; node !== null; node = node.parent) {
      const signatures = held.get(node) ?? new Set<string>();
      signatures.add(signature);
      held.set(node, signatures);
    }
  }
  const sameSpots = (a: AnyNode, b: AnyNode): boolean => {
    const mine = held.get(a);
    const theirs = held.get(b);
    return mine !== undefined && theirs !== undefined && [...mine].some((signature) => theirs.has(signature));
  };
  const tiles = new Map<Element, boolean>();
  const isTile = (element: Element): boolean => {
    let tile = tiles.get(element);
    if (tile === undefined) {
      const kind = tileKind(element);
      tile =
        kind !== null &&
        !anchorLine.has(element) &&
        element.parent !== null &&
        element.parent.children.some((sibling) => sibling !== element && DomUtils.isTag(sibling) && tileKind(sibling) === kind && sameSpots(element, sibling));
      tiles.set(element, tile);
    }
    return tile;
  };
  return spots.filter((spot) => {
    for (let node: AnyNode | null = spot.parent; node !== null; node = node.parent) {
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

function contains(container: AnyNode, node: AnyNode): boolean {
  for (let current: AnyNode | null = node; current !== null; current = current.parent) if (current === container) return true;
  return false;
}

const AVAILABILITY_WORDS = new Set([
  'availability', 'stock', 'instock', 'lieferstatus', 'verfuegbarkeit', 'verfügbarkeit', 'lieferbarkeit', 'disponibilite',
  'disponibilité', 'disponibilidad', 'disponibilita',
]);

/** The block's availability element, read as availability words ("In stock", "Sofort lieferbar"). */
function availabilityIn(block: Element): Availability {
  const element = DomUtils.findOne(
    (candidate) => namesOf(candidate.attribs).some((name) => wordsOf(name).some((word) => AVAILABILITY_WORDS.has(word))),
    block.children,
    true,
  );
  if (element === null) return 'unknown';
  return availabilityFrom(element.attribs['href'] ?? element.attribs['content'] ?? readPriceText(element).text);
}
