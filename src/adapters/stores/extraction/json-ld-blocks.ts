import { LIMITS } from './limits.js';

export interface JsonLdBlocks {
  blocks: string[];
  /** Blocks left out because they were too large or too many. */
  skipped: number;
}

// `<` factored out: the engine then tries the openings only where a `<` is (a markup-heavy page has many). `<h1`
// costs the scan nothing more: its `<` is tried anyway. The openings match in lower case only, plus a *candidate*
// wherever an upper-case letter comes before the name is complete (`<S`, `<sC`, `<meT`, `<H`): ANY_CASE_TAG then
// settles it. Case-insensitive, the engine tries twice the letters at every `<` and this scan cost about twice as
// much (page (3) of bench/extraction.ts: 1.5–1.9 against 0.8–0.9 ms). nextTag finds what `/<(?:!--|script…)/gi` would
// find, in order (test/unit/adapters/stores/extraction/page-scan-shortcuts.test.ts).
const TAG = /<(?:!--|s(?:cript\b([^>]*)>|[A-Z]|c(?:[A-Z]|r(?:[A-Z]|i(?:[A-Z]|p[A-Z]))))|m(?:eta\b|[A-Z]|e(?:[A-Z]|t[A-Z]))|h1[\s>]|[SMH])/g;
const ANY_CASE_TAG = /<(?:script\b([^>]*)>|meta\b|h1[\s>])/iy;
/** What follows `</` in a script's closing tag. */
const SCRIPT_END_REST = /script\s*>/iy;
const META_REST = /meta\b/iy;
const H1_REST = /h1[\s>]/iy;

/** Where tags start, noted by the JSON-LD scan for the readers that would otherwise search the page for them. */
export interface TagStarts {
  /** Every `<meta` (any letter case), as meta-scan.ts reads them. */
  meta: number[];
  /** Every `<h1` followed by whitespace or `>` (any letter case), as main-item-window.ts looks for the heading. */
  h1: number[];
}
const LD_JSON_TYPE = /\btype\s*=\s*["']?\s*application\/ld\+json/i;

/**
 * The text of every `<script type="application/ld+json">` in the raw page, without building a DOM: one left-to-right
 * scan that skips HTML comments and the bodies of other scripts, so it stays linear on multi-megabyte pages.
 *
 * `starts`, when given, receives where every `<meta` and every `<h1` of the page start, in order — in comments and
 * script bodies too, as a search of the whole page finds them: the same pass finds them, so that the meta tags and
 * the main heading cost no scan of their own.
 */
export function findJsonLdBlocks(html: string, starts?: TagStarts): JsonLdBlocks {
  const blocks: string[] = [];
  let skipped = 0;
  TAG.lastIndex = 0;
  for (let match = nextTag(html); match !== null; match = nextTag(html)) {
    const tag = match[0];
    // `<meta` is the only match of five characters, `<h1` and what follows it of four (as `<!--`), a script tag at
    // least eight.
    if (tag.length === 5) {
      starts?.meta.push(match.index);
      continue;
    }
    if (tag !== '<!--' && tag.length === 4) {
      starts?.h1.push(match.index);
      continue;
    }
    if (tag === '<!--') {
      const end = html.indexOf('-->', match.index + 4);
      if (starts !== undefined) startsIn(html, match.index + 1, end < 0 ? html.length : end, starts);
      if (end < 0) break;
      TAG.lastIndex = end + 3;
      continue;
    }
    const bodyStart = match.index + tag.length;
    const close = scriptEnd(html, bodyStart);
    const bodyEnd = close === null ? html.length : close.at;
    TAG.lastIndex = close === null ? html.length : close.after;
    if (starts !== undefined) startsIn(html, match.index + 1, bodyEnd, starts);
    if (!LD_JSON_TYPE.test(match[1] ?? '')) continue;
    if (blocks.length >= LIMITS.jsonLdBlocks || bodyEnd - bodyStart > LIMITS.jsonLdBlockChars) {
      skipped++;
      continue;
    }
    blocks.push(html.slice(bodyStart, bodyEnd));
  }
  return { blocks, skipped };
}

/** TAG's next match in `html` from TAG.lastIndex, a candidate only when ANY_CASE_TAG confirms it (TAG then goes on after it). */
function nextTag(html: string): RegExpExecArray | null {
  for (let match = TAG.exec(html); match !== null; match = TAG.exec(html)) {
    const tag = match[0];
    // In lower case: a comment, a script (its attributes captured), `<meta`, or `<h1` (the only match with an `h`).
    if (match[1] !== undefined || tag === '<!--' || tag === '<meta' || tag[1] === 'h') return match;
    ANY_CASE_TAG.lastIndex = match.index;
    const confirmed = ANY_CASE_TAG.exec(html);
    if (confirmed !== null) {
      TAG.lastIndex = ANY_CASE_TAG.lastIndex;
      return confirmed;
    }
  }
  return null;
}

/**
 * Adds where `<meta` and `<h1` start between `from` and `to` (a comment, a script's tag and body: skipped by the scan
 * above). A plain search for `<`: script bodies seldom hold one.
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

/**
 * The first `</script\s*>` (any letter case) at or after `from`: where it starts and ends. A search for `</`, then a
 * look at what follows it: script bodies (most of a client-rendered page) seldom hold `</`, and a plain search skips
 * them several times faster than a case-insensitive regex does.
 */
function scriptEnd(html: string, from: number): { at: number; after: number } | null {
  for (let at = html.indexOf('</', from); at >= 0; at = html.indexOf('</', at + 1)) {
    SCRIPT_END_REST.lastIndex = at + 2;
    if (SCRIPT_END_REST.test(html)) return { at, after: SCRIPT_END_REST.lastIndex };
  }
  return null;
}
