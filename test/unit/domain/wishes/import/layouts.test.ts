import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../../../../src/domain/shared/domain-error.js';
import { ColumnIndex, detectLayout, normaliseHeaderName } from '../../../../../src/domain/wishes/import/layouts.js';
import { GOODREADS_24_HEADER, GOODREADS_31_HEADER } from '../../../../support/import-fixtures.js';

const STORYGRAPH_HEADER =
  'Title,Authors,Contributors,ISBN/UID,Format,Read Status,Date Added,Last Date Read,Dates Read,Read Count,Moods,Pace,' +
  'Character- or Plot-Driven?,Strong Character Development?,Loveable Characters?,Diverse Characters?,Flawed Characters?,' +
  'Star Rating,Review,Content Warnings,Content Warning Description,Tags,Owned?';
const LIBRARYTHING_HEADER =
  'Book Id,Title,Sort Character,Primary Author,Primary Author Role,Secondary Author,Secondary Author Roles,Publication,' +
  'Date,Review,Rating,Comment,Private Comment,Summary,Media,Tags,Collections,Languages,ISBN,ISBNs,Entry Date';

function detectionError(header: string[]): ValidationError {
  try {
    detectLayout(header);
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return error as ValidationError;
  }
  throw new Error('expected the header to be rejected');
}

describe('detectLayout', () => {
  it('recognises both Goodreads layouts', () => {
    expect(detectLayout([...GOODREADS_24_HEADER]).layout).toBe('goodreads');
    expect(detectLayout([...GOODREADS_31_HEADER]).layout).toBe('goodreads');
  });

  it('recognises StoryGraph and LibraryThing', () => {
    expect(detectLayout(STORYGRAPH_HEADER.split(',')).layout).toBe('storygraph');
    expect(detectLayout(LIBRARYTHING_HEADER.split(',')).layout).toBe('librarything');
  });

  it.each([
    ['hardcover', ['Title', 'Author', 'Series', 'Status', 'Privacy', 'Hardcover Book ID', 'ISBN 10', 'ISBN 13', 'Binding']],
    ['openlibrary', ['Work ID', 'Title', 'Authors', 'First Publish Year', 'Edition ID', 'Bookshelf']],
    // The older reading log had no title: still Open Library's, its rows are then reported as unmatchable.
    ['openlibrary', ['Work Id', 'Edition Id', 'Bookshelf']],
    ['bookwyrm', ['title', 'author_text', 'remote_id', 'isbn_10', 'isbn_13', 'shelf', 'shelf_name']],
    ['openreads', ['title', 'subtitle', 'author', 'status', 'isbn', 'olid', 'book_format']],
    ['calibre', ['authors', 'author_sort', 'isbn', 'tags', 'title', 'uuid']],
    ['librarything-legacy', ["'TITLE'", "'AUTHOR (first, last)'", "'AUTHOR (last, first)'", "'DATE'", "'ISBNs'"]],
  ])('recognises %s by the columns it cannot do without', (layout, header) => {
    expect(detectLayout(header).layout).toBe(layout);
  });

  it('takes a header with an isbn column but none of an export\'s telling columns for a plain CSV', () => {
    // Calibre's "isbn" without its own columns, BookWyrm's without remote_id: nothing says which export it is.
    expect(detectLayout(['title', 'authors', 'isbn']).layout).toBe('plain');
    expect(detectLayout(['title', 'author_text', 'isbn', 'shelf']).layout).toBe('plain');
  });

  it('recognises a plain CSV by its isbn column, with or without the optional ones', () => {
    expect(detectLayout(['isbn']).layout).toBe('plain');
    expect(detectLayout(['title', 'author', 'isbn', 'max_price', 'currency']).layout).toBe('plain');
    expect(detectLayout(['ISBN', 'Notes']).layout).toBe('plain');
  });

  it('ignores case, surrounding spaces and BOM leftovers in header names', () => {
    expect(detectLayout(['\uFEFFISBN ', ' Title']).layout).toBe('plain');
    expect(detectLayout(['ï»¿Book Id', ...GOODREADS_24_HEADER.slice(1).map((name) => ` ${name.toUpperCase()} `)]).layout).toBe(
      'goodreads',
    );
  });

  it('does not take a partial export header for its layout', () => {
    // A StoryGraph header without its ISBN/UID column has nothing to match by.
    expect(() => detectLayout(['Title', 'Authors', 'Read Status'])).toThrow(ValidationError);
  });

  it('rejects a header it does not know with a ValidationError on the file field', () => {
    const error = detectionError(['title', 'author']);
    expect(error.code).toBe('validation_failed');
    expect(error.details).toEqual([{ field: 'file', message: expect.stringContaining('isbn') }]);
  });
});

describe('ColumnIndex', () => {
  it('answers the cell of the first matching column, undefined past the end of a short row', () => {
    const columns = new ColumnIndex(['ISBN', 'Title', 'Max Price', 'isbn']);
    expect(columns.cell(['1', 'T', '9'], 'isbn')).toBe('1');
    expect(columns.cell(['1', 'T', '9'], 'max_price', 'max price')).toBe('9');
    expect(columns.cell(['1'], 'title')).toBeUndefined();
    expect(columns.cell(['1', 'T'], 'author')).toBeUndefined();
  });

  it('normalises names the same way as detection', () => {
    expect(normaliseHeaderName('\uFEFF  Exclusive   Shelf ')).toBe('exclusive shelf');
    expect(normaliseHeaderName(" 'AUTHOR (first, last)' ")).toBe('author (first, last)');
    expect(normaliseHeaderName("Reader's notes")).toBe("reader's notes");
  });
});
