import type { CheerioAPI } from 'cheerio';
// cheerio's htmlparser2 entry point: several times cheaper per page than the default parse5 tree builder. Only the
// store's CSS selectors need a DOM; microdata and meta tags are read by the streaming tag scan (tag-scan.ts).
import { load } from 'cheerio/slim';
import { LIMITS } from './limits.js';

/** Parses the page once, at most LIMITS.domChars of it. */
export function loadDom(html: string): CheerioAPI {
  return load(html.length > LIMITS.domChars ? html.slice(0, LIMITS.domChars) : html);
}
