import { describe, expect, it } from 'vitest';
import { namesFragment, namesOf, namesPrice, roleOf } from '../../../../../src/adapters/stores/extraction/price-names.js';

describe('price names', () => {
  it('names a price: class, id, itemprop, data-* names and values, in many languages and compounds', () => {
    const named: Array<Record<string, string>> = [
      { class: 'price' },
      { id: 'priceblock_ourprice' },
      { class: 'product-preis' },
      { class: 'prix-ttc' },
      { class: 'precio' },
      { itemprop: 'price' },
      { 'data-price': '18.09' },
      { 'data-testid': 'product-price' },
      { class: 'salePrice' },
      { class: 'cena' },
    ];
    for (const attribs of named) {
      expect(namesPrice(namesOf(attribs)), JSON.stringify(attribs)).toBe(true);
    }
    const unnamed: Array<Record<string, string>> = [{ class: 'scenario' }, { class: 'surprise' }, { class: 'interpret' }, { 'data-id': '123' }];
    for (const attribs of unnamed) {
      expect(namesPrice(namesOf(attribs)), JSON.stringify(attribs)).toBe(false);
    }
  });

  it('pieces of a split price and labels by class or id, not by data-* names', () => {
    expect(namesFragment({ class: 'a-price-whole' })).toBe(true);
    expect(namesFragment({ class: 'price-label' })).toBe(true);
    expect(namesFragment({ class: 'price-currency' })).toBe(true);
    expect(namesFragment({ class: 'price', 'data-currency': 'EUR' })).toBe(false);
  });

  it('roles of the price element itself: any word', () => {
    expect(roleOf(namesOf({ class: 'price was' }), true)).toBe('old');
    expect(roleOf(namesOf({ class: 'oldPrice' }), true)).toBe('old');
    expect(roleOf(namesOf({ class: 'price--rrp' }), true)).toBe('old');
    expect(roleOf(namesOf({ 'data-price-type': 'oldPrice' }), true)).toBe('old');
    expect(roleOf(namesOf({ class: 'streichpreis' }), true)).toBe('old');
    expect(roleOf(namesOf({ class: 'price-saving' }), true)).toBe('saving');
    expect(roleOf(namesOf({ class: 'shipping-price' }), true)).toBe('shipping');
    expect(roleOf(namesOf({ class: 'grundpreis' }), true)).toBe('unit');
    expect(roleOf(namesOf({ class: 'unit-price' }), true)).toBe('unit');
    expect(roleOf(namesOf({ class: 'price-per-kg' }), true)).toBe('unit');
    expect(roleOf(namesOf({ class: 'klarna-price' }), true)).toBe('instalment');
    expect(roleOf(namesOf({ class: 'price price--sale' }), true)).toBeNull();
    expect(roleOf(namesOf({ class: 'price text-base font-bold' }), true)).toBeNull();
  });

  it('roles of containers: only names that also name a price, except related products', () => {
    expect(roleOf(namesOf({ class: 'old-price' }), false)).toBe('old');
    expect(roleOf(namesOf({ class: 'list-unstyled' }), false)).toBeNull();
    expect(roleOf(namesOf({ class: 'font-regular' }), false)).toBeNull();
    expect(roleOf(namesOf({ class: 'delivery-info' }), false)).toBeNull();
    expect(roleOf(namesOf({ class: 'related-products' }), false)).toBe('related');
    expect(roleOf(namesOf({ 'aria-label': 'Customers also bought' }), false)).toBe('related');
    expect(roleOf(namesOf({ id: 'you-may-like' }), false)).toBe('related');
    expect(roleOf(namesOf({ class: 'cross-sell' }), false)).toBe('related');
    expect(roleOf(namesOf({ class: 'recently-viewed' }), false)).toBe('related');
    expect(roleOf(namesOf({ class: 'bold' }), false)).toBeNull();
  });
});
