import { describe, expect, it } from 'vitest';
import { availabilityFrom, currencyFromText, parsePriceText } from '../../../../src/domain/pricing/price-text.js';

const NBSP = '\u00a0';
const NARROW_NBSP = '\u202f';

describe('parsePriceText: separators', () => {
  it.each([
    ['18,09', 'EUR', '18.09'],
    ['18.09', 'EUR', '18.09'],
    ['18.1', 'EUR', '18.10'],
    ['18', 'EUR', '18.00'],
    ['1.234,56', 'EUR', '1234.56'],
    ['1,234.56', 'USD', '1234.56'],
    ['1.234.567,89', 'EUR', '1234567.89'],
    ['1,234,567', 'USD', '1234567.00'],
    ['1 234,56', 'EUR', '1234.56'],
    [`1${NBSP}234,56`, 'EUR', '1234.56'],
    [`1${NARROW_NBSP}234,56`, 'EUR', '1234.56'],
    ["1'234.50", 'CHF', '1234.50'],
    ['1.500', 'EUR', '1500.00'], // German thousands: a lone separator followed by exactly three digits
    ['1,500', 'USD', '1500.00'],
    ['0,500', 'EUR', '0.50'], // an integer part of 0 is never grouped
    ['1.500', 'BHD', '1.500'], // three minor digits: decimal
    ['018,09', 'EUR', '18.09'],
    ['18,090', 'EUR', '18090.00'],
    ['1500', 'JPY', '1500'],
    ['1,500', 'JPY', '1500'],
  ])('%j with %s → %s', (text, currency, amount) => {
    expect(parsePriceText(text, { currency })).toEqual({ amount, currency });
  });

  it('reads a lone "." as the decimal point in machine values (JSON-LD, content attributes)', () => {
    expect(parsePriceText('18.090', { currency: 'EUR', machineReadable: true })).toEqual({ amount: '18.09', currency: 'EUR' });
    expect(parsePriceText('1.500', { currency: 'EUR', machineReadable: true })).toEqual({ amount: '1.50', currency: 'EUR' });
    // a decimal comma is still a decimal comma
    expect(parsePriceText('18,09', { currency: 'EUR', machineReadable: true })).toEqual({ amount: '18.09', currency: 'EUR' });
  });

  it('rejects groupings that make no sense', () => {
    expect(parsePriceText('1.23.4', { currency: 'EUR' })).toBeNull();
    expect(parsePriceText('12,34.56,78', { currency: 'EUR' })).toBeNull();
  });
});

describe('parsePriceText: currencies', () => {
  it.each([
    ['€ 18,09', null, '18.09', 'EUR'],
    ['€18.09', null, '18.09', 'EUR'],
    ['18,09 €', null, '18.09', 'EUR'],
    [`18,09${NBSP}€`, null, '18.09', 'EUR'],
    [`18,09${NARROW_NBSP}€`, null, '18.09', 'EUR'],
    ['18,- €', null, '18.00', 'EUR'],
    ['£12.99', null, '12.99', 'GBP'],
    ['US$ 12', null, '12.00', 'USD'],
    ['US$12.5', 'CAD', '12.50', 'USD'],
    ['C$ 24.95', null, '24.95', 'CAD'],
    ['A$ 29.99', null, '29.99', 'AUD'],
    ['R$ 45,90', null, '45.90', 'BRL'],
    ['12.99 EUR', null, '12.99', 'EUR'],
    ['EUR 12,99', null, '12.99', 'EUR'],
    ['CHF 34.90', null, '34.90', 'CHF'],
    ['34.90 Fr.', null, '34.90', 'CHF'],
    ['45,90 zł', null, '45.90', 'PLN'],
    ['349 Kč', null, '349.00', 'CZK'],
    ['¥1,500', null, '1500', 'JPY'],
    ['￥1,500', null, '1500', 'JPY'],
    ['1500円', null, '1500', 'JPY'],
    ['JPY 1500', null, '1500', 'JPY'],
    ['¥88.00', 'CNY', '88.00', 'CNY'],
    ['₹ 499', null, '499.00', 'INR'],
    ['12 euros', null, '12.00', 'EUR'],
    ['12,99 € inkl. 7 % MwSt.', null, '12.99', 'EUR'],
    ['Only 3 left! £12.99', null, '12.99', 'GBP'],
    ['Preis: 9,99', 'EUR', '9.99', 'EUR'],
  ])('%j (hint %s) → %s %s', (text, hint, amount, currency) => {
    expect(parsePriceText(text, { currency: hint })).toEqual({ amount, currency });
  });

  it('"$" alone is the hint\'s dollar, else USD', () => {
    expect(parsePriceText('$12', {})).toEqual({ amount: '12.00', currency: 'USD' });
    expect(parsePriceText('$12', { currency: 'CAD' })).toEqual({ amount: '12.00', currency: 'CAD' });
    expect(parsePriceText('$12', { currency: 'AUD' })).toEqual({ amount: '12.00', currency: 'AUD' });
    expect(parsePriceText('$12', { currency: 'EUR' })).toEqual({ amount: '12.00', currency: 'USD' });
  });

  it('"kr" needs a krona hint', () => {
    expect(parsePriceText('129 kr', { currency: 'SEK' })).toEqual({ amount: '129.00', currency: 'SEK' });
    expect(parsePriceText('kr 129,50', { currency: 'NOK' })).toEqual({ amount: '129.50', currency: 'NOK' });
    expect(parsePriceText('129,00 kr.', { currency: 'DKK' })).toEqual({ amount: '129.00', currency: 'DKK' });
    // without a hint: the amount, currency unknown
    expect(parsePriceText('129 kr', {})).toEqual({ amount: '129', currency: null });
    // a EUR store showing kr: contradiction, no answer rather than a wrong currency
    expect(parsePriceText('129 kr', { currency: 'EUR' })).toBeNull();
  });

  it('the currency written next to the number wins over the hint', () => {
    expect(parsePriceText('18,09 €', { currency: 'GBP' })).toEqual({ amount: '18.09', currency: 'EUR' });
  });

  it('without currency or hint, answers the plain decimal', () => {
    expect(parsePriceText('18,09', {})).toEqual({ amount: '18.09', currency: null });
    expect(parsePriceText('1.234,56', { currency: null })).toEqual({ amount: '1234.56', currency: null });
  });

  it('ignores an unknown hint', () => {
    expect(parsePriceText('18,09', { currency: 'XXY' })).toEqual({ amount: '18.09', currency: null });
  });

  it('does not read letters around a number as a currency code', () => {
    // "ALL" is the Albanian lek, but not in the middle of a word
    expect(parsePriceText('OVERALL 12', { currency: 'EUR' })).toEqual({ amount: '12.00', currency: 'EUR' });
  });
});

describe('parsePriceText: numbers', () => {
  it.each([
    [18.09, 'EUR', '18.09'],
    [18.1, 'EUR', '18.10'],
    [18, 'EUR', '18.00'],
    [1500, 'JPY', '1500'],
    [0.5, 'EUR', '0.50'],
    [1.5, 'BHD', '1.500'],
  ])('%d %s → %s', (value, currency, amount) => {
    expect(parsePriceText(value, { currency })).toEqual({ amount, currency });
  });

  it('rounds binary floating-point noise, and only noise', () => {
    expect(parsePriceText(18.090000000000003, { currency: 'EUR' })).toEqual({ amount: '18.09', currency: 'EUR' });
    expect(parsePriceText(18.095, { currency: 'EUR' })).toBeNull();
  });

  it('rejects negative, non-finite and exponent numbers, and decimals the currency does not have', () => {
    expect(parsePriceText(-1, { currency: 'EUR' })).toBeNull();
    expect(parsePriceText(Number.NaN, { currency: 'EUR' })).toBeNull();
    expect(parsePriceText(Number.POSITIVE_INFINITY, { currency: 'EUR' })).toBeNull();
    expect(parsePriceText(1e21, { currency: 'EUR' })).toBeNull();
    expect(parsePriceText(12.5, { currency: 'JPY' })).toBeNull();
    expect(parsePriceText('12.999', { currency: 'EUR', machineReadable: true })).toBeNull();
  });

  it('answers the number as written when no currency is known', () => {
    expect(parsePriceText(18.09, {})).toEqual({ amount: '18.09', currency: null });
  });
});

describe('parsePriceText: edge cases', () => {
  it('"Free" as the whole text, and "0", are an amount of zero', () => {
    expect(parsePriceText('Free', { currency: 'EUR' })).toEqual({ amount: '0.00', currency: 'EUR' });
    expect(parsePriceText('Kostenlos', { currency: 'EUR' })).toEqual({ amount: '0.00', currency: 'EUR' });
    expect(parsePriceText('0', { currency: 'EUR' })).toEqual({ amount: '0.00', currency: 'EUR' });
    expect(parsePriceText(0, { currency: 'JPY' })).toEqual({ amount: '0', currency: 'JPY' });
  });

  it('"Free shipping" is not a price', () => {
    expect(parsePriceText('Free shipping', { currency: 'EUR' })).toBeNull();
  });

  it('refuses text with several different prices', () => {
    expect(parsePriceText('€12.99 – €15.99', {})).toBeNull();
    expect(parsePriceText('19,99 € statt 25,00 €', {})).toBeNull();
    expect(parsePriceText('18,09 (2 Stück)', { currency: 'EUR' })).toBeNull();
  });

  it('accepts the same price written twice', () => {
    expect(parsePriceText('18,09 € 18,09 €', {})).toEqual({ amount: '18.09', currency: 'EUR' });
  });

  it('answers null for no price at all and for negative amounts', () => {
    expect(parsePriceText('', { currency: 'EUR' })).toBeNull();
    expect(parsePriceText('   ', { currency: 'EUR' })).toBeNull();
    expect(parsePriceText('Price on request', { currency: 'EUR' })).toBeNull();
    expect(parsePriceText('-5 €', {})).toBeNull();
    expect(parsePriceText('− € 5', {})).toBeNull();
  });

  it('rejects amounts beyond Money\'s twelve integer digits', () => {
    expect(parsePriceText('1234567890123', { currency: 'EUR' })).toBeNull();
  });
});

describe('currencyFromText', () => {
  it.each([
    ['EUR', null, 'EUR'],
    [' eur ', null, 'EUR'],
    ['€', null, 'EUR'],
    ['£', null, 'GBP'],
    ['US$', null, 'USD'],
    ['$', 'CAD', 'CAD'],
    ['$', null, 'USD'],
    ['kr', 'NOK', 'NOK'],
    ['kr', null, null],
    ['¥', 'CNY', 'CNY'],
    ['Euro', null, 'EUR'],
    ['XYZ', null, null],
    ['', null, null],
  ])('%j (hint %s) → %s', (text, hint, code) => {
    expect(currencyFromText(text, hint)).toBe(code);
  });
});

describe('availabilityFrom', () => {
  it.each([
    ['https://schema.org/InStock', 'in_stock'],
    ['http://schema.org/InStock', 'in_stock'],
    ['schema:InStock', 'in_stock'],
    ['InStock', 'in_stock'],
    ['instock', 'in_stock'],
    ['https://schema.org/LimitedAvailability', 'in_stock'],
    ['https://schema.org/OnlineOnly', 'in_stock'],
    ['https://schema.org/InStoreOnly', 'in_stock'],
    ['https://schema.org/MadeToOrder', 'in_stock'],
    ['https://schema.org/OutOfStock', 'out_of_stock'],
    ['https://schema.org/SoldOut', 'out_of_stock'],
    ['https://schema.org/Discontinued', 'out_of_stock'],
    ['https://schema.org/PreOrder', 'preorder'],
    ['https://schema.org/PreSale', 'preorder'],
    ['https://schema.org/BackOrder', 'preorder'],
    ['oos', 'out_of_stock'],
    ['available for order', 'in_stock'],
    ['in stock', 'in_stock'],
    ['In Stock', 'in_stock'],
    ['Only 2 left in stock', 'in_stock'],
    ['Out of stock', 'out_of_stock'],
    ['Temporarily out of stock.', 'out_of_stock'],
    ['Sold out', 'out_of_stock'],
    ['Currently unavailable', 'out_of_stock'],
    ['Not available', 'out_of_stock'],
    ['Pre-order now', 'preorder'],
    ['Sofort lieferbar', 'in_stock'],
    ['Lieferbar in 2-3 Werktagen', 'in_stock'],
    ['Vorrätig', 'in_stock'],
    ['Nur noch 2 vorrätig', 'in_stock'],
    ['Auf Lager', 'in_stock'],
    ['Nicht lieferbar', 'out_of_stock'],
    ['Derzeit nicht lieferbar', 'out_of_stock'],
    ['Nicht mehr verfügbar', 'out_of_stock'],
    ['Ausverkauft', 'out_of_stock'],
    ['Vergriffen', 'out_of_stock'],
    ['Vorbestellbar', 'preorder'],
    ['Erscheint am 15.03.2026', 'preorder'],
    ['En stock', 'in_stock'],
    ['Épuisé', 'out_of_stock'],
    ["Épuisé chez l'éditeur", 'out_of_stock'],
    ['Rupture de stock', 'out_of_stock'],
    ['Indisponible', 'out_of_stock'],
    ['Disponible', 'in_stock'],
    ['Précommande', 'preorder'],
    ['Agotado', 'out_of_stock'],
    ['Esaurito', 'out_of_stock'],
    ['Op voorraad', 'in_stock'],
    ['Uitverkocht', 'out_of_stock'],
  ] as const)('%j → %s', (text, availability) => {
    expect(availabilityFrom(text)).toBe(availability);
  });

  it('is unknown for nothing or unrecognised words', () => {
    expect(availabilityFrom(null)).toBe('unknown');
    expect(availabilityFrom(undefined)).toBe('unknown');
    expect(availabilityFrom('')).toBe('unknown');
    expect(availabilityFrom('Usually dispatched within 24 hours')).toBe('unknown');
    expect(availabilityFrom('https://schema.org/Reserved')).toBe('unknown');
  });
});
