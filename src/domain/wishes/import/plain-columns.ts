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
  title: ['title', 'booktitle', 'titel', 'titre', 'name'],
  author: ['author', 'authors', 'authorname', 'authornames', 'primaryauthor', 'creator', 'creators', 'writer', 'writers'],
  maxPrice: ['maxprice'],
  currency: ['currency'],
} as const;

/** Every name that makes a header a plain CSV's. */
export const PLAIN_ISBN_NAMES: readonly string[] = PLAIN_COLUMNS.isbn.flat();
