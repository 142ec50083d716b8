import { describe, expect, it } from 'vitest';
import { detectLayout } from '../../../../../../src/domain/wishes/import/layouts.js';
import { parseWishImport } from '../../../../../../src/domain/wishes/import/parse-wish-import.js';
import { utf8 } from '../../../../../support/import-fixtures.js';
import { expectedCandidate as candidate } from '../expected-candidate.js';
import { fixtureBytes } from '../fixture-files.js';

// Issue 25: any CSV whose header names an ISBN-13 or EAN column is a plain CSV, whatever else it holds.
describe('a CSV with an ISBN-13 or EAN column', () => {
  it.each([
    [['ISBN13']],
    [['isbn_13']],
    [['Isbn-13']],
    [['ISBN 13']],
    [['EAN']],
    [['ean13']],
    [['EAN-13']],
    [['ean_isbn13', 'upc_isbn10']],
    [['ISBN/EAN']],
    [['id', 'title', 'author', 'ISBN13', 'rating', 'shelf']],
  ])('%j is read as a plain CSV', (header) => {
    expect(detectLayout(header).layout).toBe('plain');
  });

  it('keeps the specific exports first: Goodreads and BookWyrm have an ISBN-13 column too', () => {
    expect(detectLayout(['Book Id', 'Title', 'Author', 'ISBN', 'ISBN13', 'Exclusive Shelf']).layout).toBe('goodreads');
    expect(detectLayout(['title', 'author_text', 'remote_id', 'isbn_13', 'shelf']).layout).toBe('bookwyrm');
    expect(detectLayout(['Title', 'Author', 'Status', 'Hardcover Book ID', 'ISBN 13']).layout).toBe('hardcover');
  });

  it('still refuses a header that names no ISBN column (a column merely containing the letters is not one)', () => {
    expect(() => detectLayout(['title', 'author', 'isbn_note'])).toThrow(/no recognisable header/);
    expect(() => detectLayout(['title', 'author', 'bean count'])).toThrow(/no recognisable header/);
  });

  it("reads BookWyrm's generic layout: every row is a wish, title and author by their common names", () => {
    const result = parseWishImport(fixtureBytes('generic/bookwyrm-generic.csv'));
    expect(result.layout).toBe('plain');
    expect(result.candidates).toEqual([
      candidate({ line: 2, isbns: ['9780061054884'], title: 'The Dispossessed', authors: ['Ursula K. Le Guin'] }),
      candidate({ line: 3, isbns: ['9781635575637'], title: 'Piranesi', authors: ['Susanna Clarke'] }),
      candidate({ line: 4, title: 'A Book With No ISBN', authors: ['Jane Doe'] }),
    ]);
    expect(result.invalid).toEqual([
      { line: 5, message: 'no ISBN and no title' },
      { line: 6, message: 'no ISBN and no title ("12345" is not an ISBN)' },
    ]);
  });

  it("reads Libib's export: EAN/ISBN-13 first, the UPC/ISBN-10 column when it is the only one, authors under creators", () => {
    const result = parseWishImport(fixtureBytes('generic/libib.csv'));
    expect(result.layout).toBe('plain');
    expect(result.candidates).toEqual([
      candidate({ line: 2, isbns: ['9780141439549'], title: 'Middlemarch', authors: ['George Eliot'] }),
      candidate({ line: 3, isbns: ['9780441478125'], title: 'The Left Hand of Darkness', authors: ['Ursula K. Le Guin'] }),
    ]);
  });

  it('reads a semicolon-separated file with an EAN column, "Book Title" and "Authors"', () => {
    const result = parseWishImport(fixtureBytes('generic/ean-semicolon.csv'));
    expect(result.layout).toBe('plain');
    expect(result.candidates).toEqual([
      candidate({ line: 2, isbns: ['9780441172719'], title: 'Dune', authors: ['Frank Herbert'] }),
      candidate({ line: 3, isbns: ['9780141439587'], title: 'Emma', authors: ['Jane Austen'] }),
    ]);
  });

  it('reads a file that is nothing but an ISBN-13 column, and one naming its columns "Name" and "Writer"', () => {
    expect(parseWishImport(fixtureBytes('generic/isbn-13-only.csv')).candidates).toEqual([
      candidate({ line: 2, isbns: ['9780306406157'] }),
      candidate({ line: 4, isbns: ['9780141439587'] }),
    ]);
    expect(parseWishImport(fixtureBytes('generic/isbn-13-spaced.csv')).candidates).toEqual([
      candidate({ line: 2, isbns: ['9780547928227'], title: 'The Hobbit', authors: ['J.R.R. Tolkien'] }),
    ]);
  });

  it('prefers an "isbn" column and still reads max_price and currency', () => {
    const result = parseWishImport(utf8('EAN,isbn,title,max_price,currency\n9780441172719,9780141439587,Emma,12.50,EUR\n'));
    expect(result.candidates).toEqual([
      candidate({ line: 2, isbns: ['9780141439587', '9780441172719'], title: 'Emma', maxPrice: { amount: '12.50', currency: 'EUR' } }),
    ]);
  });
});
