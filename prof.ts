import * as pages from './bench/extraction-pages.js';
import { fromJsonLd } from './src/adapters/stores/extraction/json-ld.js';
import { detectBlockedPage } from './src/adapters/stores/extraction/blocked-page.js';
import { markupOf } from './src/adapters/stores/extraction/markup.js';
import { scanTags } from './src/adapters/stores/extraction/tag-scan.js';
import { fromVisiblePrice } from './src/adapters/stores/extraction/visible-price.js';
import { pageAddresses } from './src/adapters/stores/extraction/page-addresses.js';
import { findJsonLdBlocks } from './src/adapters/stores/extraction/json-ld-blocks.js';
const all = (pages as any);
console.log(Object.keys(all));
const list = all.benchPages();
for (const p of list.slice(0, 3)) {
  const html: string = p.html; const url: string = p.url;
  const ctx = { pageUrl: url, defaultCurrency: 'USD', isbn13: null, addresses: pageAddresses(html, url) } as any;
  const time = (name: string, f: () => unknown) => { for (let i=0;i<5;i++) f(); const t = performance.now(); for (let i=0;i<20;i++) f(); console.log(p.name ?? '', name, ((performance.now()-t)/20).toFixed(2)); };
  time('jsonld blocks', () => findJsonLdBlocks(html));
  time('jsonld', () => fromJsonLd(html, ctx));
  time('blocked', () => detectBlockedPage(html));
  time('markupOf', () => markupOf(html));
  time('scanTags', () => scanTags(html));
  time('visible', () => fromVisiblePrice(html, ctx));
  time('addresses', () => pageAddresses(html, url));
  time('itemprop regex', () => /itemprop/i.test(html));
}
