import type { ServiceIdentifier } from 'inversify';
import type { LoadedAuthor } from '../../../domain/catalog/loaded-author.js';

export interface StoredAuthors {
  inserted: number;
  updated: number;
}

/** Where pre-loaded authors are kept (the catalog's author table) and how far a load of a dump got. */
export interface LoadedAuthorStore {
  /** Lines of the dump an earlier load stored before it was interrupted; 0 when none (or it finished). */
  resumeAfter(dumpKey: string): Promise<number>;
  /**
   * Inserts the authors whose Open Library id is new (not user-created) and updates those whose stored revision is
   * older; the others are left as they are. An id given twice counts once, its newest revision.
   */
  upsert(authors: readonly LoadedAuthor[]): Promise<StoredAuthors>;
  /** Records that the dump is stored through `line` (`finished`: all of it, so a later load starts at the top). */
  markProgress(dumpKey: string, line: number, finished: boolean): Promise<void>;
}
export const LoadedAuthorStore = Symbol.for('LoadedAuthorStore') as ServiceIdentifier<LoadedAuthorStore>;
