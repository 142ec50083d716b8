// The product page fixtures whose price is known, with the store configuration each is read with: the public pages
// of test/fixtures/store-pages/public (index.json) and the hand-written pages of test/fixtures/store-pages, whose
// answers are those of the extraction tests.
import { readFileSync } from 'node:fs';
import type { ExtractionConfig } from '../../src/adapters/stores/extraction/index.js';

export interface KnownPage {
  /** File name, and the variant when one file is read with several configurations. */
  name: string;
  html: string;
  url: string;
  config: ExtractionConfig;
  /** The page's price for that configuration, or null when a careful reader finds none unambiguous. */
  expected: { amount: string; currency: string } | null;
}

const PAGES = new URL('../fixtures/store-pages/', import.meta.url);
const read = (path: string): string => readFileSync(new URL(path, PAGES), 'utf8');

interface PublicEntry {
  file: string;
  url: string;
  currency: string;
  isbn13?: string;
  selectors?: ExtractionConfig['selectors'];
  expected: KnownPage['expected'];
}

function publicPages(): KnownPage[] {
  const index = JSON.parse(read('public/index.json')) as { pages: PublicEntry[] };
  return index.pages.map((entry) => ({
    name: `public/${entry.file}`,
    html: read(`public/${entry.file}`),
    url: entry.url,
    config: {
      defaultCurrency: entry.currency,
      ...(entry.isbn13 ? { isbn13: entry.isbn13 } : {}),
      ...(entry.selectors ? { selectors: entry.selectors } : {}),
    },
    expected: entry.expected,
  }));
}

const PAGE = 'https://store.example/isbn/9783596294312';
const GROUP = 'https://northwind.example/books/left-hand-of-darkness';
const price = (amount: string, currency: string): KnownPage['expected'] => ({ amount, currency });

/** [file, variant, url, config, expected] as the extraction tests read them. */
const HAND_WRITTEN: Array<[string, string, string, ExtractionConfig, KnownPage['expected']]> = [
  ['jsonld-book-offer.html', '', PAGE, { defaultCurrency: 'EUR' }, price('18.09', 'EUR')],
  ['jsonld-product-aggregate-offer.html', '', PAGE, { defaultCurrency: 'GBP' }, null],
  ['jsonld-product-group-variants.html', 'work page', GROUP, { defaultCurrency: 'USD' }, null],
  ['jsonld-product-group-variants.html', 'paperback URL', `${GROUP}?format=paperback`, { defaultCurrency: 'USD' }, price('18.00', 'USD')],
  ['jsonld-product-group-variants.html', 'hardcover ISBN', PAGE, { defaultCurrency: 'USD', isbn13: '9780441007318' }, price('28.00', 'USD')],
  ['jsonld-trailing-commas.html', '', PAGE, { defaultCurrency: 'EUR' }, price('18.09', 'EUR')],
  ['microdata-offer.html', '', PAGE, { defaultCurrency: 'EUR' }, price('22.00', 'EUR')],
  ['microdata-text.html', '', PAGE, { defaultCurrency: 'EUR' }, price('1234.50', 'CHF')],
  ['opengraph-meta.html', '', PAGE, { defaultCurrency: 'USD' }, price('12.99', 'USD')],
  ['selectors-only.html', '', PAGE, { defaultCurrency: 'EUR', selectors: { price: '.buybox .price-now', availability: '.buybox .stock-state' } }, price('15.00', 'EUR')],
  ['decimal-comma-euro-after.html', '', PAGE, { defaultCurrency: 'GBP' }, price('18.09', 'EUR')],
  ['thousands-separators.html', '', PAGE, { defaultCurrency: 'USD' }, price('1249.00', 'USD')],
  ['new-and-used-offers.html', '', PAGE, { defaultCurrency: 'EUR' }, price('13.00', 'EUR')],
  ['out-of-stock.html', '', PAGE, { defaultCurrency: 'EUR' }, price('14.95', 'EUR')],
  ['two-new-prices.html', '', PAGE, { defaultCurrency: 'GBP' }, null],
  ['no-price.html', '', PAGE, { defaultCurrency: 'EUR' }, null],
  ['price-specification.html', '', PAGE, { defaultCurrency: 'EUR' }, price('19.99', 'EUR')],
];

export function knownPages(): KnownPage[] {
  const handWritten = HAND_WRITTEN.map(([file, variant, url, config, expected]) => ({
    name: variant ? `${file} (${variant})` : file,
    html: read(file),
    url,
    config,
    expected,
  }));
  return [...publicPages(), ...handWritten];
}
