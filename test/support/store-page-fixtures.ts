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

const SHOPIFY = 'https://northfield.example/products/cedar-moss-eau-de-parfum';
const OATS = 'https://pantry.example/oats/organic-rolled-oats';

/** Structured-data pages of issue 26 §1–3 (test/unit/adapters/stores/extraction/structured-*.test.ts read them too). */
export const STRUCTURED: Array<[string, string, string, ExtractionConfig, KnownPage['expected']]> = [
  ['structured/magento-price-box-sale-list.html', '', 'https://werkzeug.example/gartenschere-profi-200.html', { defaultCurrency: 'EUR' }, price('71.91', 'EUR')],
  ['structured/magento-two-prices-og-net.html', '', 'https://werkzeug.example/gartenschere-profi-200.html', { defaultCurrency: 'EUR' }, null],
  ['structured/microdata-glued-digits-og.html', '', 'https://curiosities.example/brass-desk-bell', { defaultCurrency: 'USD' }, null],
  ['structured/microdata-list-price-spec.html', '', 'https://buiten.example/wandelrugzak-28l', { defaultCurrency: 'EUR' }, price('64.95', 'EUR')],
  ['structured/microdata-del-ins-prices.html', '', 'https://tinshed.example/product/enamel-camping-mug/', { defaultCurrency: 'GBP' }, price('11.20', 'GBP')],
  ['structured/jsonld-sale-and-list-spec.html', '', 'https://summit.example/p/trail-runner-gtx', { defaultCurrency: 'USD' }, price('119.20', 'USD')],
  ['structured/jsonld-srp-invoice-price.html', '', 'https://kettle.example/coffee/pour-over-set', { defaultCurrency: 'GBP' }, price('19.50', 'GBP')],
  ['structured/og-net-jsonld-gross.html', '', 'https://lumiere.example/lampe-arc', { defaultCurrency: 'EUR' }, null],
  ['structured/meta-original-price.html', '', 'https://hearth.example/products/linen-throw', { defaultCurrency: 'AUD' }, price('71.20', 'AUD')],
  ['structured/shopify-variant-offers.html', 'variant URL', `${SHOPIFY}?variant=40112233440002`, { defaultCurrency: 'CAD' }, price('56.00', 'CAD')],
  ['structured/shopify-variant-offers.html', 'product URL', SHOPIFY, { defaultCurrency: 'CAD' }, null],
  ['structured/productgroup-sizes.html', 'size URL', `${OATS}?size=1kg&utm_source=newsletter`, { defaultCurrency: 'GBP' }, price('5.99', 'GBP')],
  ['structured/productgroup-sizes.html', 'group URL', OATS, { defaultCurrency: 'GBP' }, null],
  ['structured/jsonld-bundle-offers.html', '', 'https://hive.example/products/beeswax-wraps', { defaultCurrency: 'USD' }, null],
];

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
  // An edition with an ISBN and a different barcode (issue 26 §9): the page names only its cover's UPC, as an EAN-13.
  ['classes/edition-isbn-and-upc.html', 'ISBN and UPC', PAGE, { defaultCurrency: 'USD', isbn13: '9780306406157', gtin: '036000291452' }, price('8.99', 'USD')],
  // Shop platforms' price blocks (platforms/): hand-written after each platform's templates.
  ['platforms/magento2.html', '', 'https://nordlicht.example/die-vermessung-der-welt.html', { defaultCurrency: 'EUR' }, price('27.50', 'EUR')],
  ['platforms/shopify.html', '', 'https://lantern-street.example/products/kindred', { defaultCurrency: 'CAD' }, price('14.99', 'CAD')],
  ['platforms/woocommerce.html', '', 'https://quayside.example/product/left-hand-of-darkness/', { defaultCurrency: 'GBP' }, price('8.49', 'GBP')],
  ['platforms/prestashop.html', '', 'https://librairie-du-port.example/19-l-etranger.html', { defaultCurrency: 'EUR' }, price('16.90', 'EUR')],
  ['platforms/shopware6.html', '', 'https://buecherstube.example/Momo/9783522202107', { defaultCurrency: 'EUR' }, price('19.99', 'EUR')],
  ['platforms/bigcommerce.html', '', 'https://harbor-lights.example/piranesi/', { defaultCurrency: 'USD' }, price('17.50', 'USD')],
  ['platforms/salesforce-sfra.html', '', 'https://marlowe-finch.example/wolf-hall/WH-HB.html', { defaultCurrency: 'GBP' }, price('36.00', 'GBP')],
  ['platforms/vtex.html', '', 'https://livrariaipe.example/grande-sertao-veredas/p', { defaultCurrency: 'BRL' }, price('149.90', 'BRL')],
  ['platforms/lightspeed.html', '', 'https://devuurtoren.example/de-avond-is-ongemak.html', { defaultCurrency: 'EUR' }, price('19.95', 'EUR')],
  // Structured data (structured/): unread prices as witnesses, sale and list prices, options (issue 26 §1–3).
  ...STRUCTURED,
  // The visible price (visible/): currencies without minor units, labels, roles, old prices, options, split and long
  // amounts (issue 26 §2–4, §6–8). No structured data on any of them.
  ['visible/minor-units-clp.html', '', PAGE, { defaultCurrency: 'CLP' }, price('3340', 'CLP')],
  ['visible/minor-units-jpy-table.html', '', PAGE, { defaultCurrency: 'JPY' }, price('1200', 'JPY')],
  ['visible/minor-units-krw-dl.html', '', PAGE, { defaultCurrency: 'KRW' }, price('12000', 'KRW')],
  ['visible/minor-units-huf.html', '', PAGE, { defaultCurrency: 'HUF' }, price('3990.00', 'HUF')],
  ['visible/split-amount.html', '', PAGE, { defaultCurrency: 'EUR' }, price('392.00', 'EUR')],
  ['visible/long-amount-data-attribute.html', '', PAGE, { defaultCurrency: 'EUR' }, price('71.91', 'EUR')],
  ['visible/label-table.html', '', PAGE, { defaultCurrency: 'GBP' }, price('4.50', 'GBP')],
  ['visible/label-definition-list.html', '', PAGE, { defaultCurrency: 'EUR' }, price('24.95', 'EUR')],
  ['visible/label-price-colon.html', '', PAGE, { defaultCurrency: 'PLN' }, price('99.00', 'PLN')],
  ['visible/label-traditional-chinese.html', '', PAGE, { defaultCurrency: 'TWD' }, price('253.00', 'TWD')],
  ['visible/label-cyrillic.html', '', PAGE, { defaultCurrency: 'RUB' }, price('1290.00', 'RUB')],
  ['visible/label-hebrew.html', '', PAGE, { defaultCurrency: 'ILS' }, price('89.00', 'ILS')],
  ['visible/sign-kronor.html', '', PAGE, { defaultCurrency: 'SEK' }, price('199.00', 'SEK')],
  ['visible/names-portuguese.html', '', PAGE, { defaultCurrency: 'BRL' }, price('49.90', 'BRL')],
  ['visible/label-cart-button.html', '', PAGE, { defaultCurrency: 'USD' }, price('18.00', 'USD')],
  ['visible/bare-amount-after-heading.html', '', PAGE, { defaultCurrency: 'USD' }, price('19.95', 'USD')],
  ['visible/bare-amounts-labelled.html', '', PAGE, { defaultCurrency: 'EUR' }, null],
  ['visible/roles-one-selling-price.html', '', PAGE, { defaultCurrency: 'EUR' }, price('24.00', 'EUR')],
  ['visible/old-was-now.html', '', PAGE, { defaultCurrency: 'GBP' }, price('15.00', 'GBP')],
  ['visible/old-labels-romance.html', '', PAGE, { defaultCurrency: 'EUR' }, price('9.90', 'EUR')],
  ['visible/old-after-rrp.html', '', PAGE, { defaultCurrency: 'GBP' }, price('12.99', 'GBP')],
  ['visible/options-select-selected.html', '', PAGE, { defaultCurrency: 'EUR' }, price('16.90', 'EUR')],
  ['visible/options-select-none-selected.html', '', PAGE, { defaultCurrency: 'EUR' }, null],
  ['visible/options-radio-checked.html', '', PAGE, { defaultCurrency: 'USD' }, price('12.00', 'USD')],
  ['visible/options-aria-unchosen.html', '', PAGE, { defaultCurrency: 'GBP' }, null],
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
