import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../../../../src/domain/shared/domain-error.js';
import { parseWishImport, type ImportCandidate } from '../../../../../src/domain/wishes/import/parse-wish-import.js';
import { utf8 } from '../../../../support/import-fixtures.js';
import { fixtureBytes } from './fixture-files.js';

const candidate = (line: number, isbns: string[], title: string | null, author: string | null, maxPrice: ImportCandidate['maxPrice'] = null) => ({
  line,
  isbns,
  title,
  author,
  maxPrice,
});

/** The fields every layout has; what each export adds is asserted in the per-layout tests. */
const brief = ({ line, isbns, title, author, maxPrice }: ImportCandidate) => ({ line, isbns, title, author, maxPrice });

function rejection(bytes: Uint8Array): ValidationError {
  try {
    parseWishImport(bytes);
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return error as ValidationError;
  }
  throw new Error('expected the file to be rejected');
}

describe('parseWishImport: the real Goodreads 31-column export', () => {
  const result = parseWishImport(fixtureBytes('goodreads-31col.csv'));

  it('is a Goodreads file whose to-read shelf becomes candidates, series suffixes split off their titles', () => {
    expect(result.layout).toBe('goodreads');
    expect(result.candidates.map(brief)).toEqual([
      candidate(3, ['9780141185910'], 'Go Tell It on the Mountain', 'James Baldwin'),
      candidate(16, ['9781250756602'], 'Drowned Country', 'Emily Tesh'),
      candidate(17, [], 'Queer Phenomenology: Orientations, Objects, Others', 'Sara Ahmed'),
      candidate(21, [], 'Sorrowland', 'Rivers Solomon'),
      candidate(28, ['9780099449232'], 'Berlin Blues', 'Sven Regener'),
      candidate(71, ['9781419747526'], "Xi'an Famous Foods: Western Chinese Cooking from New York’s Favorite Noodle Shop", 'Jason Wang'),
      candidate(91, [], 'A Desolation Called Peace', 'Arkady Martine'),
      candidate(99, [], 'The Witness for the Dead', 'Katherine Addison'),
    ]);
  });

  it('counts the read and currently-reading rows as skipped, and finds nothing invalid', () => {
    expect(result.skipped).toBe(347 + 3);
    expect(result.invalid).toEqual([]);
  });
});

describe('parseWishImport: Goodreads 24-column export', () => {
  const result = parseWishImport(fixtureBytes('goodreads-24col.csv'));

  it('reads the to-read rows, ISBN13 first, with =""-empty ISBNs as no ISBN', () => {
    expect(result.layout).toBe('goodreads');
    expect(result.candidates.map(brief)).toEqual([
      candidate(2, ['9780441172719'], 'Dune', 'Frank Herbert'),
      candidate(4, [], 'Sorrowland', 'Rivers Solomon'),
      // The review spans lines 6–7; the inner double space of the author is collapsed.
      candidate(6, ['9780765326355'], 'The Way of Kings', 'Brandon Sanderson'),
      // Only the ISBN-10 column is filled: converted to ISBN-13.
      candidate(8, ['9780345497512'], 'The City & the City', 'China Miéville'),
      // A wrong check digit with a title: still a candidate, to be matched by title.
      candidate(11, [], 'A Book With A Typo In Its ISBN', 'Some Author'),
    ]);
  });

  it('skips read, currently-reading and custom exclusive shelves, and reports the empty row', () => {
    expect(result.skipped).toBe(3);
    expect(result.invalid).toEqual([{ line: 10, message: 'no ISBN and no title' }]);
  });
});

describe('parseWishImport: StoryGraph export', () => {
  const result = parseWishImport(fixtureBytes('storygraph.csv'));

  it('reads the to-read rows; a UID instead of an ISBN leaves the title to match by', () => {
    expect(result.layout).toBe('storygraph');
    expect(result.candidates.map(brief)).toEqual([
      candidate(2, ['9780316246620'], 'Ancillary Justice', 'Ann Leckie'),
      candidate(4, ['9780765326355'], 'The Way of Kings', 'Brandon Sanderson'),
      candidate(6, [], 'An Obscure Zine', 'Someone Else'),
      candidate(8, ['9780060853983'], 'Good Omens', 'Terry Pratchett'),
    ]);
  });

  it('skips read, currently-reading, did-not-finish and paused; reports the row with neither ISBN nor title', () => {
    expect(result.skipped).toBe(4);
    expect(result.invalid).toEqual([{ line: 10, message: 'no ISBN and no title ("not-an-isbn" is not an ISBN)' }]);
  });
});

describe('parseWishImport: LibraryThing export', () => {
  const result = parseWishImport(fixtureBytes('librarything.csv'));

  it('reads the Wishlist and To read collections, bracketed ISBN lists split and deduplicated', () => {
    expect(result.layout).toBe('librarything');
    expect(result.candidates.map(brief)).toEqual([
      candidate(2, ['9780141185910'], 'Go Tell It on the Mountain', 'James Baldwin'),
      candidate(4, ['9780441172719'], 'Dune', 'Frank Herbert'),
      candidate(6, [], 'The Dispossessed', 'Ursula K. Le Guin'),
      candidate(9, ['9780765326355', '9780765376671'], 'The Way of Kings', 'Brandon Sanderson'),
    ]);
  });

  it('skips the other collections and reports the row without ISBN or title', () => {
    expect(result.skipped).toBe(3);
    // The same bad text in ISBN and ISBNs is mentioned once.
    expect(result.invalid).toEqual([{ line: 8, message: 'no ISBN and no title ("[123]" is not an ISBN)' }]);
  });
});

describe('parseWishImport: plain CSV', () => {
  const result = parseWishImport(fixtureBytes('plain.csv'));

  it('makes every usable row a candidate, with its max price normalised', () => {
    expect(result.layout).toBe('plain');
    expect(result.candidates.map(brief)).toEqual([
      candidate(2, ['9780441172719'], 'Dune', 'Frank Herbert', { amount: '12.50', currency: 'EUR' }),
      candidate(3, ['9780345497512'], 'The City & the City', 'China Miéville'),
      candidate(4, [], 'Sorrowland', 'Rivers Solomon', { amount: '9.99', currency: 'USD' }),
      candidate(5, [], "A Typo'd ISBN", 'Someone'),
      candidate(10, ['9780143127741'], 'A Japanese Edition', null, { amount: '1500', currency: 'JPY' }),
      // A row of one cell: the columns it lacks are empty.
      candidate(13, ['9780062315007'], null, null),
    ]);
  });

  it('reports rows without ISBN and title, and bad prices, per line; ignores blank rows', () => {
    expect(result.skipped).toBe(0);
    expect(result.invalid).toEqual([
      { line: 6, message: 'no ISBN and no title' },
      { line: 7, message: expect.stringMatching(/^max_price "12,99" EUR: must be a non-negative decimal/) },
      { line: 8, message: 'max_price "20" has no currency' },
      { line: 9, message: 'max_price "15" XXX: must be an ISO 4217 code' },
    ]);
  });

  it('reads a semicolon-separated file, and one with Excel’s sep= line, keeping physical line numbers', () => {
    const semicolons = parseWishImport(utf8('isbn;title;max_price;currency\n9780441172719;Dune;12,99;EUR\n;Sorrowland;9.5;EUR\n'));
    expect(semicolons.candidates.map(brief)).toEqual([candidate(3, [], 'Sorrowland', null, { amount: '9.50', currency: 'EUR' })]);
    expect(semicolons.invalid).toEqual([{ line: 2, message: expect.stringContaining('max_price "12,99"') }]);

    const hinted = parseWishImport(utf8('sep=;\r\nisbn;title\r\n9780441172719;Dune\r\n'));
    expect(hinted.candidates.map(brief)).toEqual([candidate(3, ['9780441172719'], 'Dune', null)]);
  });

  it('accepts several ISBNs in one cell, best first, without repeats', () => {
    const result = parseWishImport(utf8('isbn,title\n"0441172717; 9780441172719, 978-0-553-28368-6",Dune\n'));
    expect(result.candidates[0]?.isbns).toEqual(['9780441172719', '9780553283686']);
  });

  it('restores the leading zero a spreadsheet dropped from an ISBN-10, guarded by the check digit', () => {
    const result = parseWishImport(utf8('isbn,title\n441172717,Dune\n441172718,Not Dune\n'));
    expect(result.candidates.map((c) => c.isbns)).toEqual([['9780441172719'], []]);
  });

  it('ignores a currency without an amount', () => {
    const result = parseWishImport(utf8('isbn,max_price,currency\n9780441172719,,EUR\n'));
    expect(result.candidates.map(brief)).toEqual([candidate(2, ['9780441172719'], null, null)]);
  });
});

describe('parseWishImport: encodings and line structure', () => {
  it('reads a Windows-1252 file (Excel on Windows) with its accents, curly quotes and euro sign', () => {
    const result = parseWishImport(fixtureBytes('plain-windows-1252.csv'));
    expect(result.layout).toBe('plain');
    expect(result.candidates.map(brief)).toEqual([
      candidate(2, ['9780345497512'], 'The City & the City', 'China Miéville'),
      candidate(3, [], 'Les Misérables', 'Victor Hugo'),
      candidate(4, ['9780141185910'], '“Go Tell It” — on the Mountain', 'James Baldwin'),
      candidate(5, [], 'Prix : 9 €', 'Éditions Gallimard'),
    ]);
  });

  it('reads a file with a BOM, CRLF, quoted newlines, a blank line and no final newline', () => {
    const result = parseWishImport(fixtureBytes('goodreads-bom-crlf.csv'));
    expect(result.layout).toBe('goodreads');
    expect(result.candidates.map(brief)).toEqual([
      candidate(2, ['9780441478125'], 'The Left Hand of Darkness', 'Ursula K. Le Guin'),
      candidate(8, ['9780441172719'], 'Dune', 'Frank Herbert'),
    ]);
    expect(result.skipped).toBe(1);
    expect(result.invalid).toEqual([]);
  });

  it('reads a UTF-16 file (Excel "Unicode text") by its BOM', () => {
    const text = 'isbn,title\r\n9780141185910,Go Tell It — Baldwin\r\n';
    const units = [0xfeff, ...Array.from(text, (char) => char.charCodeAt(0))];
    const bytes = new Uint8Array(units.flatMap((unit) => [unit & 0xff, unit >> 8]));
    expect(parseWishImport(bytes).candidates.map(brief)).toEqual([candidate(2, ['9780141185910'], 'Go Tell It — Baldwin', null)]);
  });

  it('tolerates rows with too many or too few cells when the needed columns are there', () => {
    const header = 'Title,Authors,Contributors,ISBN/UID,Format,Read Status,Date Added';
    const result = parseWishImport(
      utf8(`${header}\nDune,Frank Herbert,,9780441172719,paperback,to-read,2024/01/01,extra,cells\nHyperion,Dan Simmons,,9780553283686,paperback,to-read\nShort,Someone\n`),
    );
    expect(result.candidates.map(brief)).toEqual([
      candidate(2, ['9780441172719'], 'Dune', 'Frank Herbert'),
      candidate(3, ['9780553283686'], 'Hyperion', 'Dan Simmons'),
    ]);
    // Too short to say whether the row is wanted: reported, not guessed.
    expect(result.invalid).toEqual([{ line: 4, message: 'the row ends before the "Read Status" column' }]);
  });
});

describe('parseWishImport: formula-like cells', () => {
  const result = parseWishImport(fixtureBytes('plain-formula.csv'));

  it('stores formula-like titles and authors as the plain text they are', () => {
    expect(result.candidates.map(brief)).toEqual([
      candidate(2, [], "=cmd|' /C calc'!A0", 'Mallory'),
      candidate(3, ['9780441172719'], 'Dune', 'Frank Herbert'),
      candidate(4, [], '+SUM(1;2)', '@attacker'),
      candidate(5, [], '-2+3', null),
      // ="..." is only unwrapped in ISBN cells; in a title it is text like any other.
      candidate(7, [], '="Dune"', null),
    ]);
  });

  it('does not take a formula in the ISBN column for an ISBN', () => {
    expect(result.invalid).toEqual([
      { line: 6, message: 'no ISBN and no title ("=HYPERLINK("http://evil.example","click…" is not an ISBN)' },
    ]);
  });
});

describe('parseWishImport: files that are not an import', () => {
  it('rejects an empty file', () => {
    expect(rejection(new Uint8Array()).details?.[0]?.field).toBe('file');
    expect(rejection(utf8('\uFEFF\r\n\r\n')).message).toContain('empty');
  });

  it('rejects a header it does not know, or a file whose first line is data', () => {
    expect(rejection(utf8('title,author\nDune,Frank Herbert\n')).details).toEqual([{ field: 'file', message: expect.any(String) }]);
    expect(() => parseWishImport(utf8('9780441172719,Dune\n'))).toThrow(ValidationError);
  });

  it('rejects binary content (an .xlsx is a zip) without crashing', () => {
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0x08, 0x00, 0xff, 0xfe, 0x00, 0x80]);
    expect(() => parseWishImport(zip)).toThrow(ValidationError);
  });

  it('answers no candidates for a header-only file', () => {
    expect(parseWishImport(utf8('isbn,title\r\n'))).toEqual({ layout: 'plain', candidates: [], invalid: [], skipped: 0 });
  });
});
