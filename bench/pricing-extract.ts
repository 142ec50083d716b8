import { extractPrice } from '../src/adapters/stores/extraction/extract-price.js';
import type { ExtractionConfig } from '../src/adapters/stores/extraction/types.js';
import { loadStoreRecipes } from '../src/adapters/stores/recipes/store-recipes.js';

// How much CPU reading one product page costs (src/adapters/stores/extraction, as HtmlPriceSource calls it), per demo
// store, measured in the benchmark's own process on pages fetched from the demo store server: the part of a fetch
// task's CPU that no queue or database change removes.

export interface ExtractionCost {
  store: string;
  pages: number;
  bytes: number;
  /** CPU milliseconds per page (user + system of this process, averaged over the rounds). */
  cpuMs: number;
}

const DEMO_PATHS: Record<string, { path: string; prefix: string }> = {
  'demo-paperback-palace': { path: 'paperback-palace/isbn/', prefix: '978' },
  'demo-ebook-emporium': { path: 'ebook-emporium/books/', prefix: '978' },
  'demo-buchhandlung': { path: 'buchhandlung/artikel/', prefix: '978' },
  'demo-corner-bookshop': { path: 'corner-bookshop/product/', prefix: '978' },
};

/** The 12 digits with their ISBN-13 check digit. */
function isbn13(body: string): string {
  const sum = [...body].reduce((acc, digit, i) => acc + Number(digit) * (i % 2 === 0 ? 1 : 3), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

export async function measureExtraction(demoUrl: string, pagesPerStore = 50, rounds = 10): Promise<ExtractionCost[]> {
  const costs: ExtractionCost[] = [];
  for (const store of loadStoreRecipes().filter((s) => s.demo)) {
    const where = DEMO_PATHS[store.key];
    if (!where) continue;
    const pages: Array<{ html: string; url: string; config: ExtractionConfig }> = [];
    for (let i = 1; i <= pagesPerStore; i++) {
      const isbn = isbn13(`${where.prefix}${String(i).padStart(9, '0')}`);
      const url = `${demoUrl}/${where.path}${isbn}`;
      const response = await fetch(url);
      const html = await response.text();
      pages.push({ html, url, config: { ...store.extraction, defaultCurrency: store.currency, isbn13: isbn } });
    }
    // One round to warm the code up, then the measured rounds.
    for (const p of pages) extractPrice(p.html, p.url, p.config);
    const before = process.cpuUsage();
    let ok = 0;
    for (let r = 0; r < rounds; r++) for (const p of pages) if (extractPrice(p.html, p.url, p.config).ok) ok++;
    const used = process.cpuUsage(before);
    if (ok !== rounds * pages.length) throw new Error(`Extraction failed on ${rounds * pages.length - ok} ${store.key} pages`);
    costs.push({
      store: store.key.replace(/^demo-/, ''),
      pages: pages.length,
      bytes: pages.reduce((sum, p) => sum + Buffer.byteLength(p.html), 0) / pages.length,
      cpuMs: (used.user + used.system) / 1000 / (rounds * pages.length),
    });
  }
  return costs;
}
