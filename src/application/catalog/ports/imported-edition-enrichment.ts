import type { ServiceIdentifier } from 'inversify';
import type { GuessableEditionField } from '../../../domain/catalog/edition-draft.js';
import type { EditionFormat } from '../../../domain/catalog/edition-format.js';

/** An edition an import created, with what it may lack. */
export interface EditionToEnrich {
  editionId: number;
  isbn13: string;
  publisher: string | null;
  publishedYear: number | null;
  coverUrl: string | null;
  /** Which of format and language the import defaulted; `title` when its book has the ISBN for a title. */
  guessedFields: readonly GuessableEditionField[];
}

/** What a metadata source adds to one edition; null leaves the field as it is. */
export interface EditionEnrichment {
  editionId: number;
  publisher: string | null;
  publishedYear: number | null;
  coverUrl: string | null;
  /** Replaces a guessed format only. */
  format: EditionFormat | null;
  /** ISO 639-1; replaces a guessed language only (a code the catalog does not list is ignored). */
  languageCode: string | null;
  /** Names a book titled by its ISBN: its title, and its authors ("First Last") when it has none yet. */
  book: { title: string; authors: readonly string[]; authorOpenLibraryIds?: readonly (string | null)[] } | null;
}

/** The editions imports created that wait for a metadata source, and the filling in of their gaps. */
export interface ImportedEditionEnrichment {
  /** Up to `limit` editions not yet enriched, oldest first. */
  pending(limit: number): Promise<EditionToEnrich[]>;
  /** How many editions wait for enrichment (the backlog a progress line reports). */
  waitingCount(): Promise<number>;
  /**
   * Set-based: fills each field only where the edition still has none (format and language: only while still
   * guessed), so a value given meanwhile is never overwritten; marks every listed edition enriched at `at`, also
   * those the change fills nothing in. Authors a source names are matched to existing ones or created as the
   * catalog's own (not user-created).
   */
  apply(changes: readonly EditionEnrichment[], at: Date): Promise<void>;
}
export const ImportedEditionEnrichment = Symbol.for('ImportedEditionEnrichment') as ServiceIdentifier<ImportedEditionEnrichment>;
