// Issue 26 §9: an edition with an ISBN and a different barcode (a US paperback's UPC, a book sold under a store's
// EAN) is found by either on a search results page and in a list of options, as on a product page; a third number
// names another edition.
import { parseDocument } from 'htmlparser2';
import type { Element } from 'domhandler';
import { describe, expect, it } from 'vitest';
import { extractPrice, type ExtractionConfig } from '../../../../../src/adapters/stores/extraction/index.js';
import { editionIdentifiersOf } from '../../../../../src/adapters/stores/extraction/offer-facts.js';
import { choiceGroup } from '../../../../../src/adapters/stores/extraction/price-options.js';
import { isSearchUrl } from '../../../../../src/adapters/stores/extraction/search-results.js';

const ISBN = '9780306406157';
// The paperback's cover UPC (UPC-A), and the same number as the EAN-13 the edition stores.
const UPC = '036000291452';
const UPC_AS_EAN13 = '0036000291452';
// A store's own EAN-13 for the edition.
const EAN = '4006381333931';
// Numbers of other editions: another ISBN, another EAN-13, another UPC.
const OTHER_ISBN = '9780141439518';
const OTHER_EAN = '5901234123457';
const OTHER_UPC = '012345678905';

const WITH_UPC: ExtractionConfig = { defaultCurrency: 'USD', isbn13: ISBN, gtin: UPC };
const WITH_EAN: ExtractionConfig = { defaultCurrency: 'USD', isbn13: ISBN, gtin: EAN };
const ISBN_ONLY: ExtractionConfig = { defaultCurrency: 'USD', isbn13: ISBN };

const SEARCH = 'https://comics.example/search?q=the+paperback';

function searchPage(...results: string[]): string {
  return `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Search: the paperback</title></head><body>
    <h1>Results for "the paperback"</h1><ul class="results">${results.join('\n')}</ul></body></html>`;
}

const result = (href: string, title: string, data = ''): string =>
  `<li class="result"${data}><a class="title" href="${href}">${title}</a> <span class="price">$17.99</span></li>`;

describe('a search results page: a result naming either of the edition\'s numbers is the edition', () => {
  it('its only result names the UPC (in its link): followed', () => {
    const html = searchPage(result(`/p/the-paperback-${UPC}`, 'The Paperback'));
    const read = extractPrice(html, SEARCH, WITH_UPC);
    expect(read).toMatchObject({ ok: false, kind: 'no_price', follow: `https://comics.example/p/the-paperback-${UPC}` });
    expect(read.ok ? '' : read.message).toContain(`ISBN ${ISBN} or GTIN ${UPC_AS_EAN13}`);
    // Known by its ISBN alone, the edition is on no result of the page.
    expect(extractPrice(html, SEARCH, ISBN_ONLY)).toMatchObject({ ok: false, kind: 'not_found' });
  });

  it('its only result carries the UPC in its data (as its EAN-13, or as printed): its link is followed', () => {
    for (const data of [` data-ean="${UPC_AS_EAN13}"`, ` data-upc="${UPC}"`]) {
      const html = searchPage(result('/p/the-paperback', 'The Paperback', data));
      expect(extractPrice(html, SEARCH, WITH_UPC), data).toMatchObject({ ok: false, follow: 'https://comics.example/p/the-paperback' });
    }
  });

  it('one result named by the ISBN and another by the UPC, both linking one product: followed', () => {
    const html = searchPage(
      result('/p/the-paperback?ref=grid', 'The Paperback', ` data-isbn="${ISBN}"`),
      result('/p/the-paperback?ref=list', 'The Paperback (cover UPC)', ` data-upc="${UPC}"`),
    );
    expect(extractPrice(html, SEARCH, WITH_UPC)).toMatchObject({ ok: false, follow: 'https://comics.example/p/the-paperback?ref=grid' });
  });

  it('results naming the ISBN and the UPC that link two products: ambiguous, none followed', () => {
    const html = searchPage(result(`/p/${ISBN}`, 'The Paperback'), result(`/p/variant-cover-${UPC}`, 'The Paperback, variant cover'));
    const read = extractPrice(html, SEARCH, WITH_UPC);
    expect(read).toMatchObject({ ok: false, kind: 'ambiguous_price' });
    expect(read.ok ? undefined : read.follow).toBeUndefined();
  });

  it('a page whose results name only third numbers: not_found, nothing followed', () => {
    const html = searchPage(
      result(`/p/the-hardcover-${OTHER_ISBN}`, 'The Hardcover'),
      result(`/p/the-box-set-${OTHER_UPC}`, 'The Box Set'),
      result('/p/the-omnibus', 'The Omnibus', ` data-ean="${OTHER_EAN}"`),
    );
    const read = extractPrice(html, SEARCH, WITH_UPC);
    expect(read).toMatchObject({ ok: false, kind: 'not_found' });
    expect(read.ok ? undefined : read.follow).toBeUndefined();
  });

  it('a query string holding either number is a search; a third number is not', () => {
    const edition = editionIdentifiersOf(ISBN, UPC);
    expect(isSearchUrl(`https://comics.example/find?code=${UPC}`, edition)).toBe(true);
    expect(isSearchUrl(`https://comics.example/find?code=${ISBN}`, edition)).toBe(true);
    expect(isSearchUrl(`https://comics.example/find?code=${OTHER_UPC}`, edition)).toBe(false);
    expect(isSearchUrl(`https://comics.example/find?code=${UPC}`, editionIdentifiersOf(ISBN, null))).toBe(false);
  });
});

/** A product page without structured data whose formats are a radio list: the hardcover is checked. */
function formatsPage(paperbackNumber: string): string {
  return `<!DOCTYPE html><html><head><meta charset="utf-8"><title>The Paperback</title></head><body><main>
    <div class="product"><h1>The Paperback</h1><ul class="formats">
      <li><label><input type="radio" name="format" value="hc" data-isbn="${OTHER_ISBN}" checked> Hardcover <span>$28.00</span></label></li>
      <li><label><input type="radio" name="format" value="pb" data-ean="${paperbackNumber}"> Paperback <span>$18.00</span></label></li>
    </ul><button>Add to cart</button></div></main></body></html>`;
}

describe('a list of options: the option naming either of the edition\'s numbers is the edition\'s', () => {
  const PAGE = 'https://comics.example/p/the-paperback';

  it('the option names the store\'s EAN: its price, not the checked hardcover\'s', () => {
    expect(extractPrice(formatsPage(EAN), PAGE, WITH_EAN)).toMatchObject({ ok: true, amount: '18.00', currency: 'USD' });
    // Known by its ISBN alone, no option names the edition: no price (never the checked hardcover's $28.00).
    expect(extractPrice(formatsPage(EAN), PAGE, ISBN_ONLY)).toMatchObject({ ok: false });
  });

  it('the option names the UPC as printed (12 digits) for an edition holding its EAN-13: its price', () => {
    expect(extractPrice(formatsPage(UPC), PAGE, WITH_UPC)).toMatchObject({ ok: true, amount: '18.00' });
  });

  it('an option naming a third number is another edition\'s: no price', () => {
    expect(extractPrice(formatsPage(OTHER_EAN), PAGE, WITH_EAN)).toMatchObject({ ok: false });
    expect(extractPrice(formatsPage(OTHER_UPC), PAGE, WITH_UPC)).toMatchObject({ ok: false });
  });

  it('choiceGroup: the chosen choice is the one naming the EAN, in its text or an attribute', () => {
    const list = (first: string, second: string): Element =>
      parseDocument(`<ul><li role="radio" aria-checked="true">${first}</li><li role="radio" aria-checked="false">${second}</li></ul>`)
        .children[0] as Element;
    const edition = editionIdentifiersOf(ISBN, EAN);
    const byText = list(`Hardcover, ISBN ${OTHER_ISBN}`, `Paperback, EAN ${EAN}`);
    expect(choiceGroup(byText, edition)?.chosen).toBe(byText.children[1]);
    const byAttribute = list(`<span data-isbn="${OTHER_ISBN}">Hardcover</span>`, `<span data-gtin="0${EAN}">Paperback</span>`);
    expect(choiceGroup(byAttribute, edition)?.chosen).toBe(byAttribute.children[1]);
    // A third number is no choice of ours: formats with none named, none is taken for chosen.
    const third = list(`Hardcover, ISBN ${OTHER_ISBN}`, `Paperback, EAN ${OTHER_EAN}`);
    expect(choiceGroup(third, edition)?.chosen).toBeNull();
  });
});
