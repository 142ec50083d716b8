import { describe, expect, it } from 'vitest';
import { languageCodeOfMarc, marcCodeOf } from '../../../../src/domain/reference/marc-languages.js';
import {
  authorNames,
  cleanText,
  formatOf,
  languageCodeOf,
  pageCountOf,
  personName,
  publishedYearOf,
  webUrlOf,
} from '../../../../src/adapters/metadata/metadata-fields.js';

describe('publishedYearOf', () => {
  it.each([
    ['2019', 2019],
    ['October 1, 2019', 2019],
    ['Oct 01, 2019', 2019],
    ['1 octobre 2019', 2019],
    ['2019-10-01', 2019],
    ['2019-10', 2019],
    ['c1997', 1997],
    ['©1997', 1997],
    ['[1998?]', 1998],
    ['1998-2003', 1998],
    ['  July 28,\n2008 ', 2008],
  ])('reads %j as %i', (text, year) => {
    expect(publishedYearOf(text)).toBe(year);
  });

  it.each([['19--'], ['n.d.'], [''], ['12/3/87'], ['1234'], ['9999'], ['20190'], [2019], [null], [undefined]])('has no year in %j', (text) => {
    expect(publishedYearOf(text)).toBeNull();
  });

  it('skips a number that cannot be a year for the one that can', () => {
    expect(publishedYearOf('0812 pages, 2001')).toBe(2001);
  });
});

describe('personName and authorNames', () => {
  it.each([
    ['Iain M. Banks', 'Iain M. Banks'],
    ['Banks, Iain M.', 'Iain M. Banks'],
    ['Tolkien, J. R. R., 1892-1973', 'J. R. R. Tolkien'],
    ['Le Guin, Ursula K., 1929-', 'Ursula K. Le Guin'],
    ['King, Martin Luther, Jr.', 'Martin Luther King Jr.'],
    ['Penguin Random House, Inc.', 'Penguin Random House, Inc.'],
    ['Plato', 'Plato'],
    ['  Mary   Shelley ', 'Mary Shelley'],
  ])('names %j as %j', (given, expected) => {
    expect(personName(given)).toBe(expected);
  });

  it('drops blanks and non-strings, keeps the order and each name once', () => {
    expect(authorNames(['Banks, Iain M.', '', null, 42, 'Iain M. Banks', 'Ken MacLeod'])).toEqual(['Iain M. Banks', 'Ken MacLeod']);
  });
});

describe('pageCountOf', () => {
  it.each([
    [480, 480],
    ['480', 480],
    [0, null],
    [-3, null],
    [12.5, null],
    ['480 p.', null],
    [250_000, null],
    [null, null],
  ])('reads %j as %j', (value, pages) => {
    expect(pageCountOf(value)).toBe(pages);
  });
});

describe('languageCodeOf and languageCodeOfMarc', () => {
  it.each([
    ['en', 'en'],
    ['EN', 'en'],
    ['en-GB', 'en'],
    ['zh-CN', 'zh'],
    ['pt_BR', 'pt'],
    ['iw', 'he'],
    ['in', 'id'],
    ['und', null],
    ['un', null],
    ['xx', null],
    ['', null],
    [7, null],
  ])('reads the tag %j as %j', (tag, code) => {
    expect(languageCodeOf(tag)).toBe(code);
  });

  it.each([
    ['/languages/eng', 'en'],
    ['/languages/ger', 'de'],
    ['/languages/fre', 'fr'],
    ['/languages/chi', 'zh'],
    ['/languages/scr', 'hr'],
    ['spa', 'es'],
    ['/languages/mul', null],
    ['/languages/zzz', null],
    [undefined, null],
  ])('reads the Open Library key %j as %j', (key, code) => {
    expect(languageCodeOfMarc(key)).toBe(code);
  });

  it('finds the MARC code back for the demonstration server', () => {
    expect(marcCodeOf('de')).toBe('ger');
    expect(languageCodeOfMarc(marcCodeOf('ja'))).toBe('ja');
    expect(marcCodeOf('tlh')).toBeNull();
  });
});

describe('formatOf', () => {
  it.each([
    ['Paperback', 'paperback'],
    ['Mass Market Paperback', 'paperback'],
    ['Trade Paperback', 'paperback'],
    ['Softcover', 'paperback'],
    ['Hardcover', 'hardcover'],
    ['Hardback', 'hardcover'],
    ['Library Binding', 'hardcover'],
    ['ebook', 'ebook'],
    ['E-book', 'ebook'],
    ['Kindle Edition', 'ebook'],
    ['Audio CD', 'audiobook'],
    ['MP3 CD', 'audiobook'],
    ['Audio Cassette', 'audiobook'],
    ['Spiral-bound', null],
    ['', null],
    [null, null],
  ])('reads %j as %j', (text, format) => {
    expect(formatOf(text)).toBe(format);
  });
});

describe('cleanText and webUrlOf', () => {
  it('trims and collapses whitespace, and has nothing for blanks and non-strings', () => {
    expect(cleanText('  Use  of\nWeapons ')).toBe('Use of Weapons');
    expect(cleanText('   ')).toBeNull();
    expect(cleanText(['a'])).toBeNull();
  });

  it('keeps http(s) URLs only', () => {
    expect(webUrlOf('https://covers.openlibrary.org/b/id/1-L.jpg')).toBe('https://covers.openlibrary.org/b/id/1-L.jpg');
    expect(webUrlOf('javascript:alert(1)')).toBeNull();
    expect(webUrlOf('/b/id/1-L.jpg')).toBeNull();
  });
});
