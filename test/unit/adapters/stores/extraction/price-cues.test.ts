import { describe, expect, it } from 'vitest';
import { cueOf } from '../../../../../src/adapters/stores/extraction/price-cues.js';

describe('cueOf', () => {
  it('the price element\'s own words', () => {
    expect(cueOf('Free shipping over €20.00', '', '')).toBe('shipping');
    expect(cueOf('Versandkosten: 3,95 €', '', '')).toBe('shipping');
    expect(cueOf('You save £2.50', '', '')).toBe('saving');
    expect(cueOf('-5,00 €', '', '')).toBe('saving');
    expect(cueOf('Statt 25,00 €', '', '')).toBe('old');
    expect(cueOf('UVP 25,00 €', '', '')).toBe('old');
    expect(cueOf('4 x 4,50 €', '', '')).toBe('instalment');
    expect(cueOf('€4.50/mo', '', '')).toBe('instalment');
    expect(cueOf('3,62 € / kg', '', '')).toBe('unit');
    expect(cueOf('($6.24 / Pack)', '', '')).toBe('unit');
    expect(cueOf('€0.02 per page', '', '')).toBe('unit');
  });

  it('the words right before or right after it', () => {
    expect(cueOf('€20.00', 'Free shipping on orders over ', '')).toBe('shipping');
    expect(cueOf('20 €', 'Versandkostenfrei ab ', '')).toBe('shipping');
    expect(cueOf('€3.95', 'Shipping: ', '')).toBe('shipping');
    expect(cueOf('25,00 €', 'statt ', '')).toBe('old');
    expect(cueOf('£12.99', 'RRP ', '')).toBe('old');
    expect(cueOf('€3.13', 'or 4 payments of ', '')).toBe('instalment');
    expect(cueOf('9,99 €', '', ' / Monat')).toBe('instalment');
    expect(cueOf('3,62 €', '', ' / kg')).toBe('unit');
    expect(cueOf('€0.02', '', ' / page')).toBe('unit');
  });

  it('the item\'s price with ordinary words around it', () => {
    expect(cueOf('18,09 €', 'Preis: ', ' inkl. MwSt., zzgl. Versand')).toBeNull();
    expect(cueOf('18,09 € inkl. MwSt. zzgl. Versand', '', '')).toBeNull();
    expect(cueOf('$12.48', 'Price:', ' ($6.24 / Pack)')).toBeNull();
    expect(cueOf('Sale £7.99', 'Versandkostenfrei. ', '')).toBeNull();
  });
});
