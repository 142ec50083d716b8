import type { CheerioAPI } from 'cheerio';
// cheerio's htmlparser2 entry point: several times cheaper per page than the default parse5 tree builder. Only the
// store's CSS selectors need a DOM; microdata and meta tags are read by the streaming tag scan (tag-scan.ts).
import { load } from 'cheerio/slim';
import { markupOf, type SkippedPart } from './markup.js';

/**
 * Parses the page's markup once (markup.ts: at most LIMITS.domChars, without script, style and template bodies and
 * comments, which are most of a real page and hold nothing a price selector reads; ld+json scripts stay). `parts`:
 * those, when a scan of the page noted them (json-ld-blocks.ts).
 */
export function loadDom(html: string, parts?: readonly SkippedPart[]): CheerioAPI {
  return load(markupOf(html, { parts }));
}
