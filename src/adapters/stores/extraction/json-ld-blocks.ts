import { LIMITS } from './limits.js';

export interface JsonLdBlocks {
  blocks: string[];
  /** Blocks left out because they were too large or too many. */
  skipped: number;
}

const TAG = /<!--|<script\b([^>]*)>/gi;
const SCRIPT_END = /<\/script\s*>/gi;
const LD_JSON_TYPE = /\btype\s*=\s*["']?\s*application\/ld\+json/i;

/**
 * The text of every `<script type="application/ld+json">` in the raw page, without building a DOM: one left-to-right
 * scan that skips HTML comments and the bodies of other scripts, so it stays linear on multi-megabyte pages.
 */
export function findJsonLdBlocks(html: string): JsonLdBlocks {
  const blocks: string[] = [];
  let skipped = 0;
  TAG.lastIndex = 0;
  for (let match = TAG.exec(html); match !== null; match = TAG.exec(html)) {
    if (match[0] === '<!--') {
      const end = html.indexOf('-->', match.index + 4);
      if (end < 0) break;
      TAG.lastIndex = end + 3;
      continue;
    }
    const bodyStart = match.index + match[0].length;
    SCRIPT_END.lastIndex = bodyStart;
    const close = SCRIPT_END.exec(html);
    const bodyEnd = close === null ? html.length : close.index;
    TAG.lastIndex = close === null ? html.length : close.index + close[0].length;
    if (!LD_JSON_TYPE.test(match[1] ?? '')) continue;
    if (blocks.length >= LIMITS.jsonLdBlocks || bodyEnd - bodyStart > LIMITS.jsonLdBlockChars) {
      skipped++;
      continue;
    }
    blocks.push(html.slice(bodyStart, bodyEnd));
  }
  return { blocks, skipped };
}
