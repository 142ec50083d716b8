import { describe, expect, it } from 'vitest';
import { parseWishImport } from '../../../../../../src/domain/wishes/import/parse-wish-import.js';
import { utf8 } from '../../../../../support/import-fixtures.js';
import { expectedCandidate as candidate } from '../expected-candidate.js';
import { fixtureBytes } from '../fixture-files.js';

describe('Open Library reading log', () => {
  const result = parseWishImport(fixtureBytes('openlibrary/OpenLibrary_ReadingLog.csv'));

  it('reads the Want to Read shelf: works without ISBNs, authors split on "|", the first publication year', () => {
    expect(result.layout).toBe('openlibrary');
    expect(result.candidates).toEqual([
      candidate({ line: 2, title: 'The Lord of the Rings', authors: ['J.R.R. Tolkien'], year: 1954 }),
      candidate({ line: 4, title: 'Good Omens', authors: ['Terry Pratchett', 'Neil Gaiman'], year: 1990 }),
    ]);
    expect(result.skipped).toBe(3);
    expect(result.invalid).toEqual([{ line: 7, message: 'no ISBN and no title' }]);
  });
});

describe('BookWyrm CSV export', () => {
  const result = parseWishImport(fixtureBytes('bookwyrm/bookwyrm-export.csv'));

  it('reads the to-read shelf with ISBN-13 first and the page count', () => {
    expect(result.layout).toBe('bookwyrm');
    expect(result.candidates).toEqual([
      candidate({ line: 2, isbns: ['9780061054884'], title: 'The Dispossessed', authors: ['Ursula K. Le Guin'], pages: 387 }),
      candidate({ line: 3, title: '我穿我自己', authors: ['琅俨'] }),
      candidate({
        line: 8,
        isbns: ['9780691162751'],
        title: 'The Mushroom at the End of the World: On the Possibility of Life in Capitalist Ruins',
        authors: ['Anna Lowenhaupt Tsing'],
        pages: 352,
      }),
    ]);
  });

  it('skips read, stopped-reading and custom shelves (a two-line review in between)', () => {
    expect(result.skipped).toBe(3);
    expect(result.invalid).toEqual([]);
  });
});

describe('Hardcover CSV export', () => {
  const result = parseWishImport(fixtureBytes('hardcover/hardcover_library.csv'));

  it('reads Want to Read: the first series and its position, authors but not narrators, binding, language', () => {
    expect(result.layout).toBe('hardcover');
    expect(result.candidates).toEqual([
      candidate({
        line: 2,
        title: 'Mistborn: The Final Empire',
        series: { name: 'The Mistborn Saga', position: '1' },
        authors: ['Brandon Sanderson'],
        format: 'audiobook',
        languageCode: 'en',
        publisher: 'Macmillan Audio',
        year: 2009,
      }),
      candidate({
        line: 3,
        isbns: ['9781250313072'],
        title: 'Ninth House',
        series: { name: 'Alex Stern', position: '1' },
        authors: ['Leigh Bardugo'],
        format: 'hardcover',
        languageCode: 'en',
        publisher: 'Flatiron Books',
        year: 2019,
        pages: 459,
      }),
      candidate({
        line: 5,
        isbns: ['9783596294336'],
        title: 'Der Zauberberg',
        authors: ['Thomas Mann'],
        format: 'paperback',
        languageCode: 'de',
        publisher: 'Fischer Taschenbuch',
        year: 1991,
        pages: 1008,
      }),
    ]);
  });

  it('skips the other statuses and reports the empty row after the two-line note', () => {
    expect(result.skipped).toBe(3);
    expect(result.invalid).toEqual([{ line: 9, message: 'no ISBN and no title' }]);
  });
});

describe('Calibre CSV catalogue', () => {
  const result = parseWishImport(fixtureBytes('calibre/calibre_catalog.csv'));

  it('reads the books tagged as wishes: series and index, " & " authors, file formats, language codes', () => {
    expect(result.layout).toBe('calibre');
    expect(result.candidates).toEqual([
      candidate({
        line: 2,
        isbns: ['9780756411800'],
        title: "That Ain't Witchcraft",
        series: { name: 'InCryptid', position: '8' },
        authors: ['Seanan McGuire'],
        format: 'ebook',
        languageCode: 'en',
        publisher: 'Daw Books',
        year: 2019,
      }),
      // The ISBN is only among the identifiers; "0101-01-01" is Calibre's "no date".
      candidate({
        line: 4,
        isbns: ['9780060853983'],
        title: 'Good Omens',
        authors: ['Terry Pratchett', 'Neil Gaiman'],
        languageCode: 'en',
        publisher: 'William Morrow',
      }),
      candidate({
        line: 5,
        title: 'Solaris',
        authors: ['Stanisław Lem'],
        format: 'audiobook',
        languageCode: 'pl',
        publisher: 'Audioteka',
        year: 2021,
      }),
      // The series column names the parenthesis, so it is a series suffix even without a number.
      candidate({
        line: 7,
        isbns: ['9780062225672'],
        title: 'The Colour of Magic',
        series: { name: 'Discworld', position: '1' },
        authors: ['Terry Pratchett'],
        languageCode: 'en',
        publisher: 'Harper',
        year: 2013,
      }),
    ]);
    expect(result.skipped).toBe(1);
    expect(result.invalid).toEqual([]);
  });

  it('finds no wish in a catalogue exported without its tags', () => {
    const result = parseWishImport(utf8('title,authors,author_sort,isbn\nDune,Frank Herbert,"Herbert, Frank",9780441172719\n'));
    expect(result).toEqual({ layout: 'calibre', candidates: [], invalid: [], skipped: 1 });
  });
});

describe('Openreads CSV export', () => {
  const result = parseWishImport(fixtureBytes('openreads/Openreads_export.csv'));

  it('reads the planned books, subtitle joined to the title, format, year and pages', () => {
    expect(result.layout).toBe('openreads');
    expect(result.candidates).toEqual([
      candidate({
        line: 2,
        isbns: ['9780441478125'],
        title: 'The Left Hand of Darkness',
        authors: ['Ursula K. Le Guin'],
        format: 'paperback',
        year: 1969,
        pages: 304,
      }),
      candidate({
        line: 4,
        isbns: ['9780062316097'],
        title: 'Sapiens: A Brief History of Humankind',
        authors: ['Yuval Noah Harari'],
        format: 'hardcover',
        year: 2015,
        pages: 443,
      }),
      candidate({ line: 7, title: 'The Martian', authors: ['Andy Weir'], format: 'audiobook', year: 2014 }),
    ]);
  });

  it('skips finished, in-progress, abandoned and deleted books', () => {
    expect(result.skipped).toBe(4);
    expect(result.invalid).toEqual([]);
  });
});
