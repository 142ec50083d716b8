/**
 * The names a plain CSV's columns go by, compacted (`compactHeaderName`: lower case, letters and digits only, so
 * `ISBN-13`, `isbn_13`, `ISBN 13` and `Isbn13` are one name). A plain CSV is any file whose header names an ISBN
 * column, whichever tool wrote it (BookWyrm's generic layout, Libib, a spreadsheet); the other columns are read when
 * they go by one of their common names. Earlier names of a group win.
 */
export const PLAIN_COLUMNS = {
  /** The contract's own column first, then ISBN-13 / EAN (an EAN of a book is its ISBN-13), then ISBN-10. */
  isbn: [
    ['isbn'],
    ['isbn13', 'ean', 'ean13', 'eanisbn13', 'eanisbn', 'isbnean', 'isbn13ean', 'ean13isbn13'],
    ['isbn10', 'upcisbn10'],
  ],
  /**
   * Barcode columns: an ISBN there is an ISBN, any other GTIN (EAN-13, UPC-A, GTIN-14, GTIN-8 with a valid check
   * digit) the barcode of a product without one. Libib writes a comic's or a game's EAN in `ean_isbn13` and its UPC in
   * `upc_isbn10`, so those are barcode columns too.
   */
  barcode: [
    ['gtin', 'gtin13', 'gtin14', 'gtin12', 'gtin8'],
    ['ean', 'ean13', 'eanisbn13', 'eanisbn', 'isbnean', 'isbn13ean', 'ean13isbn13', 'ean8', 'eanupc', 'upcean'],
    ['upc', 'upca', 'upcisbn10', 'upc12'],
    ['barcode'],
  ],
  title: ['title', 'booktitle', 'titel', 'titre', 'name'],
  author: ['author', 'authors', 'authorname', 'authornames', 'primaryauthor', 'creator', 'creators', 'writer', 'writers'],
  maxPrice: ['maxprice'],
  currency: ['currency'],
} as const;

/** Every name that makes a header a plain CSV's: an ISBN or a barcode column. */
export const PLAIN_IDENTIFIER_NAMES: readonly string[] = [...PLAIN_COLUMNS.isbn.flat(), ...PLAIN_COLUMNS.barcode.flat()];
