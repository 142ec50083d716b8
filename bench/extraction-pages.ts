import { readFileSync } from 'node:fs';
import type { ExtractionConfig } from '../src/adapters/stores/extraction/index.js';

// The 3 MB pages of the extraction benchmark, built around a real product page (the Wayfair page of
// test/fixtures/store-pages/public, JSON-LD and a visible price): everything around its product block is generated,
// deterministically, in the proportions of the store pages it imitates.

export interface Composition {
  bytes: number;
  scriptBytes: number;
  styleBytes: number;
  markupBytes: number;
  elements: number;
}

export interface BenchPage {
  name: string;
  html: string;
  url: string;
  config: ExtractionConfig;
  expected: { amount: string; currency: string };
  composition: Composition;
  /** What the page is made of, in words, for the report. */
  recipe: string;
  /**
   * htmlparser2's p50 on this page at the reference machine's own speed (REFERENCE_MACHINE): the baseline that says how
   * fast the machine runs during a measurement (bench/extraction-report.ts, atReferenceSpeed).
   */
  referenceParseMs: number;
}

/**
 * The machine the targets were set on, and the run its speed is taken from: the quickest of 2026-11-29 to 2026-12-01
 * by htmlparser2's p50s (the same VM is up to 1.7 times slower in some phases, on every task alike).
 */
export const REFERENCE_MACHINE = 'AMD EPYC, 2 cores, Node v20.20.2, its quickest run, 2026-12-01 about 13:20 UTC';

const SOURCE = 'test/fixtures/store-pages/public/metascraper-wayfair-armchair.html';
const URL_OF_SOURCE = 'https://www.wayfair.com/furniture/pdp/wade-logan-penhook-2047-wide-armchair-w005759888.html';
const EXPECTED = { amount: '111.99', currency: 'USD' };
/** What a store recipe for this page would configure: the buy box's current price. */
export const STORE_SELECTORS = { price: '.SFPrice .pl-Price-V2--5000' };
export const TARGET_BYTES = 3_000_000;

export function compositionOf(html: string): Composition {
  let scriptBytes = 0;
  let styleBytes = 0;
  for (const match of html.matchAll(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi)) scriptBytes += match[0].length;
  for (const match of html.matchAll(/<style\b[^>]*>[\s\S]*?<\/style\s*>/gi)) styleBytes += match[0].length;
  const elements = html.match(/<[a-zA-Z]/g)?.length ?? 0;
  return { bytes: html.length, scriptBytes, styleBytes, markupBytes: html.length - scriptBytes - styleBytes, elements };
}

// ---- generated parts: the same output on every run --------------------------------------------------------------

const price = (i: number): string => `${(5 + ((i * 37) % 240)).toString()}.${String((i * 53) % 100).padStart(2, '0')}`;
const isbn = (i: number): string => `978${String(100_000_000 + i * 7_919).slice(0, 9)}${i % 10}`;

/** Minified-looking application code: the framework and widget chunks stores inline. */
function codeChunk(index: number, bytes: number): string {
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const line = `function c${index}_${i}(e,t){var n=e.price||0,r=t&&t.items?t.items.length:0;if(n>${i % 97})return{id:"p${i}",total:n*r+${i % 13},label:"Add to cart",currency:"USD"};for(var o=0;o<r;o++)e.q=(e.q||0)+t.items[o].qty;return e}`;
    parts.push(line);
    size += line.length + 1;
  }
  return `<script>!function(){"use strict";${parts.join(';')}}();</script>`;
}

/** The page state a client-rendered store embeds: a catalogue slice with prices, images and reviews. */
function stateScript(bytes: number): string {
  const products: unknown[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const product = {
      id: `W00${5_000_000 + i}`,
      sku: `SKU-${i}`,
      isbn: isbn(i),
      name: `Armchair model ${i} in walnut and bi-cast leather`,
      price: { current: Number(price(i)), was: Number(price(i + 7)), currency: 'USD', formatted: `$${price(i)}` },
      images: [`https://images.example/im/${i}/compr-r85/${i * 3}/item-${i}.jpg`, `https://images.example/im/${i}/compr-r85/${i * 3 + 1}/item-${i}-b.jpg`],
      rating: { value: 3 + (i % 20) / 10, count: (i * 17) % 900 },
      reviews: [{ author: `Reader ${i}`, text: 'Comfortable, easy to assemble and looks good in a small room.', stars: 1 + (i % 5) }],
      flags: { freeShipping: i % 3 === 0, sale: i % 4 === 0 },
    };
    const text = JSON.stringify(product);
    products.push(product);
    size += text.length + 1;
  }
  return `<script id="__NEXT_DATA__" type="application/json">${JSON.stringify({ props: { pageProps: { catalog: products } }, page: '/pdp/[sku]' })}</script>`;
}

function styleSheet(bytes: number): string {
  const rules: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const rule = `.pl-Box--m${i}{margin:${i % 40}px ${i % 24}px;padding:${i % 16}px}.pl-Grid-col-${i}{flex:0 0 ${(i % 12) + 1}%;max-width:${(i % 12) + 1}%}`;
    rules.push(rule);
    size += rule.length;
  }
  return `<style>${rules.join('')}</style>`;
}

/** A mega menu: nested lists of category links. */
function navigation(bytes: number): string {
  const items: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const links = Array.from({ length: 8 }, (_, j) => `<li class="MegaMenu-item"><a class="MegaMenu-link" href="/furniture/sb${i}/category-${i}-${j}.html"><span>Category ${i}.${j}</span></a></li>`).join('');
    const group = `<li class="MegaMenu-group"><p class="MegaMenu-heading">Department ${i}</p><ul class="MegaMenu-list">${links}</ul></li>`;
    items.push(group);
    size += group.length;
  }
  return `<nav class="MegaMenu" aria-label="Departments"><ul class="MegaMenu-groups">${items.join('\n')}</ul></nav>`;
}

/** A related-products grid: cards with images, ratings, current and struck prices. */
function relatedGrid(bytes: number, from = 0): string {
  const cards: string[] = [];
  let size = 0;
  for (let i = from; size < bytes; i++) {
    const card =
      `<div class="ProductCard" data-sku="W00${6_000_000 + i}"><a class="ProductCard-link" href="/furniture/pdp/item-w00${6_000_000 + i}.html">` +
      `<div class="ProductCard-image"><img src="https://images.example/im/${i}/card.jpg" alt="Armchair ${i}" loading="lazy" width="240" height="240"></div>` +
      `<p class="ProductCard-name">Accent armchair ${i}</p></a><div class="ProductCard-rating" aria-label="Rated ${3 + (i % 20) / 10} out of 5 stars"><span class="StarRating"></span><span>(${(i * 13) % 700})</span></div>` +
      `<div class="ProductCard-price"><span class="pl-Price-V2 pl-Box--baseColor">$${price(i)}</span> <s class="pl-Price-V2--was">$${price(i + 11)}</s></div>` +
      `<button class="ProductCard-quickView" type="button">Quick view</button></div>`;
    cards.push(card);
    size += card.length + 1;
  }
  return `<section class="RelatedProducts"><h2>Customers also viewed</h2><div class="ProductGrid">${cards.join('\n')}</div></section>`;
}

// ---- the three pages -----------------------------------------------------------------------------------------------

function sourcePage(): { head: string; body: string } {
  const html = readFileSync(new URL(`../${SOURCE}`, import.meta.url), 'utf8');
  const headEnd = html.search(/<\/head\s*>/i);
  const bodyEnd = html.search(/<\/body\s*>/i);
  return { head: html.slice(0, headEnd), body: html.slice(headEnd, bodyEnd) };
}

function assemble(parts: { head: string; body: string }, headExtra: string, bodyBefore: string, bodyAfter: string): string {
  // bodyBefore goes right after <body …>, bodyAfter before </body>.
  const bodyOpen = parts.body.search(/<body\b[^>]*>/i);
  const openEnd = parts.body.indexOf('>', bodyOpen) + 1;
  return `${parts.head}${headExtra}${parts.body.slice(0, openEnd)}${bodyBefore}${parts.body.slice(openEnd)}${bodyAfter}</body></html>`;
}

/** A client-rendered store page: mostly inline scripts (code and a state JSON), then markup, then styles. */
function scriptHeavy(): string {
  const parts = sourcePage();
  const head = `${styleSheet(180_000)}\n${[0, 1, 2, 3].map((i) => codeChunk(i, 160_000)).join('\n')}\n`;
  const before = navigation(120_000);
  const fixed = parts.head.length + parts.body.length + head.length + before.length;
  const grid = relatedGrid(330_000);
  const state = stateScript(TARGET_BYTES - fixed - grid.length - 40);
  return assemble(parts, head, before, `${grid}\n${state}\n`);
}

/** A server-rendered store page: mostly elements (menus and a long grid), the source's own few scripts. */
function markupHeavy(): string {
  const parts = sourcePage();
  const before = navigation(400_000);
  const grid = relatedGrid(TARGET_BYTES - parts.head.length - parts.body.length - before.length - 40);
  return assemble(parts, '', before, `${grid}\n`);
}

/** REFERENCE_MACHINE's htmlparser2 p50 on each page. */
const REFERENCE_PARSE_MS = { realistic: 13.46, markupHeavy: 58.44 };

export function benchPages(): BenchPage[] {
  const realistic = scriptHeavy();
  const heavy = markupHeavy();
  const page = (name: string, html: string, config: ExtractionConfig, recipe: string, referenceParseMs: number): BenchPage => ({
    name,
    html,
    url: URL_OF_SOURCE,
    config,
    expected: EXPECTED,
    composition: compositionOf(html),
    recipe,
    referenceParseMs,
  });
  const scripted =
    'the Wayfair product page (JSON-LD Product, visible price) inside generated parts: a 180 KB style sheet, 4 inline code chunks of 160 KB, ' +
    'a 120 KB mega menu, a 330 KB related-products grid with prices and a __NEXT_DATA__ state JSON (a catalogue slice with prices) filling up to 3 MB';
  return [
    page('(1) realistic, no selectors', realistic, { defaultCurrency: 'USD' }, scripted, REFERENCE_PARSE_MS.realistic),
    page('(2) realistic, store selectors', realistic, { defaultCurrency: 'USD', selectors: { price: STORE_SELECTORS.price } }, `the same page, with the selector \`${STORE_SELECTORS.price}\``, REFERENCE_PARSE_MS.realistic),
    page('(3) markup-heavy, no selectors', heavy, { defaultCurrency: 'USD' }, 'the Wayfair product page with a 400 KB mega menu and a related-products grid filling up to 3 MB', REFERENCE_PARSE_MS.markupHeavy),
  ];
}
