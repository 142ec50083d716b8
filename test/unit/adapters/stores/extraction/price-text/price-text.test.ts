import { describe, expect, it } from 'vitest';
import { tableCodes } from '../../../../../../src/adapters/stores/extraction/price-text/currency-signs.js';
import { availabilityFrom, currencyFromText, parsePriceText, type PriceTextHints } from '../../../../../../src/adapters/stores/extraction/price-text/price-text.js';
import { Money } from '../../../../../../src/domain/shared/money.js';

const NBSP = '\u00a0';
const NARROW_NBSP = '\u202f';

/** "12.99 EUR", "1500 JPY", "129 null" (currency unknown), or null. */
function read(text: string, hints: PriceTextHints = {}): string | null {
  const parsed = parsePriceText(text, hints);
  return parsed === null ? null : `${parsed.amount} ${parsed.currency ?? 'null'}`;
}

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

// Issue 26 §4: currencies without minor units (ISO 4217: CLP, JPY, KRW, ISK…) and those whose shops write none (HUF).
describe('parsePriceText: currencies without minor units', () => {
  it.each([
    ['$3.340', 'CLP', '3340'],
    ['$ 3.340', 'CLP', '3340'],
    ['$3,340', 'CLP', '3340'],
    ['$3.340.000', 'CLP', '3340000'],
    ['CLP $19.990', 'CLP', '19990'],
    ['¥1,200', 'JPY', '1200'],
    ['1.200 ¥', 'JPY', '1200'],
    ['1,200円', 'JPY', '1200'],
    ['¥1,200 (税込)', 'JPY', '1200'],
    ['₩12,000', 'KRW', '12000'],
    ['12,000원', 'KRW', '12000'],
    ['1.990 kr.', 'ISK', '1990'],
    ['12.990 Ft', 'HUF', '12990.00'],
    ['12 990 Ft', 'HUF', '12990.00'],
  ])('%j in a %s store → %s', (text, currency, amount) => {
    expect(parsePriceText(text, { currency })).toEqual({ amount, currency });
  });

  it('reads a separator before exactly three digits as thousands in machine values too (3.34 CLP cannot be)', () => {
    expect(parsePriceText('3.340', { currency: 'CLP', machineReadable: true })).toEqual({ amount: '3340', currency: 'CLP' });
    expect(parsePriceText('1200.000', { currency: 'JPY', machineReadable: true })).toEqual({ amount: '1200', currency: 'JPY' });
    expect(parsePriceText('3340.00', { currency: 'CLP', machineReadable: true })).toEqual({ amount: '3340', currency: 'CLP' });
  });

  it('refuses what has no reading in the currency, and a machine "12.990" where shops write no minor units', () => {
    expect(read('$3.34', { currency: 'CLP' })).toBeNull();
    expect(read('¥12.5', { currency: 'JPY' })).toBeNull();
    expect(read('0.500', { currency: 'JPY', machineReadable: true })).toBeNull();
    expect(read('12.990', { currency: 'HUF', machineReadable: true })).toBeNull(); // 12.99 or 12990 Ft?
    expect(read('12990', { currency: 'HUF', machineReadable: true })).toBe('12990.00 HUF');
  });

  it('never groups four digits or more: "1200.000" is 1200 in text too', () => {
    expect(read('1200.000 €')).toBe('1200.00 EUR');
    expect(read('12345.678 €')).toBeNull();
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

  // Issue 26 §8: one rule for every amount, structured or shown — read to the minor unit only when at least two
  // digits are in excess and the value is within a tenth of a minor unit of the rounded amount.
  it.each([
    ['71.910401', 'EUR', true, '71.91'],
    ['71.910401 €', 'EUR', false, '71.91'],
    ['71.9104', 'EUR', true, '71.91'],
    ['71.919999', 'EUR', true, '71.92'],
    ['9.9999', 'EUR', true, '10.00'],
    ['12.50000001', 'EUR', true, '12.50'],
    ['3340.04', 'CLP', true, '3340'],
    ['1.25000001', 'KWD', true, '1.250'],
  ])('long amount %j (%s, machine %s) reads %s', (text, currency, machineReadable, amount) => {
    expect(parsePriceText(text, { currency, machineReadable })).toEqual({ amount, currency });
  });

  it.each([
    ['12.345', 'EUR', true], // one digit in excess: 12.34, 12.35 or (as text) 12345
    ['71.915', 'EUR', true],
    ['71.9150', 'EUR', true],
    ['34.992001', 'GBP', true], // a fifth of a penny off
    ['29.1583', 'GBP', false],
    ['3340.5', 'CLP', true],
    ['1.2345', 'KWD', true],
  ])('long amount %j (%s, machine %s) is refused: rounding would change it', (text, currency, machineReadable) => {
    expect(parsePriceText(text, { currency, machineReadable })).toBeNull();
  });

  it('reads a JSON number with excess digits by the same rule', () => {
    expect(parsePriceText(71.910401, { currency: 'EUR' })).toEqual({ amount: '71.91', currency: 'EUR' });
    expect(parsePriceText(34.992001, { currency: 'GBP' })).toBeNull();
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

// The cases below were run against the previous parser too; "old:" names its answer where it was wrong.
describe('parsePriceText: a fraction with no integer part', () => {
  it.each([
    ['.75 €', '0.75 EUR'], // old: 75.00 EUR
    [',75 €', '0.75 EUR'], // old: 75.00 EUR
    ['$.75', '0.75 USD'], // old: 75 with no currency
    ['€,5', '0.50 EUR'], // old: 5 with no currency
  ])('%j → %s', (text, expected) => {
    expect(read(text)).toBe(expected);
  });

  it('refuses a separator doubled or cut from its digits, never reading half the number', () => {
    expect(read('$..75')).toBeNull(); // old: 75
    expect(read('$.750.30')).toBeNull(); // old: 750.30
    expect(read('1. 250 €')).toBeNull(); // three digits after the gap: thousands or decimals, no guess
  });

  it('reads a separator cut from its two decimals by a space as one number (issue 26 §8)', () => {
    expect(read('$119. 95')).toBe('119.95 USD'); // refused before issue 26; old parser: 119.00 USD
    expect(read('130, 38 zł')).toBe('130.38 PLN'); // refused before issue 26; old parser: 38.00 PLN
    expect(read('1.837, 32 €')).toBe('1837.32 EUR'); // refused before issue 26; old parser: 32.00 EUR
    expect(read('392. 00', { currency: 'EUR' })).toBe('392.00 EUR');
    expect(read('$ 8. 94')).toBe('8.94 USD');
    expect(read('118, 99 TL')).toBe('118.99 TRY');
  });

  it('never joins a year and a price, nor digits that go on', () => {
    expect(read('2025, 22 €')).toBeNull();
    expect(read('Ausgabe 2019. 24 €')).toBeNull();
    expect(read('12. 345 €')).toBeNull();
    expect(read('12. 34,56 €')).toBe('34.56 EUR'); // "12." ends something else: the price is 34,56 €
  });
});

describe('parsePriceText: ranges and "from" prices', () => {
  it.each([
    ['12,99 – 15,99 €'], // old: 15.99 EUR (the unmarked low end was overlooked)
    ['12,99 € - 15,99 €'],
    ['12-15 €'], // old: 15.00 EUR
    ['€12.99 — €15.99'],
    ['From 26 to 50 €'], // old: 50.00 EUR
    ['12 bis 15 €'], // old: 15.00 EUR
    ['de 12 à 15 €'], // old: 15.00 EUR
    ['de 12 a 15 €'],
    ['van 12 tot 15 €'],
    ['ab 12,99 €'], // old: 12.99 EUR, a lowest price read as the price
    ['From $109.90'],
    ['à partir de 9,90 €'],
    ['desde 9,90 €'],
    ['Vanaf € 49.95'],
    ['a partire da 7,32 €'],
    ['od 45 zł'],
    ['fra 129 kr'],
    ['Pris från 172 kr'],
    ['$10 and up'],
    ['$49+'],
  ])('%j is refused by default', (text) => {
    expect(read(text, { currency: text.includes('kr') ? 'SEK' : null })).toBeNull();
  });

  it.each([
    ['12,99 – 15,99 €', '12.99 EUR'],
    ['12,99 € - 15,99 €', '12.99 EUR'],
    ['12-15 €', '12.00 EUR'],
    ['€12.99 — €15.99', '12.99 EUR'],
    ['From 26 to 50 €', '26.00 EUR'],
    ['12 bis 15 €', '12.00 EUR'],
    ['de 12 à 15 €', '12.00 EUR'],
    ['van 12 tot 15 €', '12.00 EUR'],
    ['ab 12,99 €', '12.99 EUR'],
    ['From $109.90', '109.90 USD'],
    ['fra 129 kr', '129.00 NOK'],
  ])('%j with rangeLowest → %s', (text, expected) => {
    expect(read(text, { currency: text.includes('kr') ? 'NOK' : null, rangeLowest: true })).toBe(expected);
  });

  it('refuses, even for the lowest, a range that runs downwards or mixes currencies', () => {
    expect(read('15 - 12 €', { rangeLowest: true })).toBeNull(); // old: 12.00 EUR
    expect(read('$15.99 - £12.99', { rangeLowest: true })).toBeNull();
    expect(read('€ 10.00 € 8.00 – € 10.00', { rangeLowest: true })).toBeNull();
  });

  it('refuses a bound: "up to", "& under"', () => {
    expect(read('up to $50')).toBeNull(); // old: 50.00 USD
    expect(read('$9.99 & Under')).toBeNull(); // old: 9.99 USD
    expect(read('bis zu 30 €')).toBeNull();
  });
});

describe('parsePriceText: currencies with three minor digits', () => {
  it.each([
    ['1.250 KWD', null, '1.250 KWD'],
    ['KD 1.250', null, '1.250 KWD'], // old: 1250 with no currency
    [' 423.923 KD', null, '423.923 KWD'], // old: 423923 with no currency
    ['BD 0.750', null, '0.750 BHD'], // old: 0.750 with no currency
    ['JD 12.500', null, '12.500 JOD'], // old: 12500 with no currency
    ['OMR 1.250', null, '1.250 OMR'],
    ['1.250 DT', null, '1.250 TND'], // old: 1250 with no currency
    ['TND 12,5', null, '12.500 TND'],
    ['LYD 1.250', null, '1.250 LYD'],
    ['IQD 1.250', null, '1.250 IQD'],
    ['123,456.789 OMR', null, '123456.789 OMR'],
    ['1.250', 'KWD', '1.250 KWD'],
    ['12', 'BHD', '12.000 BHD'],
  ])('%j (hint %s) → %s', (text, currency, expected) => {
    expect(read(text, { currency })).toBe(expected);
  });

  it('takes the minor digits from ISO 4217, not from a list of its own', () => {
    for (const code of ['KWD', 'BHD', 'OMR', 'JOD', 'TND', 'LYD', 'IQD']) {
      expect(Money.minorDigits(code)).toBe(3);
      expect(read('1.250', { currency: code })).toBe(`1.250 ${code}`);
    }
  });

  it('refuses "1,250" in a three-decimal currency: 1.250 or 1250 (English grouping)', () => {
    expect(read('KD 1,250')).toBeNull(); // old: 1250 with no currency
    expect(read('1,250', { currency: 'KWD' })).toBeNull(); // old: 1.250 KWD
  });
});

describe('parsePriceText: ISO codes and the signs beside them', () => {
  it.each([
    ['$1,190.00 AUD', '1190.00 AUD'], // old: 1190.00 USD
    ['NZD $100.70', '100.70 NZD'], // old: 100.70 USD
    ['SGD$4.90', '4.90 SGD'], // old: 4.90 USD
    ['SGD4.90 $', '4.90 SGD'],
    ['$ SGD4.90', '4.90 SGD'],
    ['MX$3,179.00', '3179.00 MXN'], // old: 3179.00 USD
    ['1 MOP$', '1.00 MOP'],
    ['US $12', '12.00 USD'],
    ['US$:12.99', '12.99 USD'], // old: 12.99 with no currency
    ['£94.50 GBP', '94.50 GBP'],
    ['SEK 129 kr', '129.00 SEK'],
    ['¥1,500 JPY', '1500 JPY'],
    ['CNY ¥88.00', '88.00 CNY'],
  ])('%j → %s', (text, expected) => {
    expect(read(text)).toBe(expected);
  });

  it('refuses a code that contradicts a sign', () => {
    expect(read('€12 USD')).toBeNull(); // old: 12.00 EUR
    expect(read('CHF 12 €')).toBeNull(); // old: 12.00 CHF
    expect(read('$12 EUR')).toBeNull(); // old: 12.00 USD ("$" never means the euro)
    expect(read('kr 129 EUR')).toBeNull();
  });
});

describe('parsePriceText: the table of signs', () => {
  it.each([
    ['45 zł', null, '45.00 PLN'],
    ['45 zl', null, '45.00 PLN'], // old: 45 with no currency
    ['45 ZŁ', null, '45.00 PLN'],
    ['140,00 pln', null, '140.00 PLN'], // old: no currency
    ['1 200 ₽', null, '1200.00 RUB'],
    ['1 200 руб.', null, '1200.00 RUB'], // old: no currency
    ['1128240 рублей', null, '1128240.00 RUB'],
    ['3 100р.', null, '3100.00 RUB'],
    ['14 196 Р', null, '14196.00 RUB'],
    ['320 ₴', null, '320.00 UAH'],
    ['2 285,81 грн.', null, '2285.81 UAH'], // old: no currency
    ['Rp 31.500', null, '31500.00 IDR'], // old: no currency
    ['349 Kč', null, '349.00 CZK'],
    ['9 472 Ft', null, '9472.00 HUF'],
    ['R$ 45,90', null, '45.90 BRL'],
    ['CHF 34.90', null, '34.90 CHF'],
    ['Fr. 34.90', null, '34.90 CHF'],
    ['SFr. 34.90', null, '34.90 CHF'],
    ['RM50', null, '50.00 MYR'], // old: no currency
    ['₸ 5000', null, '5000.00 KZT'],
    ['₾ 20', null, '20.00 GEL'],
    ['₼ 20', null, '20.00 AZN'],
    ['₡ 2000', null, '2000.00 CRC'],
    ['₲ 50000', null, '50000 PYG'],
    ['S/ 49.90', null, '49.90 PEN'],
    ['S/. 49.90', null, '49.90 PEN'],
    ['120 ден', null, '120.00 MKD'],
    ['1200 дин', null, '1200.00 RSD'],
    ['1200 Lek', null, '1200.00 ALL'],
    ['45 lei', null, '45.00 RON'],
    ['45 TL', null, '45.00 TRY'], // old: no currency
    ['₺45', null, '45.00 TRY'],
    ['AED 45', null, '45.00 AED'],
    ['45 د.إ', null, '45.00 AED'],
    ['45 ر.س', null, '45.00 SAR'],
    ['45 ﷼', 'SAR', '45.00 SAR'],
    ['45 ج.م', null, '45.00 EGP'],
    ['৳ 450', null, '450.00 BDT'],
    ['Tk 450', null, '450.00 BDT'],
    ['₦ 4500', null, '4500.00 NGN'],
    ['₵ 45', null, '45.00 GHS'],
    ['KSh 450', null, '450.00 KES'],
    ['R 450', 'ZAR', '450.00 ZAR'],
    ['Q 45', 'GTQ', '45.00 GTQ'],
    ['Rs. 450', 'PKR', '450.00 PKR'],
    ['200.000 đ', null, '200000 VND'],
    ['12,000원', null, '12000 KRW'],
    ['１，５００円', null, '1500 JPY'], // old: null (full-width digits)
    ['١٢٫٥٠ د.إ', null, '12.50 AED'], // old: null (Arabic-Indic digits)
  ])('%j (hint %s) → %s', (text, currency, expected) => {
    expect(read(text, { currency })).toBe(expected);
  });

  it('reads signs shared by several countries only with a hint: "kr", "R", "Q", "﷼"', () => {
    expect(read('129 kr', { currency: 'ISK' })).toBe('129 ISK');
    expect(read('R 450')).toBe('450 null');
    expect(read('R 450', { currency: 'EUR' })).toBeNull(); // old: 450.00 EUR
    expect(read('Q 45', { currency: 'EUR' })).toBeNull(); // old: 45.00 EUR
    expect(read('45 ﷼')).toBe('45 null'); // the rial sign of Iran as much as of Saudi Arabia
    expect(read('45 ﷼', { currency: 'EUR' })).toBeNull(); // old: 45.00 EUR
  });

  it('matches letter signs as whole words and in the case that makes them signs', () => {
    expect(read('Offers 12', { currency: 'EUR' })).toBe('12.00 EUR');
    expect(read('Kraft 12', { currency: 'EUR' })).toBe('12.00 EUR');
    expect(read('Prices 12')).toBe('12 null');
    expect(read('12 ft')).toBeNull(); // feet, not forints; old: 12.00 HUF
  });

  it('never reads a price in a currency it cannot represent or does not know', () => {
    expect(read('99¢')).toBeNull(); // cents; old: 99 with no currency
    expect(read('₤1700')).toBeNull(); // old: 1700 with no currency
    expect(read('25,41 лв.', { currency: 'EUR' })).toBeNull(); // the lev is withdrawn; old: 25.41 EUR
    expect(read('12,99 € / 25,41 лв.')).toBe('12.99 EUR'); // the dual display of Bulgaria's change to the euro
  });

  it('names ISO 4217 currencies only', () => {
    expect(tableCodes().filter((code) => !Money.isCurrency(code))).toEqual([]);
  });
});

describe('parsePriceText: savings are not prices', () => {
  it.each([
    ['$23.99 -20%', '23.99 USD'],
    ['-20% 23,99 €', '23.99 EUR'], // old: null
    ['23,99 € (-5,00 €)', '23.99 EUR'], // old: null
    ['23,99 € -5,00 €', '23.99 EUR'], // old: null
    ['$89.99 (- $44.99)', '89.99 USD'], // old: null
    ['Save $5.00 $19.99', '19.99 USD'], // old: null
    ['$119.99 (You save $15.01)', '119.99 USD'], // old: null
    ['Sie sparen 5,00 € 19,99 €', '19.99 EUR'],
    ['$5 off $20', '20.00 USD'],
    ['Paperback - $12.99', '12.99 USD'], // a spaced dash after a word is punctuation
  ])('%j → %s', (text, expected) => {
    expect(read(text)).toBe(expected);
  });

  it.each([
    ['Save $5.00'], // old: 5.00 USD
    ['You save $15.01 (11%)'], // old: 15.01 USD
    ['$5 off'], // old: 5.00 USD
    ['-20%'],
    ['-5 €'],
    ['−5,00 €'],
    ['- $44.99'],
    ['€-5'],
    ['20 % de réduction'],
    ['3,00 € gespart'], // old: 3.00 EUR
    ['Sparen Sie 3,00 €'], // old: 3.00 EUR
    ['5 € Rabatt'], // old: 5.00 EUR
  ])('%j (only a saving) → null', (text) => {
    expect(read(text)).toBeNull();
  });

  it('refuses a "saving" as large as the price, and a dash that may be a saving or a range', () => {
    expect(read('19,99 € -25,00 €')).toBeNull();
    expect(read('$89.99 - $44.99')).toBeNull();
  });
});

describe('parsePriceText: several numbers in one text', () => {
  it.each([
    ['Was $20, now $15'],
    ['Was 20 now £15'], // old: 15.00 GBP
    ['£12.99 RRP 15.99'], // old: 12.99 GBP
    ['19,99 € statt 25,00 €'],
    ['$ 281.40 $ 265.70'],
    ['2 for £10'], // old: 10.00 GBP
    ['3 x 9,99 €'], // old: 9.99 EUR
    ['12x de R$ 44,00 sem juros'], // old: 44.00 BRL
    ['or 4 interest-free payments of $7.50'], // old: 7.50 USD
    ['12,99 € zzgl. 3,95 € Versand'],
    ['AED 8000 (USD 2179)'],
    ['€3.50/100g'], // a price per weight is not the item's price; old: 3.50 EUR
    ['3,50 €/kg'], // old: 3.50 EUR
    ['Pack of 2 129,00 €'], // a count and a price, or 2129? old: 2129.00 EUR
    ['Code MX924 850 руб.'], // old: 924850
    ['Was £20'], // an old price alone; old: 20.00 GBP
    ['statt 25,00 €'],
    ['Zľava 36 €'], // "discount": the saving or the discounted price? old: 36.00 EUR
    ['€12,99 met korting €9,99'],
  ])('%j → null', (text) => {
    expect(read(text)).toBeNull();
  });

  it.each([
    ['£12.99 (2 items)', null, '12.99 GBP'],
    ['Only 3 left! £12.99', null, '12.99 GBP'],
    ['12,99 € (incl. 7% VAT)', null, '12.99 EUR'],
    ['12,99 € inkl. 7 % MwSt.', null, '12.99 EUR'],
    ['$15.95/mo', null, '15.95 USD'],
    ['$9.99 per month', null, '9.99 USD'],
    ['12,99 € (0,56 € / 100 g)', null, '12.99 EUR'], // old: null
    ['ISBN 9783161484100 12,99', 'EUR', '12.99 EUR'], // old: null
    ['Art.-Nr. 12345 12,99', 'EUR', '12.99 EUR'], // old: null
    ['978-3-16-148410-0 12,99 €', null, '12.99 EUR'],
    ['Erscheint am 15.03.2026 · 12,99 €', null, '12.99 EUR'],
    ['4,5 von 5 Sternen 12,99 €', null, '12.99 EUR'],
    ['1 x Book £12.99', null, '12.99 GBP'],
    ['MX924 IX 850 руб.', null, '850.00 RUB'],
    ['205,68 € 205.68', null, '205.68 EUR'],
    ['12,99 € · 4.5 out of 5 stars', null, '12.99 EUR'],
    ['Hardcover, 24. März 2025, 22,00 €', null, '22.00 EUR'],
    ['¥1,980+税', null, '1980 JPY'],
    ['€6.56 + VAT', null, '6.56 EUR'],
    ['Price: $12.99 Qty: 1', null, '12.99 USD'],
  ])('%j (hint %s) → %s', (text, currency, expected) => {
    expect(read(text, { currency })).toBe(expected);
  });

  it('reads line breaks as separators and character references as the characters', () => {
    expect(read('13\n369', { currency: 'EUR' })).toBeNull(); // old: 13369.00 EUR
    expect(read('18,09\n€')).toBe('18.09 EUR');
    expect(read('&pound;12.99')).toBe('12.99 GBP'); // old: 12.99 with no currency
    expect(read('18,09&#8239;€')).toBe('18.09 EUR'); // old: null
  });

  it('reads a number without a sign only when nothing beside it was set aside by a guess', () => {
    expect(read('Save &#163;0.64 (21)%', { currency: 'GBP' })).toBeNull(); // never 21
    expect(read('Duct tape, 1.88" x 9 yd', { currency: 'EUR' })).toBeNull(); // never 9
    expect(read('5.00 trên 5', { currency: 'VND' })).toBeNull(); // a rating
  });

  it('never drops digits silently', () => {
    expect(read('1 234,56')).toBe('1234.56 null');
    expect(read('12 34', { currency: 'EUR' })).toBeNull();
    expect(read('1 234 56', { currency: 'EUR' })).toBeNull();
    expect(read('16.00 ft')).toBeNull(); // a length; old: 16.00 HUF
    expect(read('July, 2004')).toBeNull(); // a year; old: 2004
    expect(read('Код товара: 884')).toBeNull(); // a product code; old: 884
  });
});

describe('parsePriceText: grouping', () => {
  it('reads lakh grouping for South Asian currencies only', () => {
    expect(read('₹1,23,456.00')).toBe('123456.00 INR'); // old: null
    expect(read('Rs 1,23,456')).toBe('123456.00 INR'); // old: null
    expect(read('1,23,456.00', { currency: 'USD' })).toBeNull();
  });

  it('keeps the zero-cents dash', () => {
    expect(read('18,-- €')).toBe('18.00 EUR');
    expect(read('50,- Kč')).toBe('50.00 CZK');
    expect(read('129:-', { currency: 'SEK' })).toBe('129.00 SEK');
  });
});

describe('parsePriceText: generated prices', () => {
  // Amounts written the ways shops write them, with the clutter shops put around them: every reading is either
  // the amount written or a refusal, and most are readings.
  const STYLES: ReadonlyArray<(integer: string, cents: string) => string> = [
    (i, c) => `${i.replace(/\B(?=(\d{3})+$)/g, '.')},${c}`,
    (i, c) => `${i.replace(/\B(?=(\d{3})+$)/g, ',')}.${c}`,
    (i, c) => `${i.replace(/\B(?=(\d{3})+$)/g, NARROW_NBSP)},${c}`,
    (i, c) => `${i.replace(/\B(?=(\d{3})+$)/g, "'")}.${c}`,
    (i, c) => `${i}.${c}`,
    (i, c) => (c === '00' ? i : `${i},${c}`),
  ];
  const SIGNS: ReadonlyArray<readonly [(n: string) => string, string]> = [
    [(n) => `€ ${n}`, 'EUR'], [(n) => `${n}${NBSP}€`, 'EUR'], [(n) => `$${n}`, 'USD'], [(n) => `${n} USD`, 'USD'],
    [(n) => `EUR ${n}`, 'EUR'], [(n) => `£${n}`, 'GBP'], [(n) => `CHF ${n}`, 'CHF'], [(n) => `${n} zł`, 'PLN'],
    [(n) => `${n} Kč`, 'CZK'], [(n) => `NZD $${n}`, 'NZD'], [(n) => `${n} руб.`, 'RUB'],
  ];
  const CLUTTER: ReadonlyArray<(price: string) => string> = [
    (p) => p, (p) => `Preis: ${p}`, (p) => `${p} *`, (p) => `${p} inkl. 7 % MwSt.`, (p) => `-20% ${p}`,
    (p) => `${p} (2 items)`, (p) => `Only 3 left! ${p}`, (p) => `ISBN 9783161484100 ${p}`, (p) => `${p} -15%`,
  ];
  let seed = 42;
  const random = (below: number): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return Math.floor(seed / 65536) % below;
  };
  const cases = Array.from({ length: 600 }, () => {
    const integer = String([random(10), random(100), random(1000), random(100000), random(10000000)][random(5)]);
    const cents = String(random(4) === 0 ? 0 : random(100)).padStart(2, '0');
    const style = STYLES[random(STYLES.length)];
    const [sign, currency] = SIGNS[random(SIGNS.length)] ?? SIGNS[0]!;
    const clutter = CLUTTER[random(CLUTTER.length)];
    return { text: clutter!(sign(style!(integer, cents))), expected: `${integer}.${cents} ${currency}` };
  });

  it('reads the amount written or nothing, and reads nearly all', () => {
    const wrong = cases.filter(({ text, expected }) => ![null, expected].includes(read(text)));
    const refused = cases.filter(({ text }) => read(text) === null);
    expect(wrong).toEqual([]);
    expect(refused.length).toBeLessThan(cases.length / 20);
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
    ['zł', null, 'PLN'],
    ['руб.', null, 'RUB'],
    ['Р', null, 'RUB'],
    ['KD', null, 'KWD'],
    ['R', 'ZAR', 'ZAR'],
    ['R', null, null],
    ['﷼', null, null],
    ['лв', null, null],
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
