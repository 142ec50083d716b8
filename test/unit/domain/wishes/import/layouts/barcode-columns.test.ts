import { describe, expect, it } from 'vitest';
import { readIdentifiers } from '../../../../../../src/domain/wishes/import/isbn-cells.js';
import { detectLayout } from '../../../../../../src/domain/wishes/import/layouts.js';
import { parseWishImport } from '../../../../../../src/domain/wishes/import/parse-wish-import.js';
import { utf8 } from '../../../../../support/import-fixtures.js';
import { expectedCandidate as candidate } from '../expected-candidate.js';
import { fixtureBytes } from '../fixture-files.js';

// Issue 26 §9: a product without an ISBN (a comic, an audio CD, a board game) keeps its barcode as the edition's GTIN.
describe('barcode columns (EAN, UPC, GTIN)', () => {
  it.each([[['UPC']], [['gtin']], [['GTIN-14']], [['Barcode', 'Title']], [['title', 'upc_a']]])('%j is read as a plain CSV', (header) => {
    expect(detectLayout(header).layout).toBe('plain');
  });

  it("reads Libib's barcodes: a UPC or a non-ISBN EAN is the row's GTIN, a 978 EAN stays an ISBN, a bad check digit is no GTIN", () => {
    const result = parseWishImport(fixtureBytes('generic/libib-barcodes.csv'));
    expect(result.layout).toBe('plain');
    expect(result.candidates).toEqual([
      // A UPC is stored as its EAN-13 (the same GTIN-14).
      candidate({ line: 2, gtin: '0036000291452', title: 'Watchmen #1', authors: ['Alan Moore'] }),
      candidate({ line: 3, gtin: '4006381333931', title: 'Catan' }),
      candidate({ line: 4, isbns: ['9780141439549'], title: 'Middlemarch', authors: ['George Eliot'] }),
      // A GTIN-8 alone is enough to create and track the product.
      candidate({ line: 5, gtin: '0000096385074' }),
      // A bad barcode beside a title leaves the title to match by, as a bad ISBN does.
      candidate({ line: 7, title: 'Kind of Blue', authors: ['Miles Davis'] }),
    ]);
    expect(result.invalid).toEqual([{ line: 6, message: 'no ISBN and no title ("5012345678901" is not an ISBN or GTIN)' }]);
  });

  it('reads "gtin", "ean", "upc" and "barcode" columns, best first; an ISBN column still comes first', () => {
    const result = parseWishImport(
      utf8('isbn,gtin,ean,upc,barcode,title\n9780306406157,,,036000291452,,Paperback\n,10012345678902,4006381333931,,,Case\n,,,,0-36000-29145-2,\n'),
    );
    expect(result.candidates).toEqual([
      // A US paperback: its ISBN and its cover's UPC, one edition.
      candidate({ line: 2, isbns: ['9780306406157'], gtin: '0036000291452', title: 'Paperback' }),
      // A GTIN-14 (a case of products) keeps its 14 digits.
      candidate({ line: 3, gtin: '10012345678902', title: 'Case' }),
      candidate({ line: 4, gtin: '0036000291452' }),
    ]);
  });

  it('a Bookland EAN (978/979) in a barcode column, even as a GTIN-14, is the ISBN', () => {
    const result = parseWishImport(utf8('upc,gtin,title\n,09780306406157,A\n9780141439549,,B\n'));
    expect(result.candidates).toEqual([
      candidate({ line: 2, isbns: ['9780306406157'], title: 'A' }),
      candidate({ line: 3, isbns: ['9780141439549'], title: 'B' }),
    ]);
  });

  it('an "isbn" column does not take a barcode: a UPC there is reported as no ISBN', () => {
    expect(parseWishImport(utf8('isbn,title\n036000291452,\n')).invalid).toEqual([
      { line: 2, message: 'no ISBN and no title ("036000291452" is not an ISBN)' },
    ]);
  });

  it("reads LibraryThing JSON's ean and upc lists, and LibraryThing CSV's EAN and UPC columns when the export has them", () => {
    const json = JSON.stringify({
      1: { title: 'Watchmen', primaryauthor: 'Moore, Alan', collections: ['Wishlist'], upc: ['036000291452'] },
      2: { title: 'Catan', collections: ['Wishlist'], ean: ['4006381333931'], isbn: [] },
      3: { title: 'Dune', collections: ['Wishlist'], isbn: { 2: '9780441172719' }, ean: ['9780441172719'] },
    });
    expect(parseWishImport(utf8(json)).candidates.map((c) => [c.isbns, c.gtin])).toEqual([
      [[], '0036000291452'],
      [[], '4006381333931'],
      [['9780441172719'], null],
    ]);
    const csv = 'Title,Primary Author,Collections,ISBN,ISBNs,EAN,UPC,Barcode\n' +
      'Watchmen,"Moore, Alan",Wishlist,,,,036000291452,\n' +
      // "Barcode" is the library's own copy number: never taken for a product's.
      'Copy,,Wishlist,,,,,4006381333931\n';
    const parsed = parseWishImport(utf8(csv));
    expect(parsed.layout).toBe('librarything');
    expect(parsed.candidates.map((c) => [c.title, c.gtin])).toEqual([['Watchmen', '0036000291452'], ['Copy', null]]);
  });

  it("reads Calibre's ean, upc and gtin identifiers", () => {
    const csv = 'title,authors,author_sort,tags,identifiers\n' +
      'Saga #1,Brian K. Vaughan,"Vaughan, Brian K.",to-read,"goodreads:1,upc:036000291452"\n' +
      'Dune,Frank Herbert,"Herbert, Frank",to-read,"isbn:9780441172719,ean:4006381333931"\n';
    const parsed = parseWishImport(utf8(csv));
    expect(parsed.layout).toBe('calibre');
    expect(parsed.candidates.map((c) => [c.isbns, c.gtin])).toEqual([
      [[], '0036000291452'],
      [['9780441172719'], '4006381333931'],
    ]);
  });
});

describe('readIdentifiers', () => {
  it('reads ISBNs from ISBN cells only, and ISBNs or GTINs from barcode cells, without repeats', () => {
    expect(readIdentifiers(['036000291452', '9780306406157'], ['[036000291452, 0036000291452]', '978-0-306-40615-7', '96385074'])).toEqual({
      isbns: ['9780306406157'],
      gtins: ['0036000291452', '0000096385074'],
      // An ISBN column's UPC is no ISBN (listed for the report, which names it only when the row has nothing else).
      rejected: ['036000291452'],
      barcodeRejected: false,
    });
    // The same text an ISBN column rejects and a barcode column reads (Libib's ean_isbn13) is not reported.
    expect(readIdentifiers(['4006381333931'], ['4006381333931'])).toEqual({ isbns: [], gtins: ['4006381333931'], rejected: [], barcodeRejected: false });
  });

  it('reports a cell every column rejects once, saying whether a barcode column rejected it', () => {
    expect(readIdentifiers(['0036000291453'], ['0036000291453'])).toEqual({
      isbns: [],
      gtins: [],
      rejected: ['0036000291453'],
      barcodeRejected: true,
    });
    expect(readIdentifiers(['uid-1'], [])).toMatchObject({ rejected: ['uid-1'], barcodeRejected: false });
  });

  it('never takes an all-zero or a short store number for a GTIN', () => {
    expect(readIdentifiers([], ['0000000000000', '00000000000000', '12345', 'SKU-1'])).toMatchObject({ isbns: [], gtins: [] });
  });
});
