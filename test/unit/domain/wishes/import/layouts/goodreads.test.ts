import { describe, expect, it } from 'vitest';
import { parseWishImport } from '../../../../../../src/domain/wishes/import/parse-wish-import.js';
import { expectedCandidate as candidate } from '../expected-candidate.js';
import { fixtureBytes } from '../fixture-files.js';

describe('Goodreads, current 24-column export', () => {
  const result = parseWishImport(fixtureBytes('goodreads/goodreads_library_export.csv'));

  it('reads every to-read row with all it says: series, additional authors, binding, publisher, year, pages', () => {
    expect(result.layout).toBe('goodreads');
    expect(result.candidates).toEqual([
      candidate({
        line: 2,
        isbns: ['9781250313072'],
        title: 'Ninth House',
        series: { name: 'Alex Stern', position: '1' },
        authors: ['Leigh Bardugo'],
        format: 'hardcover',
        publisher: 'Flatiron Books',
        year: 2019,
        pages: 459,
      }),
      // Of two series after a semicolon, the first is the book's; the edition's year wins over the original's.
      candidate({
        line: 3,
        isbns: ['9780062225672'],
        title: 'The Colour of Magic',
        series: { name: 'Discworld', position: '1' },
        authors: ['Terry Pratchett'],
        format: 'paperback',
        publisher: 'Harper',
        year: 2013,
        pages: 288,
      }),
      candidate({
        line: 4,
        title: 'Good Omens: The Nice and Accurate Prophecies of Agnes Nutter, Witch',
        authors: ['Terry Pratchett', 'Neil Gaiman'],
        format: 'ebook',
        publisher: 'William Morrow',
        year: 2006,
        pages: 413,
      }),
      // Line 5–6 is a read audiobook with a two-line review. No edition year: the work's original year (1954) is not
      // this edition's, so none.
      candidate({
        line: 7,
        isbns: ['9780618346257'],
        title: 'The Fellowship of the Ring',
        series: { name: 'The Lord of the Rings', position: '1' },
        authors: ['J.R.R. Tolkien'],
        format: 'hardcover',
        publisher: 'Houghton Mifflin Harcourt',
        year: null,
        pages: 432,
      }),
      // A parenthesis without a series number is part of the title.
      candidate({
        line: 8,
        isbns: ['9781451626650'],
        title: 'Catch-22 (50th Anniversary Edition)',
        authors: ['Joseph Heller'],
        format: 'paperback',
        publisher: 'Simon & Schuster',
        year: 2011,
        pages: 544,
      }),
      candidate({
        line: 9,
        isbns: ['9781598536058'],
        title: 'Always Coming Home',
        authors: ['Ursula K. Le Guin', 'Todd Barton', 'Margaret Chodos-Irvine'],
        format: 'hardcover',
        publisher: 'Library of America',
        year: 2019,
        pages: 800,
      }),
    ]);
  });

  it('skips read, currently-reading and custom exclusive shelves; reports the empty to-read row', () => {
    expect(result.skipped).toBe(3);
    expect(result.invalid).toEqual([{ line: 10, message: 'no ISBN and no title' }]);
  });
});

describe('Goodreads, older 31-column export (a real one)', () => {
  const result = parseWishImport(fixtureBytes('goodreads-31col.csv'));

  it('reads the same columns at their other positions', () => {
    expect(result.candidates.find((c) => c.line === 16)).toEqual(
      candidate({
        line: 16,
        isbns: ['9781250756602'],
        title: 'Drowned Country',
        series: { name: 'The Greenhollow Duology', position: '2' },
        authors: ['Emily Tesh'],
        format: 'paperback',
        publisher: 'Tor.com',
        year: 2020,
        pages: 176,
      }),
    );
    expect(result.candidates.find((c) => c.line === 71)?.authors).toEqual(['Jason Wang', 'Jessica Chou', 'Jenny Huang']);
  });
});

describe('Goodreads, the author column', () => {
  it('falls back to "Author l-f", turned round, when "Author" is empty', () => {
    const header = 'Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,Exclusive Shelf';
    const bytes = new TextEncoder().encode(`${header}\n1,Dune,,"Herbert, Frank",,,,to-read\n`);
    expect(parseWishImport(bytes).candidates[0]?.authors).toEqual(['Frank Herbert']);
  });
});
