import { LIMITS } from './limits.js';
import { skippedPartAt, type SkippedPart } from './markup.js';

export interface JsonLdBlocks {
  blocks: string[];
  /** Blocks left out because they were too large or too many. */
  skipped: number;
}

// `<` factored out: the engine then tries the openings only where a `<` is (a markup-heavy page has many). `<h1`
// costs the scan nothing more: its `<` is tried anyway. The openings match in lower case only, plus a *candidate*
// wherever an upper-case letter comes before the name is complete (`<S`, `<sC`, `<meT`, `<tempL`): ANY_CASE_TAG then
// settles it. Case-insensitive, the engine tries twice the letters at every `<` and this scan cost about twice as
// much (page (3) of bench/extraction.ts: 1.5–1.9 against 0.8–0.9 ms). nextTag finds what ANY_CASE_TAG would find at
// every `<`, in order (test/unit/adapters/stores/extraction/page-scan-shortcuts.test.ts).
const TAG =
  /<(?:!--|s(?:cript(?=[\s/>])|tyle(?=[\s/>])|[A-Z]|c(?:[A-Z]|r(?:[A-Z]|i(?:[A-Z]|p[A-Z])))|t(?:[A-Z]|y(?:[A-Z]|l[A-Z])))|t(?:emplate(?=[\s/>])|[A-Z]|e(?:[A-Z]|m(?:[A-Z]|p(?:[A-Z]|l(?:[A-Z]|a(?:[A-Z]|t[A-Z]))))))|m(?:eta\b|[A-Z]|e(?:[A-Z]|t[A-Z]))|h1[\s>]|[SMHT])/g;
const ANY_CASE_TAG = /<(?:!--|(script|style|template)(?=[\s/>])|meta\b|h1[\s>])/iy;
const META_REST = /meta\b/iy;
const H1_REST = /h1[\s>]/iy;

/** Where tags start, noted by the JSON-LD scan for the readers that would otherwise search the page for them. */
export interface TagStarts {
  /** Every `<meta` (any letter case), as meta-scan.ts reads them. */
  meta: number[];
  /** Every `<h1` followed by whitespace or `>` (any letter case), as main-item-window.ts looks for the heading. */
  h1: number[];
  /** The page's comments, scripts, styles and templates, as a walk of its markup meets them (markup.ts). */
  parts?: SkippedPart[];
}

type Found = { at: number; kind: 'meta' | 'h1' } | { at: number; kind: 'part'; name: SkippedPart['name'] };

/**
 * The text of every `<script type="application/ld+json">` in the raw page, without building a DOM: one left-to-right
 * walk that skips what a walk of the markup skips (markup.ts: comments, and the bodies of scripts, styles and
 * templates), so it stays linear on multi-megabyte pages.
 *
 * `starts`, when given, receives where every `<meta` and every `<h1` of the page start, in order — in comments and
 * script bodies too, as a search of the whole page finds them — and the parts the walk skipped: the same pass finds
 * them, so that the meta tags, the main heading and the page's markup cost no scan of their own.
 */
export function findJsonLdBlocks(html: string, starts?: TagStarts): JsonLdBlocks {
  const blocks: string[] = [];
  let skipped = 0;
  TAG.lastIndex = 0;
  for (let found = nextTag(html); found !== null; found = nextTag(html)) {
    if (found.kind !== 'part') {
      starts?.[found.kind].push(found.at);
      continue;
    }
    const part = skippedPartAt(html, found.at, found.name);
    starts?.parts?.push(part);
    if (part.name !== undefined && part.tagEnd < 0) {
      // An opening tag that never ends: a walk of the markup stops there; the starts are still noted after it.
      TAG.lastIndex = part.at + 1;
      continue;
    }
    const bodyEnd = part.end < 0 ? html.length : part.name === undefined ? part.end - 3 : part.end;
    if (starts !== undefined) startsIn(html, part.at + 1, bodyEnd, starts);
    TAG.lastIndex = bodyEnd;
    if (!part.ldJson) continue;
    if (blocks.length >= LIMITS.jsonLdBlocks || bodyEnd - (part.tagEnd + 1) > LIMITS.jsonLdBlockChars) {
      skipped++;
      continue;
    }
    blocks.push(html.slice(part.tagEnd + 1, bodyEnd));
  }
  return { blocks, skipped };
}

/** TAG's next match in `html` from TAG.lastIndex, a candidate only when ANY_CASE_TAG confirms it (TAG then goes on after it). */
function nextTag(html: string): Found | null {
  for (let match = TAG.exec(html); match !== null; match = TAG.exec(html)) {
    const tag = match[0];
    const last = tag.charCodeAt(tag.length - 1);
    // A candidate ends in an upper-case letter; a match in lower case never does.
    if (last < 65 || last > 90) return kindOf(match.index, tag);
    ANY_CASE_TAG.lastIndex = match.index;
    const confirmed = ANY_CASE_TAG.exec(html);
    if (confirmed !== null) {
      TAG.lastIndex = ANY_CASE_TAG.lastIndex;
      return kindOf(match.index, confirmed[0].toLowerCase());
    }
  }
  return null;
}

/** What a lower-case match of ANY_CASE_TAG is: its length says, but for `<!--` and `<h1` + one character. */
function kindOf(at: number, tag: string): Found {
  switch (tag.length) {
    case 4:
      return tag[1] === '!' ? { at, kind: 'part', name: undefined } : { at, kind: 'h1' };
    case 5:
      return { at, kind: 'meta' };
    case 6:
      return { at, kind: 'part', name: 'style' };
    case 7:
      return { at, kind: 'part', name: 'script' };
    default:
      return { at, kind: 'part', name: 'template' };
  }
}

/**
 * Adds where `<meta` and `<h1` start between `from` and `to` (a comment, or an element's tag and body: skipped by
 * the scan above). A plain search for `<`: script bodies seldom hold one.
 */
function startsIn(html: string, from: number, to: number, starts: TagStarts): void {
  for (let at = html.indexOf('<', from); at >= 0 && at < to; at = html.indexOf('<', at + 1)) {
    META_REST.lastIndex = at + 1;
    if (META_REST.test(html)) {
      starts.meta.push(at);
      continue;
    }
    H1_REST.lastIndex = at + 1;
    if (H1_REST.test(html)) starts.h1.push(at);
  }
}
