import type { ImportFormat } from './import-format.js';
import type { ImportSeries } from './title-series.js';

/** A wanted row worth matching against the catalogue, with everything its export says about the book. */
export interface ImportCandidate {
  line: number;
  /** Valid ISBN-13s (ISBN-10 converted), best first. */
  isbns: string[];
  /**
   * The GTIN of a product without an ISBN (canonical form, `Gtin.canonical`), from the export's barcode column; beside
   * an ISBN it is the same edition's other barcode (a US paperback's UPC). Null when the row has none.
   */
  gtin: string | null;
  /** The book's title without a series suffix: "Ninth House (Alex Stern, #1)" → "Ninth House". */
  title: string | null;
  /** The title as the file wrote it (series suffix included): what the report echoes, and one more form to match. */
  fileTitle: string | null;
  /** ("Alex Stern", "1"), from the title's suffix or the export's own series column. */
  series: ImportSeries | null;
  /** The primary author, "First Last" (the first of `authors`). */
  author: string | null;
  /** Primary first, then additional authors, "First Last", no duplicates. */
  authors: string[];
  /** From the export's binding, format or media column; unknown → null. */
  format: ImportFormat | null;
  /** ISO 639-1 ("en") when the export names a language, else null. */
  languageCode: string | null;
  publisher: string | null;
  /** The edition's publication year when the export gives it, else the work's first. */
  year: number | null;
  pages: number | null;
  maxPrice: { amount: string; currency: string } | null;
}
