import { inject, injectable } from 'inversify';
import type { LoadedAuthor } from '../../domain/catalog/loaded-author.js';
import { Clock } from '../shared/clock.js';
import { UnitOfWork } from '../shared/unit-of-work.js';
import type { AuthorDump } from './ports/author-dump.js';
import { LoadedAuthorStore } from './ports/loaded-author-store.js';

/** Authors stored per transaction: large enough that a statement's overhead vanishes, small enough to stay light. */
export const LOAD_BATCH = 5_000;
/**
 * Batches being stored at once: the database's work per author (its indexes, the trigram one above all) is most of a
 * load, and a second writer keeps the second core busy while the first waits on its own.
 */
export const LOAD_WRITERS = 2;
/** Bad lines named in the summary (all are counted). */
export const BAD_LINES_SHOWN = 20;

export interface AuthorLoadProgress {
  /** The last line stored (lines an earlier load stored included). */
  line: number;
  bytesRead: number;
  size: number;
  inserted: number;
  updated: number;
  unchanged: number;
  /** Records of another type than author. */
  other: number;
  bad: number;
}

export interface AuthorLoadSummary extends AuthorLoadProgress {
  /** The line an earlier, interrupted load had stored through (0: started at the top). */
  resumedAfter: number;
  /** False when told to stop: a next load of the same file resumes after `line`. */
  finished: boolean;
  badLines: Array<{ line: number; reason: string }>;
  durationMs: number;
}

export interface AuthorLoadOptions {
  onProgress?: (progress: AuthorLoadProgress) => void;
  /** Stops at the next batch: what was read is stored first. */
  signal?: AbortSignal;
}

/**
 * Loads pre-loaded author data (issue 29): every author of the dump is inserted or, when its record has a newer
 * revision, updated — matched by Open Library id, so a re-run never duplicates — and none is user-created. Each batch
 * is stored with how far the dump got in one transaction, so an interrupted load resumes after its last batch. A
 * line that cannot be read is counted and named, never fatal. Reading overlaps storing, and two batches are stored at
 * once.
 */
@injectable()
export class LoadAuthors {
  constructor(
    @inject(LoadedAuthorStore) private readonly store: LoadedAuthorStore,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(dump: AuthorDump, options: AuthorLoadOptions = {}): Promise<AuthorLoadSummary> {
    const startedAt = this.clock.now().getTime();
    const resumedAfter = await this.store.resumeAfter(dump.key);
    const progress: AuthorLoadProgress = { line: resumedAfter, bytesRead: 0, size: dump.size, inserted: 0, updated: 0, unchanged: 0, other: 0, bad: 0 };
    const badLines: AuthorLoadSummary['badLines'] = [];
    let batch: LoadedAuthor[] = [];
    let stopped = false;
    // Batches handed to the store, in file order, until every one before them is stored too.
    const pending: Array<{ throughLine: number; stored: boolean }> = [];
    const writing = new Set<Promise<void>>();
    let storedThrough = resumedAfter;

    const store = (authors: LoadedAuthor[], throughLine: number, finished: boolean): void => {
      const batchState = { throughLine, stored: false };
      // What a next load may skip: this batch's last line when nothing before it is still being stored, else what
      // surely is (an earlier batch may fail); at worst a resumed load stores a batch again, which changes nothing.
      const resumable = pending.every((p) => p.stored) ? throughLine : storedThrough;
      pending.push(batchState);
      const write = (async () => {
        const stored = await this.uow.transaction(async () => {
          const counts = authors.length === 0 ? { inserted: 0, updated: 0 } : await this.store.upsert(authors);
          await this.store.markProgress(dump.key, resumable, finished);
          return counts;
        });
        batchState.stored = true;
        while (pending[0]?.stored) storedThrough = pending.shift()!.throughLine;
        progress.inserted += stored.inserted;
        progress.updated += stored.updated;
        progress.unchanged += authors.length - stored.inserted - stored.updated;
        progress.line = storedThrough;
        progress.bytesRead = dump.bytesRead();
        options.onProgress?.({ ...progress });
      })();
      writing.add(write);
      // A failure is rethrown where the writes are awaited; until then it must not count as unhandled.
      write.then(() => writing.delete(write), () => undefined);
    };

    let lastLine = resumedAfter;
    for await (const entry of dump.entries(resumedAfter)) {
      lastLine = entry.line;
      if (entry.kind === 'author') batch.push(entry.author);
      else if (entry.kind === 'other') progress.other += 1;
      else {
        progress.bad += 1;
        if (badLines.length < BAD_LINES_SHOWN) badLines.push({ line: entry.line, reason: entry.reason });
      }
      stopped = options.signal?.aborted === true;
      if (batch.length >= LOAD_BATCH || stopped) {
        while (writing.size >= LOAD_WRITERS) await Promise.race(writing);
        store(batch, lastLine, false);
        batch = [];
        if (stopped) break;
      }
    }
    await Promise.all(writing);
    if (stopped) {
      // Batches stored out of order may have left a mark behind the last line surely stored: the next load starts there.
      await this.uow.transaction(() => this.store.markProgress(dump.key, storedThrough, false));
    } else {
      store(batch, lastLine, true);
      await Promise.all(writing);
    }
    return { ...progress, resumedAfter, finished: !stopped, badLines, durationMs: this.clock.now().getTime() - startedAt };
  }
}
