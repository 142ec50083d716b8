import { forEachMarkupStretch, markupOf } from './markup.js';

/**
 * How much markup around the main item's heading is parsed. A product page puts the price block beside the title:
 * in the markup (scripts and styles removed) it follows within a few KB on the pages we read, rarely more than
 * 20 KB (a gallery or a variant picker in between). 60 KB after leaves room for that and stays a fraction of a
 * millisecond to parse; 8 KB before catches a layout that puts the price block, or the container that holds both,
 * just before the heading, without reaching back into the site's header and menus.
 */
const BEFORE_CHARS = 8_000;
const AFTER_CHARS = 60_000;

export interface ItemWindow {
  /** Markup around the main item's heading (no script, style or template bodies, no comments). */
  markup: string;
  /** Where the heading's tag starts in `markup`. */
  anchorAt: number;
  /** What the heading is: the page's first `<h1>`, or an element naming the product title. */
  anchor: 'h1' | 'title';
}

const LOGO_H1 = /^<h1[^>]*\b(?:class|id)\s*=\s*["']?[^"'>]*(?:logo|brand|site-?title|site-?name)/i;
// Without an h1: an element whose class/id names the product title or name, or a microdata name (not a breadcrumb's).
const TITLE_ELEMENT = /<[a-z][\w-]*\s[^>]*?(?:(?:class|id)\s*=\s*["']?[^"'>]*?product[-_]?(?:title|name)|itemprop\s*=\s*["']?name\b)[^>]*>/gi;
const BREADCRUMB = /breadcrumb|ListItem/i;

/** The main item's heading and the markup around it; null when the page has no heading to go by. */
export function mainItemWindow(html: string): ItemWindow | null {
  const h1 = firstInMarkup(html, h1Finder(), (at) => !LOGO_H1.test(html.slice(at, at + 300)));
  const found = h1 ?? firstInMarkup(html, matchAfter(TITLE_ELEMENT), (at) => !BREADCRUMB.test(html.slice(Math.max(0, at - 300), at + 200)));
  if (found === null) return null;
  const before = markupBefore(html, found.at, found.stretches);
  const after = markupOf(html, { start: found.at, maxChars: AFTER_CHARS });
  return { markup: before + after, anchorAt: before.length, anchor: h1 !== null ? 'h1' : 'title' };
}

interface Found {
  at: number;
  /** The last markup stretches (from, to) up to the match, to step back from it. */
  stretches: Array<readonly [number, number]>;
}

/** Where the next candidate at or after `from` starts; Infinity when there is none. */
type Finder = (html: string, from: number) => number;

/**
 * The next `<h1` tag. indexOf skips through a page many times faster than a case-insensitive regex; each spelling's
 * next position is kept, so that a spelling the page does not use is searched for once, not at every candidate.
 */
function h1Finder(): Finder {
  const next = { '<h1': -1, '<H1': -1 };
  const after = (html: string, spelling: keyof typeof next, from: number): number => {
    if (next[spelling] !== Infinity && next[spelling] < from) {
      const at = html.indexOf(spelling, from);
      next[spelling] = at < 0 ? Infinity : at;
    }
    return next[spelling];
  };
  return (html, from) => {
    for (let at = from; ; at += 3) {
      at = Math.min(after(html, '<h1', at), after(html, '<H1', at));
      if (at === Infinity || /[\s>]/.test(html[at + 3] ?? '')) return at;
    }
  };
}

function matchAfter(pattern: RegExp): Finder {
  return (html, from) => {
    pattern.lastIndex = from;
    return pattern.exec(html)?.index ?? Infinity;
  };
}

/** The first candidate in the page's markup (not in scripts, styles, templates, comments) that `accept`s. */
function firstInMarkup(html: string, find: Finder, accept: (at: number) => boolean): Found | null {
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
    { start: 0, end: html.length, ldJson: false },
  );
  return result;
}

/** Up to BEFORE_CHARS of markup that ends at `at`, starting at a tag. */
function markupBefore(html: string, at: number, stretches: ReadonlyArray<readonly [number, number]>): string {
  let needed = BEFORE_CHARS;
  let start = at;
  for (let i = stretches.length - 1; i >= 0 && needed > 0; i--) {
    const [from, to] = stretches[i] as readonly [number, number];
    const end = Math.min(to, at);
    start = Math.max(from, end - needed);
    needed -= end - start;
  }
  const markup = markupOf(html, { start, end: at });
  const cut = markup.indexOf('<');
  return cut < 0 ? '' : markup.slice(cut);
}
