/** Which export a file is: told from a CSV header, or from the structure of a JSON file. */
export type ImportLayout =
  | 'plain'
  | 'goodreads'
  | 'storygraph'
  | 'librarything'
  | 'librarything-legacy'
  | 'librarything-json'
  | 'openlibrary'
  | 'bookwyrm'
  | 'hardcover'
  | 'calibre'
  | 'openreads';

/** The layouts told from a CSV (or TSV) header; LibraryThing's JSON export is told from its structure. */
export type CsvLayout = Exclude<ImportLayout, 'librarything-json'>;
