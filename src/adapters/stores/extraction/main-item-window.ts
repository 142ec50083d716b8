import { firstAtOrAfter } from './first-at-or-after.js';
import { forEachMarkupStretch, markupOf, type SkippedPart } from './markup.js';

/**
 * How much markup around the main item's heading is parsed. In markup (scripts, styles, comments removed) the price
 * block follows the heading closely: within 0.3–5 KB on the public product pages of the tests (Amazon's is the
 * farthest, behind its rating and badges). 40 KB after leaves eight times that for a gallery, a variant picker or
 * inline SVG icons in between, and parses in about a millisecond; 8 KB before catches a layout that opens the
 * container of title and price, or puts the price, just before the heading, without reaching back into the site's
 * header and menus.
 */
const BEFORE_CHARS = 8_000;
const AFTER_CHARS = 40_000;

export interface ItemWindow {
  /** Markup around the main item's heading (no script, style or template bodies, no comments). */
  markup: string;
  /** Where the heading's tag starts in `markup`. */
  anchorAt: number;
  /** What the heading is: the page's first `<h1>`, or an element naming the product title. */
  anchor: 'h1' | 'title';
}

const LOGO_H1 = /^<h1[^>]*\b(?:class|id)\s*=\s*["']?[^"'>]*(?:logo|brand|site-?title|site-?name)/i;
// Without an h1: an element whose class/id names the product title or name, or a microdata name (not a breadcrumb's,
// nor a listed or related item's).
const TITLE_NAME = /product[-_]?(?:title|name)|itemprop\s*=\s*["']?name\b/gi;
/** Names of other items: a breadcrumb's, a list's, a related or recommended product's. */
const OTHER_ITEMS = /breadcrumb|ListItem|ItemList|itemListElement|isRelatedTo|isSimilarTo|related|also|recommend|similar|carousel|product-card|upsell|cross-?sell/i;

/** What a scan of the whole page noted (json-ld-blocks.ts): where its `<h1` tags and the parts that are no markup start. */
export interface PageMarks {
  h1: readonly number[];
  parts?: readonly SkippedPart[];
}

/**
 * The main item's heading and the markup around it; null when the page has no heading to go by. `marks`, when given:
 * where every `<h1` of the page starts, in order, and its comments, scripts, styles and templates (json-ld-blocks.ts
 * notes them in its scan), so that the page is not searched for them again.
 */
export function mainItemWindow(html: string, marks?: PageMarks): ItemWindow | null {
  const parts = marks?.parts;
  const h1 = firstInMarkup(html, marks === undefined ? h1After : h1Among(marks.h1), (at) => !LOGO_H1.test(html.slice(at, at + 300)), parts);
  const found = h1 ?? firstInMarkup(html, titleElementAfter, (at) => namesTitle(html, at), parts);
  if (found === null) return null;
  const before = markupBefore(html, found.at, found.stretches, parts);
  const after = markupOf(html, { start: found.at, maxChars: AFTER_CHARS, parts });
  return { markup: before + after, anchorAt: before.length, anchor: h1 !== null ? 'h1' : 'title' };
}

interface Found {
  at: number;
  /** The last markup stretches (from, to) up to the match, to step back from it. */
  stretches: Array<readonly [number, number]>;
}

/** Where the next candidate at or after `from` starts; Infinity when there is none. */
type Finder = (html: string, from: number) => number;

/** What may follow `<h1` in an h1 tag: whitespace or the tag's end. */
const AFTER_H1 = /[\s>]/;

const H1_OPEN = /<h1/gi;

/**
 * The next `<h1` tag (`<H1` too). One regex for both letter cases: a plain search for `<H1`, which pages seldom
 * have, ran to the page's end on every page (about 0.8 ms on 3 MB of markup).
 */
function h1After(html: string, from: number): number {
  H1_OPEN.lastIndex = from;
  for (let match = H1_OPEN.exec(html); match !== null; match = H1_OPEN.exec(html)) {
    if (AFTER_H1.test(html.charAt(match.index + 3))) return match.index;
  }
  return Infinity;
}

/** The finder h1After is, answered from where the page's `<h1` tags start: the first at or after `from`. */
function h1Among(h1At: readonly number[]): Finder {
  return (_html, from) => h1At[firstAtOrAfter(h1At, from, (at) => at)] ?? Infinity;
}

/** A tag that names the product title, or a microdata name that is not a breadcrumb's or another item's. */
function namesTitle(html: string, at: number): boolean {
  const tag = html.slice(at, html.indexOf('>', at) + 1);
  return /product[-_]?(?:title|name)/i.test(tag) || !OTHER_ITEMS.test(html.slice(Math.max(0, at - 300), at));
}

/** The next opening tag whose attributes name the product title (the tag's start). */
function titleElementAfter(html: string, from: number): number {
  TITLE_NAME.lastIndex = from;
  for (let match = TITLE_NAME.exec(html); match !== null; match = TITLE_NAME.exec(html)) {
    const tagStart = html.lastIndexOf('<', match.index);
    const inTag = tagStart >= from && html.indexOf('>', tagStart) > match.index && /^<[a-z]/i.test(html.slice(tagStart, tagStart + 2));
    if (inTag) return tagStart;
  }
  return Infinity;
}

/** The first candidate in the page's markup (not in scripts, styles, templates, comments) that `accept`s. */
function firstInMarkup(html: string, find: Finder, accept: (at: number) => boolean, parts: readonly SkippedPart[] | undefined): Found | null {
  const stretches: Array<readonly [number, number]> = [];
  let next = -1;
  let result: Found | null = null;
  forEachMarkupStretch(
    html,
    (from, to) => {
      stretches.push([from, to]);
      if (stretches.length > 256) stretches.splice(0, 128);
      // One search can run far past the stretch; remember its answer until the stretches reach it.
      while (next < to) {
        if (next < from) {
          next = find(html, from);
          continue;
        }
        if (accept(next)) {
          result = { at: next, stretches };
          return false;
        }
        next = find(html, next + 1);
      }
      return next !== Infinity;
    },
    { start: 0, end: html.length, ldJson: false, parts },
  );
  return result;
}

/** Up to BEFORE_CHARS of markup that ends at `at`, starting at a tag. */
function markupBefore(html: string, at: number, stretches: ReadonlyArray<readonly [number, number]>, parts: readonly SkippedPart[] | undefined): string {
  let needed = BEFORE_CHARS;
  let start = at;
  for (let i = stretches.length - 1; i >= 0 && needed > 0; i--) {
    const [from, to] = stretches[i] as readonly [number, number];
    const end = Math.min(to, at);
    start = Math.max(from, end - needed);
    needed -= end - start;
  }
  const markup = markupOf(html, { start, end: at, parts });
  const cut = markup.indexOf('<');
  return cut < 0 ? '' : markup.slice(cut);
}
