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

  it('issue 26 §7: shipping written after the amount, surcharges, member prices, deposits, "1 kg =" unit prices', () => {
    expect(cueOf('3,95 €', '', ' Versand')).toBe('shipping');
    expect(cueOf('€4.99', '', ' shipping.')).toBe('shipping');
    expect(cueOf('+ 3,95 €', '', ' Versand')).toBe('surcharge');
    expect(cueOf('Gift wrap (+ 2,00 €)', '', '')).toBe('surcharge');
    expect(cueOf('€21.60', 'Member price: ', '')).toBe('member');
    expect(cueOf('NT$240', '會員價：', '')).toBe('member');
    expect(cueOf('0,25 € Pfand', '', '')).toBe('deposit');
    expect(cueOf('€1.00', 'Tin deposit ', '')).toBe('deposit');
    expect(cueOf('1 kg = 12,50 €', '', '')).toBe('unit');
    expect(cueOf('€96.00', '1 kg = ', '')).toBe('unit');
    expect(cueOf('€10.00', 'Avant : ', '')).toBe('old');
    expect(cueOf('20,00 €', 'Precio recomendado: ', '')).toBe('old');
  });

  it('issue 26 §7: the item\'s price stays the item\'s', () => {
    expect(cueOf('12,99 €', '', ' versandkostenfrei')).toBeNull();
    expect(cueOf('19,99 €', '', ' Versand in 1-3 Tagen')).toBeNull();
    expect(cueOf('1,29 € inkl. Pfand', '', '')).toBeNull();
    expect(cueOf('€12.99', '', ' + shipping')).toBeNull();
  });
});
