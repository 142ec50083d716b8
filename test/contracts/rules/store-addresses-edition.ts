// Which stores can be asked for an edition: a store's product URL template must be able to address it. Stated once
// in the domain (expandProductUrl, domain/pricing/product-url.ts: a URL, or null when the template needs an
// identifier the edition lacks); the SQL that plans fetches (the daily run, an on-demand fetch) runs
// STORE_ADDRESSES_EDITION (sql-pricing-repository.ts). Each case: a template and the edition's identifiers.
import type { RuleTable } from './rule-table.js';

export interface StoreAddressesEditionCase {
  name: string;
  template: string;
  /** The edition's ISBN-13 (null: a product with only a GTIN) and GTIN (canonical; null: none). */
  isbn13: string | null;
  gtin: string | null;
  addressed: boolean;
}

const STORE = 'https://store.example/p/';

export const STORE_ADDRESSES_EDITION: RuleTable<StoreAddressesEditionCase, boolean> = {
  rule: 'a store addresses an edition',
  domain: 'expandProductUrl (domain/pricing/product-url.ts) gives a URL',
  sql: 'STORE_ADDRESSES_EDITION (sql-pricing-repository.ts)',
  expected: (c) => c.addressed,
  cases: [
    { name: '{isbn13} addresses an edition with an ISBN', template: `${STORE}{isbn13}`, isbn13: '9780306406157', gtin: null, addressed: true },
    { name: '{isbn} is the ISBN-13 too', template: `${STORE}{isbn}`, isbn13: '9790306406156', gtin: null, addressed: true },
    { name: '{isbn10} addresses a 978- edition', template: `${STORE}{isbn10}`, isbn13: '9780306406157', gtin: null, addressed: true },
    { name: '{isbn10} cannot address a 979- edition (it has no ISBN-10)', template: `${STORE}{isbn10}`, isbn13: '9790306406156', gtin: null, addressed: false },
    { name: '{isbn13} cannot address a product with only a GTIN', template: `${STORE}{isbn13}`, isbn13: null, gtin: '0012345678905', addressed: false },
    { name: '{isbn} cannot either', template: `${STORE}search?q={isbn}`, isbn13: null, gtin: '0012345678905', addressed: false },
    { name: '{isbn10} cannot either', template: `${STORE}{isbn10}`, isbn13: null, gtin: '4006381333931', addressed: false },
    { name: '{gtin} addresses a product with only a GTIN', template: `${STORE}{gtin}`, isbn13: null, gtin: '4006381333931', addressed: true },
    { name: '{gtin} addresses an edition with only an ISBN (its EAN-13)', template: `${STORE}{gtin}`, isbn13: '9780306406157', gtin: null, addressed: true },
    { name: '{gtin} addresses an edition with both', template: `${STORE}{gtin}`, isbn13: '9780306406157', gtin: '0012345678905', addressed: true },
    { name: 'an ISBN and a GTIN placeholder: the ISBN is needed', template: `${STORE}{isbn13}?ean={gtin}`, isbn13: null, gtin: '0012345678905', addressed: false },
    { name: 'an ISBN and a GTIN placeholder with both identifiers', template: `${STORE}{isbn13}?ean={gtin}`, isbn13: '9780306406157', gtin: '0012345678905', addressed: true },
    { name: '{isbn10} beside {gtin} still needs a 978- ISBN', template: `${STORE}{gtin}/{isbn10}`, isbn13: '9790306406156', gtin: null, addressed: false },
    { name: 'a placeholder-like text is not a placeholder', template: `${STORE}{isbn12}/{gtin}`, isbn13: null, gtin: '0012345678905', addressed: true },
  ],
};
