import type { ServiceIdentifier } from 'inversify';

export interface TitleMatchCandidate {
  bookId: number;
  /** The book's author names and aliases as match keys (`matchKeyOf`). */
  authorKeys: string[];
}

/** Set-based lookups for imports: one query per kind, whatever the file's size. */
export interface ImportBookMatcher {
  /** ISBN-13 → book id, for the ISBNs that name an edition. */
  booksByIsbn(isbns: readonly string[]): Promise<Map<string, number>>;
  /** GTIN (canonical form, `Gtin.canonical`) → book id, for the GTINs that name an edition (a comic's UPC…). */
  booksByGtin(gtins: readonly string[]): Promise<Map<string, number>>;
  /** Title key (`matchKeyOf`: folded past case, accents and punctuation) → books with exactly that key. */
  booksByTitle(titleKeys: readonly string[]): Promise<Map<string, TitleMatchCandidate[]>>;
}
export const ImportBookMatcher = Symbol.for('ImportBookMatcher') as ServiceIdentifier<ImportBookMatcher>;
