import { describe, expect, it } from 'vitest';
import { authorFromLastFirst, authorOfCredit, splitNames } from '../../../../../src/domain/wishes/import/author-names.js';
import { formatOf } from '../../../../../src/domain/wishes/import/book-format.js';
import { decodeHtmlEntities } from '../../../../../src/domain/wishes/import/html-entities.js';
import { pagesOf, yearOf } from '../../../../../src/domain/wishes/import/numbers.js';
import { readPublication } from '../../../../../src/domain/wishes/import/publication.js';

describe('formatOf', () => {
  it.each([
    ['Kindle Edition', 'ebook'],
    ['ebook', 'ebook'],
    ['E-Book', 'ebook'],
    ['digital', 'ebook'],
    ['epub, original_epub', 'ebook'],
    ['Audible Audio', 'audiobook'],
    ['Audio CD', 'audiobook'],
    ['MP3 CD', 'audiobook'],
    ['audio', 'audiobook'],
    ['Hörbuch', 'audiobook'],
    ['Mass Market Paperback', 'paperback'],
    ['Trade Paperback', 'paperback'],
    ['Broché', 'paperback'],
    ['Taschenbuch', 'paperback'],
    ['Hardcover', 'hardcover'],
    ['Library Binding', 'hardcover'],
    ['Relié', 'hardcover'],
    ['Gebundene Ausgabe', 'hardcover'],
  ] as const)('reads %j as %s', (cell, format) => {
    expect(formatOf(cell)).toBe(format);
  });

  it('answers null for bindings that name no format, and tries the next cell', () => {
    expect(formatOf('Unknown Binding')).toBeNull();
    expect(formatOf('Paper Book')).toBeNull();
    expect(formatOf('Physical Book', undefined, '')).toBeNull();
    expect(formatOf('Physical Book', 'Paperback')).toBe('paperback');
  });
});

describe('yearOf and pagesOf', () => {
  it('finds the year of any date shape, and ignores impossible years', () => {
    expect(yearOf('1965')).toBe(1965);
    expect(yearOf('2024/01/15')).toBe(2024);
    expect(yearOf('2019-03-05T01:00:00+01:00')).toBe(2019);
    expect(yearOf('[1979]')).toBe(1979);
    expect(yearOf('0101-01-01T00:00:00+00:00')).toBeNull();
    expect(yearOf('12345')).toBeNull();
    expect(yearOf('', undefined, '1990')).toBe(1990);
  });

  it('reads page counts written with units or spaces, never zero', () => {
    expect(pagesOf('412')).toBe(412);
    expect(pagesOf('93 ')).toBe(93);
    expect(pagesOf('590 p.')).toBe(590);
    expect(pagesOf('0')).toBeNull();
    expect(pagesOf('4.5')).toBeNull();
    expect(pagesOf('')).toBeNull();
  });
});

describe('readPublication', () => {
  it('reads LibraryThing publication cells', () => {
    expect(readPublication('Penguin (2001), Paperback, 256 pages')).toEqual({
      publisher: 'Penguin',
      year: 2001,
      details: 'Paperback, 256 pages',
      pages: 256,
    });
    expect(readPublication('Gallimard (1979), Poche')).toEqual({ publisher: 'Gallimard', year: 1979, details: 'Poche', pages: null });
    expect(readPublication('New York : Ace Books, 1990.')).toEqual({ publisher: 'Ace Books', year: 1990, details: null, pages: null });
    expect(readPublication('Printed somewhere, 1990')).toEqual({ publisher: null, year: 1990, details: null, pages: null });
    expect(readPublication('')).toEqual({ publisher: null, year: null, details: null, pages: null });
  });
});

describe('author names', () => {
  it('turns "Last, First" round only when unambiguous', () => {
    expect(authorFromLastFirst('Le Guin, Ursula K.')).toBe('Ursula K. Le Guin');
    expect(authorFromLastFirst('King, Martin Luther, Jr.')).toBe('Martin Luther King, Jr.');
    expect(authorFromLastFirst('Plato')).toBe('Plato');
    expect(authorFromLastFirst('A, B, C')).toBe('A, B, C');
    expect(authorFromLastFirst(' , ')).toBe(',');
  });

  it('splits lists, keeping suffixes with their names', () => {
    expect(splitNames('Ursula K. Le Guin, Todd Barton')).toEqual(['Ursula K. Le Guin', 'Todd Barton']);
    expect(splitNames('Martin Luther King, Jr., Coretta Scott King')).toEqual(['Martin Luther King, Jr.', 'Coretta Scott King']);
    expect(splitNames('Terry Pratchett | Neil Gaiman', '|')).toEqual(['Terry Pratchett', 'Neil Gaiman']);
    expect(splitNames('')).toEqual([]);
  });

  it('keeps credits whose role is an author’s', () => {
    expect(authorOfCredit('Brandon Sanderson')).toBe('Brandon Sanderson');
    expect(authorOfCredit('Brandon Sanderson (Author)')).toBe('Brandon Sanderson');
    expect(authorOfCredit('Michael Kramer (Narrator)')).toBeNull();
    expect(authorOfCredit('Ken Liu (Translator)')).toBeNull();
    expect(authorOfCredit('Jim Kay (Illustrator)')).toBeNull();
  });
});

describe('decodeHtmlEntities', () => {
  it('decodes named and numeric references, and leaves unknown names alone', () => {
    expect(decodeHtmlEntities('Pride &amp; Prejudice')).toBe('Pride & Prejudice');
    expect(decodeHtmlEntities('Cien a&ntilde;os, &Eacute;mile, &#233;t&#xE9;')).toBe('Cien años, Émile, été');
    expect(decodeHtmlEntities('&rsquo;Tis &hellip; &bogus; & more')).toBe('’Tis … &bogus; & more');
  });
});
