import { LIMITS } from './limits.js';

export interface JsonLdBlocks {
  blocks: string[];
  /** Blocks left out because they were too large or too many. */
  skipped: number;
}

const TAG = /<!--|<script\b([^>]*)>|<meta\b/gi;
/** What follows `</` in a script's closing tag. */
const SCRIPT_END_REST = /script\s*>/iy;
const META_REST = /meta\b/iy;
const LD_JSON_TYPE = /\btype\s*=\s*["']?\s*application\/ld\+json/i;

/**
 * The text of every `<script type="application/ld+json">` in the raw page, without building a DOM: one left-to-right
 * scan that skips HTML comments and the bodies of other scripts, so it stays linear on multi-megabyte pages.
 *
 * `metaAt`, when given, receives where every `<meta` (any letter case) of the page starts, in order — in comments and
 * script bodies too, as meta-scan.ts reads them: the same pass finds them, so that the meta tags cost no scan of
 * their own.
 */
export function findJsonLdBlocks(html: string, metaAt?: number[]): JsonLdBlocks {
  const blocks: string[] = [];
  let skipped = 0;
  TAG.lastIndex = 0;
  for (let match = TAG.exec(html); match !== null; match = TAG.exec(html)) {
    const tag = match[0];
    // `<meta` is the only match of five characters (`<!--` has four, a script tag at least eight).
    if (tag.length === 5) {
      metaAt?.push(match.index);
      continue;
    }
    if (tag === '<!--') {
      const end = html.indexOf('-->', match.index + 4);
      if (metaAt !== undefined) metaIn(html, match.index + 1, end < 0 ? html.length : end, metaAt);
      if (end < 0) break;
      TAG.lastIndex = end + 3;
      continue;
    }
    const bodyStart = match.index + tag.length;
    const close = scriptEnd(html, bodyStart);
    const bodyEnd = close === null ? html.length : close.at;
    TAG.lastIndex = close === null ? html.length : close.after;
    if (metaAt !== undefined) metaIn(html, match.index + 1, bodyEnd, metaAt);
    if (!LD_JSON_TYPE.test(match[1] ?? '')) continue;
    if (blocks.length >= LIMITS.jsonLdBlocks || bodyEnd - bodyStart > LIMITS.jsonLdBlockChars) {
      skipped++;
      continue;
    }
    blocks.push(html.slice(bodyStart, bodyEnd));
  }
  return { blocks, skipped };
}

/**
 * Adds where `<meta` starts between `from` and `to` (a comment, a script's tag and body: skipped by the scan above).
 * A plain search for `<`: script bodies seldom hold one.
 */
function metaIn(html: string, from: number, to: number, metaAt: number[]): void {
  for (let at = html.indexOf('<', from); at >= 0 && at < to; at = html.indexOf('<', at + 1)) {
    META_REST.lastIndex = at + 1;
    if (META_REST.test(html)) metaAt.push(at);
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
