import type { LoadedAuthorStore, StoredAuthors } from '../../../src/application/catalog/ports/loaded-author-store.js';
import type { LoadedAuthor } from '../../../src/domain/catalog/loaded-author.js';
import type { TransactionalFake } from './fake-unit-of-work.js';

/** Loaded authors by Open Library id, and how far each dump got; `failOnUpsert` makes the n-th upsert throw. */
export class InMemoryLoadedAuthorStore implements LoadedAuthorStore, TransactionalFake {
  authors = new Map<string, LoadedAuthor>();
  loads = new Map<string, { line: number; finished: boolean }>();
  upserts = 0;
  failOnUpsert: number | null = null;

  snapshot(): () => void {
    const authors = new Map(this.authors);
    const loads = new Map(this.loads);
    return () => {
      this.authors = authors;
      this.loads = loads;
    };
  }

  async resumeAfter(dumpKey: string): Promise<number> {
    const load = this.loads.get(dumpKey);
    return load && !load.finished ? load.line : 0;
  }

  async upsert(authors: readonly LoadedAuthor[]): Promise<StoredAuthors> {
    this.upserts += 1;
    if (this.failOnUpsert === this.upserts) throw new Error('the database went away');
    const counts = { inserted: 0, updated: 0 };
    const newest = new Map<string, LoadedAuthor>();
    for (const author of authors) {
      const seen = newest.get(author.openLibraryId);
      if (!seen || seen.revision < author.revision) newest.set(author.openLibraryId, author);
    }
    for (const author of newest.values()) {
      const stored = this.authors.get(author.openLibraryId);
      if (!stored) counts.inserted += 1;
      else if (stored.revision < author.revision) counts.updated += 1;
      else continue;
      this.authors.set(author.openLibraryId, author);
    }
    return counts;
  }

  async markProgress(dumpKey: string, line: number, finished: boolean): Promise<void> {
    this.loads.set(dumpKey, { line, finished });
  }
}
