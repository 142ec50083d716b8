import { describe, expect, it } from 'vitest';
import { labelEnding, labelKind, leadingLabel, sellingPart } from '../../../../../src/adapters/stores/extraction/price-labels.js';

describe('labelKind', () => {
  it.each([
    ['Price', 'price'], ['Preis:', 'price'], ['售價：', 'price'], ['特價', 'price'], ['价格', 'price'], ['価格', 'price'],
    ['가격', 'price'], ['Cena', 'price'], ['Cijena:', 'price'], ['Pris', 'price'], ['Prijs', 'price'], ['Prezzo', 'price'],
    ['Precio', 'price'], ['Preço', 'price'], ['Fiyat', 'price'], ['Цена', 'price'], ['Τιμή', 'price'], ['מחיר', 'price'],
    ['سعر', 'price'], ['List price', 'old'], ['RRP', 'old'], ['UVP', 'old'], ['Prix conseillé', 'old'],
    ['Precio recomendado', 'old'], ['Statt', 'old'], ['Vorher', 'old'], ['Avant', 'old'], ['定價', 'old'], ['정가', 'old'],
    ['Member price', 'member'], ['會員價', 'member'], ['Versand', 'shipping'], ['送料', 'shipping'], ['Grundpreis', 'unit'],
    ['You save', 'saving'], ['Pfand', 'deposit'],
  ])('%j is %s', (text, kind) => {
    expect(labelKind(text)).toBe(kind);
  });

  it('is no label for other text, or a sentence', () => {
    expect(labelKind('Author')).toBeNull();
    expect(labelKind('Prices include VAT and are subject to change without notice')).toBeNull();
    expect(labelKind('')).toBeNull();
  });
});

describe('leadingLabel and labelEnding', () => {
  it('a line that starts with a label, followed by a colon or an amount', () => {
    expect(leadingLabel('Price: 99')).toEqual({ kind: 'price', length: 7 });
    expect(leadingLabel('售價：NT$450')).toEqual({ kind: 'price', length: 3 });
    expect(leadingLabel('Preis 12,99 €')).toMatchObject({ kind: 'price' });
    expect(leadingLabel('Старая цена: 1 590 ₽')).toMatchObject({ kind: 'old' });
    // A buy button's words before its amount, after a dash or a dot.
    expect(leadingLabel('Add to cart – $24.99')).toEqual({ kind: 'price', length: 14 });
    expect(leadingLabel('In den Warenkorb · 12,99 €')).toMatchObject({ kind: 'price' });
    expect(leadingLabel('Add to cart')).toBeNull();
    expect(leadingLabel('Price list for schools')).toBeNull();
    expect(leadingLabel('12,99 €')).toBeNull();
  });

  it('the label a text ends with, the longest first', () => {
    expect(labelEnding('Hardcover. Precio normal: ')).toBe('old');
    expect(labelEnding('Precio de venta:')).toBe('price');
    expect(labelEnding('Das Buch ')).toBeNull();
  });
});

describe('sellingPart', () => {
  it.each([
    ['Was £20.00 now £15.00', '£15.00'],
    ['19,99 € statt 25,00 €', '19,99 €'],
    ['UVP 25 € jetzt 19,99 €', '19,99 €'],
    ['De R$ 50,00 por R$ 40,00', 'R$ 40,00'],
    ['£12.99 RRP £16.99', '£12.99'],
    ['Our price: £12.99 RRP £16.99', 'Our price: £12.99'],
    ['19,99 € UVP 25,00 €', '19,99 €'],
    ['$15.99 (was $19.99)', '$15.99'],
  ])('%j → %j', (text, part) => {
    expect(sellingPart(text)).toBe(part);
  });

  it('null for a text that does not compare an old and a new price', () => {
    expect(sellingPart('£15.00')).toBeNull();
    expect(sellingPart('Now £15.00')).toBeNull();
    expect(sellingPart('RRP £16.99')).toBeNull();
    expect(sellingPart('Was $19.99')).toBeNull();
    // Whole words only: "was" at the end of another word says nothing.
    expect(sellingPart('£12.99 Kanawas 5 kg')).toBeNull();
  });
});
