import { firstAtOrAfter } from './first-at-or-after.js';
import { LIMITS } from './limits.js';

/** What part of a page to keep as markup: from `start` to `end`, at most `maxChars` of output. */
export interface MarkupRange {
  start?: number;
  end?: number;
  maxChars?: number;
  /** The page's skipped parts, when a scan of the whole page noted them (StretchOptions). */
  parts?: readonly SkippedPart[];
}

// An element whose body is no markup for us (raw text, or a template's inert subtree), or a comment.
const SKIPPED_OPENER = /<(?:!--|(script|style|template)(?=[\s/>]))/gi;
/** What follows `</` in the closing tag of a script or style (raw text, searched for `</` first). */
const RAW_TEXT_ENDS: Readonly<Record<string, RegExp>> = {
  script: /script[\s/>]/iy,
  style: /style[\s/>]/iy,
};
const TEMPLATE_TAG = /<\/?template[\s/>]/gi;
const LD_JSON = /\btype\s*=\s*["']?\s*application\/ld\+json/i;

/**
 * The page without the bodies of `<script>` (except ld+json), `<style>` and `<template>`, and without comments: real
 * pages are mostly inline scripts, and a tokenizer or DOM builder costs in proportion to its input. The elements
 * themselves stay (empty), so selectors and the tag scan see the same element tree. One left-to-right pass; an
 * unterminated script or comment runs to the end, as in a browser. At most LIMITS.domChars of the page is read.
 */
export function markupOf(html: string, range: MarkupRange = {}): string {
  const maxChars = range.maxChars ?? LIMITS.domChars;
  const parts: string[] = [];
  let size = 0;
  // Adjacent stretches are sliced as one: a page with nothing to remove comes back as it is, without a copy.
  let from = -1;
  let to = -1;
  forEachMarkupStretch(
    html,
    (start, end) => {
      const until = Math.min(end, start + (maxChars - size));
      if (start !== to) {
        if (to > from) parts.push(html.slice(from, to));
        from = start;
      }
      to = until;
      size += until - start;
      return size < maxChars;
    },
    { start: range.start ?? 0, end: range.end ?? html.length, ldJson: true, parts: range.parts },
  );
  if (to > from) parts.push(html.slice(from, to));
  return parts.length === 1 ? (parts[0] as string) : parts.join('');
}

export interface StretchOptions {
  start: number;
  end: number;
  /** Whether ld+json script bodies count as markup (markupOf keeps them; a search for elements does not). */
  ldJson: boolean;
  /**
   * The page's skipped parts as a scan of the whole page found them, in order (json-ld-blocks.ts notes them): then
   * the page is not searched for them again. Only for a `start` at which a walk from the page's start arrives too.
   */
  parts?: readonly SkippedPart[];
}

/** A comment, or a script, style or template element: what a walk of the page's markup skips. */
export interface SkippedPart {
  /** Where it starts (its `<`). */
  at: number;
  /** The element's name, lower case; undefined for a comment. */
  name: 'script' | 'style' | 'template' | undefined;
  /** An element: where its opening tag ends (the `>`), -1 when it never does. A comment: -1. */
  tagEnd: number;
  /** An element: where its body ends (its closing tag's `<`). A comment: just after its `-->`. -1: it runs to the end. */
  end: number;
  /** A script of type application/ld+json. */
  ldJson: boolean;
}

/**
 * Calls `visit(from, to)` for every stretch of the page between `start` and `end` that is markup (not a script,
 * style or template body, not a comment), in order, until `visit` answers false. `start` must not be inside one.
 */
export function forEachMarkupStretch(html: string, visit: (from: number, to: number) => boolean, options: StretchOptions): void {
  const end = Math.min(options.end, html.length, LIMITS.domChars);
  let copied = Math.max(0, options.start);
  const stretch = (upTo: number): boolean => {
    const until = Math.min(upTo, end);
    return until <= copied || visit(copied, until);
  };
  const { parts } = options;

  let scanFrom = copied;
  while (scanFrom < end) {
    const part = parts === undefined ? nextPart(html, scanFrom, end) : recordedPart(parts, scanFrom, end);
    if (part === null) {
      // Nothing to skip in this chunk: hand it over, so that a visitor that has seen enough stops here.
      const chunkEnd = Math.min(end, scanFrom + SCAN_CHUNK);
      if (!stretch(chunkEnd)) return;
      copied = scanFrom = chunkEnd;
      continue;
    }
    if (part.name === undefined) {
      if (!stretch(part.at)) return;
      copied = scanFrom = part.end < 0 ? end : part.end;
      continue;
    }
    if (part.tagEnd < 0) break;
    scanFrom = part.end < 0 ? end : part.end;
    if (options.ldJson && part.ldJson) continue;
    if (!stretch(part.tagEnd + 1)) return;
    copied = scanFrom;
  }
  stretch(end);
}

/**
 * How far one search for the next script, style, template or comment looks. The search is bounded so that reading
 * only the start of a page (or a window of it) never costs a scan of the whole page.
 */
const SCAN_CHUNK = 65_536;

/** The next part that starts within SCAN_CHUNK of `from`; null when there is none in that stretch. */
function nextPart(html: string, from: number, end: number): SkippedPart | null {
  const chunkEnd = Math.min(end, from + SCAN_CHUNK);
  // A little beyond the chunk, so that an opener that starts inside it is seen whole.
  const view = html.slice(from, Math.min(html.length, chunkEnd + 10));
  SKIPPED_OPENER.lastIndex = 0;
  const match = SKIPPED_OPENER.exec(view);
  if (match === null || match.index >= chunkEnd - from) return null;
  return skippedPartAt(html, from + match.index, match[1]?.toLowerCase() as SkippedPart['name']);
}

/** nextPart's answer, from the parts a scan of the whole page noted. */
function recordedPart(parts: readonly SkippedPart[], from: number, end: number): SkippedPart | null {
  const part = parts[firstAtOrAfter(parts, from, (candidate) => candidate.at)];
  return part === undefined || part.at >= Math.min(end, from + SCAN_CHUNK) ? null : part;
}

/**
 * The comment (`name` undefined) or the script, style or template element whose opener starts at `at`: where its
 * tag and its body end. `<!-->` and `<!--->` are complete (empty) comments, as in a browser.
 */
export function skippedPartAt(html: string, at: number, name: SkippedPart['name']): SkippedPart {
  if (name === undefined) {
    const close = html.indexOf('-->', at + 2);
    return { at, name, tagEnd: -1, end: close < 0 ? -1 : close + 3, ldJson: false };
  }
  const tagEnd = html.indexOf('>', at);
  if (tagEnd < 0) return { at, name, tagEnd, end: -1, ldJson: false };
  const ldJson = name === 'script' && LD_JSON.test(html.slice(at, tagEnd));
  return { at, name, tagEnd, end: closingTagOf(html, name, tagEnd + 1), ldJson };
}

/** Where the body that starts at `from` ends (the index of its closing tag), -1 when it runs to the end. */
function closingTagOf(html: string, name: string, from: number): number {
  const rest = RAW_TEXT_ENDS[name];
  if (rest !== undefined) {
    // Script and style bodies are raw text up to the first closing tag. They are most of a client-rendered page and
    // seldom hold `</`: a plain search for it, then a look at what follows, is several times faster than a regex.
    for (let at = html.indexOf('</', from); at >= 0; at = html.indexOf('</', at + 1)) {
      rest.lastIndex = at + 2;
      if (rest.test(html)) return at;
    }
    return -1;
  }
  // Templates nest.
  TEMPLATE_TAG.lastIndex = from;
  let depth = 0;
  for (let match = TEMPLATE_TAG.exec(html); match !== null; match = TEMPLATE_TAG.exec(html)) {
    if (match[0][1] !== '/') depth++;
    else if (depth === 0) return match.index;
    else depth--;
  }
  return -1;
}
