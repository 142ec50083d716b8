import type { AnyNode } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { priceSpots, readSpot } from '../../../../../src/adapters/stores/extraction/price-spots.js';
import type { ExtractionContext } from '../../../../../src/adapters/stores/extraction/types.js';

const ctx: ExtractionContext = { pageUrl: 'https://store.example/b/1', defaultCurrency: 'EUR', isbn13: null };

/** The price elements of a snippet, by their class, and how each reads. */
function spots(html: string): Array<[string, string | null]> {
  return priceSpots(parseDocument(html), new Set<AnyNode>()).map((element) => {
    const outcome = readSpot(element, ctx);
    return [element.attribs['class'] ?? '', outcome !== null && 'candidate' in outcome ? outcome.candidate.amount : null];
  });
}

describe('priceSpots and readSpot', () => {
  it('finds price elements, nested ones too, and reads what they show', () => {
    expect(spots('<div class="price-box"><span class="price">18,09 €</span></div>')).toEqual([
      ['price-box', '18.09'],
      ['price', '18.09'],
    ]);
  });

  it('leaves out struck-through, old, hidden, related and page-chrome prices and their insides', () => {
    const html =
      '<del class="price">1 €</del><s><span class="price">2 €</span></s><span class="price" style="text-decoration: line-through">3 €</span>' +
      '<div class="old-price"><span class="price">4 €</span></div><span class="price" hidden>5 €</span>' +
      '<section class="related"><span class="price">6 €</span></section><nav><span class="price">7 €</span></nav>' +
      '<header><span class="price">8 €</span></header><aside><span class="price">9 €</span></aside>' +
      '<article><header><span class="price">10,00 €</span></header></article>';
    expect(spots(html)).toEqual([['price', '10.00']]);
  });

  it('a box holding the price and a struck old price reads as the price', () => {
    expect(spots('<div class="price-box"><del>25,00 €</del> <b>19,99 €</b></div>')).toEqual([['price-box', '19.99']]);
  });

  it('text with a unit price, a date or no currency and no bare number does not read', () => {
    expect(spots('<span class="price">18,09 € (3,62 € / kg)</span>')).toEqual([['price', null]]);
    expect(spots('<span class="priceValidUntil">5 November</span>')).toEqual([['priceValidUntil', null]]);
    expect(spots('<span class="price">1.234,50</span>')).toEqual([['price', '1234.50']]);
  });

  it('a machine value when the text shows none; its currency from the text\'s sign', () => {
    expect(spots('<span class="price" data-price-amount="18.09">Jetzt kaufen</span>')).toEqual([['price', '18.09']]);
    expect(spots('<span class="price" content="18.09">£ —</span>')).toEqual([['price', '18.09']]);
    const outcome = readSpot(priceSpots(parseDocument('<span class="price" content="18.09">£ —</span>'), new Set())[0] as never, ctx);
    expect(outcome !== null && 'candidate' in outcome ? outcome.candidate.currency : null).toBe('GBP');
  });
});
