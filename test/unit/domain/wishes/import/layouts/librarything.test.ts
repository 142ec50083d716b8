import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../../../../../src/domain/shared/domain-error.js';
import { parseWishImport } from '../../../../../../src/domain/wishes/import/parse-wish-import.js';
import { utf8 } from '../../../../../support/import-fixtures.js';
import { expectedCandidate as candidate } from '../expected-candidate.js';
import { fixtureBytes } from '../fixture-files.js';

describe('LibraryThing CSV export', () => {
  const result = parseWishImport(fixtureBytes('librarything/librarything_export.csv'));

  it('reads the Wishlist and To read collections with publication, media, language and page count', () => {
    expect(result.layout).toBe('librarything');
    expect(result.candidates).toEqual([
      candidate({
        line: 2,
        isbns: ['9781635575637'],
        title: 'Piranesi',
        authors: ['Susanna Clarke'],
        format: 'hardcover',
        languageCode: 'en',
        publisher: 'Bloomsbury Publishing',
        year: 2020,
        pages: 272,
      }),
      // The translator among the secondary authors is not an author; the year is the edition's, not "Date".
      candidate({
        line: 3,
        isbns: ['9780765382030'],
        title: 'The Three-Body Problem',
        authors: ['Cixin Liu'],
        format: 'paperback',
        languageCode: 'en',
        publisher: 'Tor Books',
        year: 2016,
        pages: 400,
      }),
      // "Gaiman, Neil|Pratchett, Terry": the co-author is added, the repeated primary author is not.
      candidate({
        line: 4,
        isbns: ['9780060853983'],
        title: 'Good Omens',
        authors: ['Terry Pratchett', 'Neil Gaiman'],
        format: 'paperback',
        languageCode: 'en',
        publisher: 'William Morrow',
        year: 2006,
        pages: 432,
      }),
      // "Broché" is French for paperback; without a page count, none is guessed.
      candidate({
        line: 5,
        isbns: ['9782070360024'],
        title: "L'Étranger",
        authors: ['Albert Camus'],
        format: 'paperback',
        languageCode: 'fr',
        publisher: 'Gallimard',
        year: 1972,
        pages: 186,
      }),
      candidate({
        line: 7,
        isbns: ['9780316229296'],
        title: 'The Fifth Season',
        authors: ['N. K. Jemisin'],
        format: 'ebook',
        languageCode: 'en',
        publisher: 'Orbit',
        year: 2015,
        pages: 512,
      }),
    ]);
  });

  it('skips the other collections and reports the row without ISBN or title', () => {
    expect(result.skipped).toBe(1);
    expect(result.invalid).toEqual([{ line: 8, message: 'no ISBN and no title ("[123]" is not an ISBN)' }]);
  });
});

describe('LibraryThing tab-separated export (Latin-1, bracketed dates)', () => {
  const result = parseWishImport(fixtureBytes('librarything/librarything_export.tsv'));

  it('reads the same columns as the CSV, with its accents intact', () => {
    expect(result.layout).toBe('librarything');
    expect(result.candidates).toEqual([
      candidate({
        line: 2,
        isbns: ['9782070408504'],
        title: 'Le Petit Prince',
        authors: ['Antoine de Saint-Exupéry'],
        format: 'paperback',
        languageCode: 'fr',
        publisher: 'Gallimard',
        year: 1999,
        pages: 93,
      }),
      candidate({
        line: 3,
        isbns: ['9783150000090'],
        title: 'Die Verwandlung',
        authors: ['Franz Kafka'],
        format: 'paperback',
        languageCode: 'de',
        publisher: 'Reclam',
        year: 2001,
        pages: 80,
      }),
    ]);
    expect(result.skipped).toBe(1);
    expect(result.invalid).toEqual([]);
  });
});

describe('LibraryThing older CSV export (quoted header names, HTML-escaped values)', () => {
  const result = parseWishImport(fixtureBytes('librarything/librarything_legacy.csv'));

  it('tells wishes by their tags when the file has no collections, and decodes the escaped text', () => {
    expect(result.layout).toBe('librarything-legacy');
    expect(result.candidates).toEqual([
      // The binding and length come from the publication details when there is no media column.
      candidate({
        line: 2,
        isbns: ['9780141439518'],
        title: 'Pride & Prejudice',
        authors: ['Jane Austen'],
        format: 'paperback',
        publisher: 'Penguin Classics',
        year: 2002,
        pages: 480,
      }),
      candidate({
        line: 3,
        isbns: ['9780802130303'],
        title: 'Ficciones',
        authors: ['Jorge Luis Borges'],
        format: 'paperback',
        publisher: 'Grove Press',
        year: 1994,
        pages: 174,
      }),
      candidate({
        line: 4,
        title: 'Cien años de soledad',
        authors: ['Gabriel García Márquez'],
        publisher: 'Editorial Sudamericana',
        year: 1967,
      }),
    ]);
    expect(result.skipped).toBe(1);
    expect(result.invalid).toEqual([{ line: 6, message: 'no ISBN and no title ("[123]" is not an ISBN)' }]);
  });

  it('uses the collections column when the file has one, whatever the tags say', () => {
    const header = `"'TITLE'","'AUTHOR (last, first)'","'ISBNs'","'TAGS'","'COLLECTIONS'"`;
    const result = parseWishImport(utf8(`${header}\n"Emma","Austen, Jane","[0141439580]","wishlist","Your library"\n"Persuasion","Austen, Jane","","","Wishlist"\n`));
    expect(result.candidates).toEqual([candidate({ line: 3, title: 'Persuasion', authors: ['Jane Austen'] })]);
    expect(result.skipped).toBe(1);
  });
});

describe('LibraryThing JSON export', () => {
  const result = parseWishImport(fixtureBytes('librarything/librarything_export.json'));

  it('numbers entries by their position in the file, not by book id', () => {
    expect(result.layout).toBe('librarything-json');
    expect(result.candidates.map((c) => [c.line, c.title])).toEqual([
      [1, 'Ninth House'],
      [3, 'The Trial'],
      [4, 'A Memory Called Empire'],
    ]);
  });

  it('reads every field an entry gives: ISBN-13 first, series, authors without translators, format, language', () => {
    expect(result.candidates).toEqual([
      candidate({
        line: 1,
        isbns: ['9781250313072'],
        title: 'Ninth House',
        series: { name: 'Alex Stern', position: '1' },
        authors: ['Leigh Bardugo'],
        format: 'hardcover',
        languageCode: 'en',
        publisher: 'Flatiron Books',
        year: 2019,
        pages: 480,
      }),
      candidate({
        line: 3,
        isbns: ['9780805209990'],
        title: 'The Trial',
        authors: ['Franz Kafka'],
        format: 'paperback',
        languageCode: 'en',
        publisher: 'Schocken',
        year: 1999,
        pages: 231,
      }),
      candidate({
        line: 4,
        isbns: ['9781250186447'],
        title: 'A Memory Called Empire',
        series: { name: 'Teixcalaan', position: '1' },
        authors: ['Arkady Martine'],
        format: 'ebook',
        languageCode: 'en',
        publisher: 'Tor Books',
        year: 2019,
      }),
    ]);
  });

  it('skips entries outside the wish collections and reports an entry with neither title nor ISBN', () => {
    expect(result.skipped).toBe(1);
    expect(result.invalid).toEqual([{ line: 5, message: 'no ISBN and no title ("123" is not an ISBN)' }]);
  });

  it('reads an array of entries, and reports entries that are no book or say nothing of collections', () => {
    const json = JSON.stringify([
      { title: 'Dune', primaryauthor: 'Herbert, Frank', collections: ['To read'], isbn: ['0441172717'] },
      { title: 'Hyperion', primaryauthor: 'Simmons, Dan' },
    ]);
    const parsed = parseWishImport(utf8(json));
    expect(parsed.candidates).toEqual([candidate({ line: 1, isbns: ['9780441172719'], title: 'Dune', authors: ['Frank Herbert'] })]);
    expect(parsed.invalid).toEqual([{ line: 2, message: 'the entry has no "collections"' }]);
  });

  it('rejects JSON that is broken or is not a LibraryThing export with the usual ValidationError', () => {
    expect(() => parseWishImport(utf8('{"210": {"title": "Ninth House",'))).toThrow(ValidationError);
    expect(() => parseWishImport(utf8('{"books": [{"name": "Dune"}]}'))).toThrow(ValidationError);
    expect(() => parseWishImport(utf8('[1, 2, 3]'))).toThrow(ValidationError);
  });
});
