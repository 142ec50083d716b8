import type { AnyNode, Document, Element } from 'domhandler';
import { DomUtils, parseDocument } from 'htmlparser2';
import type { Availability } from '../../../domain/pricing/price-observation.js';
import { availabilityFrom } from './price-text/price-text.js';
import { readPriceText, wordsOf } from './element-price-text.js';
import { mainItemWindow, type ItemWindow } from './main-item-window.js';
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
 * The visible price block of the page's main item: a witness beside structured data, and the only reader of pages
 * without any. The main item is the page's first `<h1>` (else an element naming the product title); only a window
 * of markup around it is parsed (main-item-window.ts), never the whole page. Price elements are those whose names
 * say price and that nothing excludes (price-spots.ts: old and struck-through prices, savings, shipping, unit
 * prices, instalments, hidden elements, related products, the page's header, menus, footer, asides), less those in
 * repeated tiles of a product grid. The block is the smallest container of the heading that holds a price element
 * that reads as one price; all of its prices are answered (item 0), so that several different ones stay for the
 * chooser to call ambiguous. No heading, no price near it, or too many: no answer.
 */
export function fromVisiblePrice(html: string, ctx: ExtractionContext): SourceOutcome {
  const window = mainItemWindow(html);
  if (window === null) return { candidates: [], problems: [] };
  const document = parseDocument(window.markup, { withStartIndices: true });
  const anchor = anchorIn(document, window);
  if (anchor === null) return { candidates: [], problems: [] };

  const anchorLine = new Set<AnyNode>();
  for (let node: AnyNode | null = anchor; node !== null; node = node.parent) anchorLine.add(node);
  const unchosen: Element[] = [];
  const choices = CHOICE_MARKUP.test(window.markup);
  const spots = withoutTiles(priceSpots(document, anchorLine, { isbn13: ctx.isbn13, choices, unchosen }), anchorLine);
  const reader = new SpotReader(ctx);

  // The smallest container of the heading (the heading itself first) with a readable price in it; the page's body
  // says no more than "same page". Options with their own prices and none chosen in it: no price of the block.
  for (let node: AnyNode | null = anchor; node !== null && DomUtils.isTag(node) && !PAGE_LEVEL.has(node.name); node = node.parent) {
    const container = node;
    const prices = reader.read(spots.filter((spot) => contains(container, spot)));
    if (prices.length === 0) continue;
    if (unchosen.some((group) => contains(container, group))) return UNCHOSEN;
    return answer(prices, availabilityIn(container));
  }
  const near = spots.filter((spot) => (spot.startIndex ?? 0) > window.anchorAt && (spot.startIndex ?? 0) - window.anchorAt <= NEAR_CHARS);
  const prices = reader.read(near);
  return prices.length > 0 && unchosen.length > 0 ? UNCHOSEN : answer(prices, 'unknown');
}

const UNCHOSEN: SourceOutcome = { candidates: [], problems: ['options with their own prices beside the price, and the page chooses none'] };

function answer(prices: readonly Price[], availability: Availability): SourceOutcome {
  if (prices.length === 0) return { candidates: [], problems: [] };
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
