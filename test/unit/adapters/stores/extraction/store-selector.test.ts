import { describe, expect, it } from 'vitest';
import { parseStoreSelector } from '../../../../../src/adapters/stores/extraction/store-selector.js';

describe('parseStoreSelector', () => {
  it('splits a final @attribute off', () => {
    expect(parseStoreSelector('meta[itemprop=price]@content')).toEqual({ css: 'meta[itemprop=price]', attribute: 'content' });
    expect(parseStoreSelector('[data-price]@data-price')).toEqual({ css: '[data-price]', attribute: 'data-price' });
    expect(parseStoreSelector(' #price @ value ')).toEqual({ css: '#price', attribute: 'value' });
    expect(parseStoreSelector('.buybox .price@Data-Amount')).toEqual({ css: '.buybox .price', attribute: 'data-amount' });
  });

  it('without a suffix: the selector as it is', () => {
    expect(parseStoreSelector('.price')).toEqual({ css: '.price', attribute: null });
  });

  it('an @ inside brackets, quotes or parentheses, or escaped, is part of the CSS', () => {
    expect(parseStoreSelector("a[title='x@y']")).toEqual({ css: "a[title='x@y']", attribute: null });
    expect(parseStoreSelector('a[href="mailto:a@b.example"]')).toEqual({ css: 'a[href="mailto:a@b.example"]', attribute: null });
    expect(parseStoreSelector('span:not([data-x="@a"])')).toEqual({ css: 'span:not([data-x="@a"])', attribute: null });
    expect(parseStoreSelector('.md\\@hidden')).toEqual({ css: '.md\\@hidden', attribute: null });
    expect(parseStoreSelector("a[title='x@y']@href")).toEqual({ css: "a[title='x@y']", attribute: 'href' });
  });

  it('an @ that names no attribute is left to the CSS parser', () => {
    expect(parseStoreSelector('.price@ 12')).toEqual({ css: '.price@ 12', attribute: null });
    expect(parseStoreSelector('@content')).toEqual({ css: '', attribute: 'content' });
  });
});
