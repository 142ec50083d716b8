import { describe, expect, it } from 'vitest';
import { LoadAuthors, LOAD_BATCH, type AuthorLoadProgress } from '../../../../src/application/catalog/load-authors.js';
import type { AuthorDump, AuthorDumpEntry } from '../../../../src/application/catalog/ports/author-dump.js';
import { loadedAuthor } from '../../../../src/domain/catalog/loaded-author.js';
import { FakeClock } from '../../../support/fakes/fake-clock.js';
import { FakeUnitOfWork } from '../../../support/fakes/fake-unit-of-work.js';
import { InMemoryLoadedAuthorStore } from '../../../support/fakes/in-memory-loaded-author-store.js';

type DumpRecord = { id: number; revision?: number; name?: string } | 'bad' | 'other';

/** A dump in memory: line n is records[n - 1]; `readUpTo` records the last line handed out. */
class ListDump implements AuthorDump {
  readonly size = 1_000;
  handedOut: number[] = [];
  constructor(
    private readonly records: readonly DumpRecord[],
    readonly key = 'ol_dump_authors_test.txt.gz:1000',
  ) {}

  bytesRead(): number {
    return this.handedOut.length;
  }

  async *entries(afterLine: number): AsyncIterable<AuthorDumpEntry> {
    for (let i = afterLine; i < this.records.length; i++) {
      const line = i + 1;
      const record = this.records[i]!;
      this.handedOut.push(line);
      if (record === 'bad') yield { line, kind: 'bad', reason: 'not JSON' };
      else if (record === 'other') yield { line, kind: 'other', type: '/type/redirect' };
      else {
        const author = loadedAuthor({
          openLibraryId: `OL${record.id}A`,
          revision: record.revision ?? 1,
          name: record.name ?? `Author ${record.id}`,
          alternateNames: [],
          birthDate: null,
          deathDate: null,
        });
        yield { line, kind: 'author', author: author! };
      }
    }
  }
}

function world() {
  const store = new InMemoryLoadedAuthorStore();
  const uow = new FakeUnitOfWork().enlist(store);
  return { store, uow, load: new LoadAuthors(store, uow, new FakeClock()) };
}

const authors = (from: number, count: number): DumpRecord[] => Array.from({ length: count }, (_, i) => ({ id: from + i }));

describe('LoadAuthors', () => {
  it('stores every author, counts the other records and names the bad lines', async () => {
    const { store, load } = world();
    const summary = await load.execute(new ListDump([{ id: 1 }, 'bad', { id: 2 }, 'other', { id: 3 }, 'bad']));
    expect(summary).toMatchObject({ finished: true, resumedAfter: 0, line: 6, inserted: 3, updated: 0, unchanged: 0, other: 1, bad: 2 });
    expect(summary.badLines).toEqual([{ line: 2, reason: 'not JSON' }, { line: 6, reason: 'not JSON' }]);
    expect([...store.authors.keys()]).toEqual(['OL1A', 'OL2A', 'OL3A']);
    expect(store.loads.get('ol_dump_authors_test.txt.gz:1000')).toEqual({ line: 6, finished: true });
  });

  it('stores in batches, each in its own transaction with how far the dump got, and reports progress after each', async () => {
    const { uow, load } = world();
    const seen: AuthorLoadProgress[] = [];
    await load.execute(new ListDump(authors(1, LOAD_BATCH * 2 + 10)), { onProgress: (p) => seen.push(p) });
    expect(uow.committed).toBe(3);
    expect(seen.map((p) => [p.line, p.inserted])).toEqual([
      [LOAD_BATCH, LOAD_BATCH],
      [LOAD_BATCH * 2, LOAD_BATCH * 2],
      [LOAD_BATCH * 2 + 10, LOAD_BATCH * 2 + 10],
    ]);
  });

  it('run again over the same dump, creates nothing and changes nothing', async () => {
    const { store, load } = world();
    const dump = new ListDump([...authors(1, 5), 'bad']);
    await load.execute(dump);
    const again = await load.execute(dump);
    expect(again).toMatchObject({ finished: true, resumedAfter: 0, inserted: 0, updated: 0, unchanged: 5, bad: 1 });
    expect(store.authors.size).toBe(5);
  });

  it('updates the authors whose record has a newer revision, and keeps one of an id given twice', async () => {
    const { store, load } = world();
    await load.execute(new ListDump([{ id: 1 }, { id: 2 }]));
    const newer = await load.execute(
      new ListDump([{ id: 1, revision: 2, name: 'Renamed' }, { id: 2 }, { id: 3 }, { id: 3, revision: 4, name: 'Third, newest' }], 'newer:1'),
    );
    expect(newer).toMatchObject({ inserted: 1, updated: 1, unchanged: 2 });
    expect(store.authors.get('OL1A')).toMatchObject({ name: 'Renamed', revision: 2 });
    expect(store.authors.get('OL3A')).toMatchObject({ name: 'Third, newest', revision: 4 });
  });

  it('told to stop, stores what it read and resumes after it on the next run', async () => {
    const { store, load } = world();
    const stop = new AbortController();
    const first = await load.execute(new ListDump(authors(1, LOAD_BATCH * 3)), {
      signal: stop.signal,
      onProgress: (p) => (p.line >= LOAD_BATCH ? stop.abort('SIGTERM') : undefined),
    });
    expect(first.finished).toBe(false);
    // The batch in hand when the signal came is stored too: nothing read is lost.
    expect(store.authors.size).toBe(first.line);
    expect(first.line).toBeGreaterThanOrEqual(LOAD_BATCH);
    expect(first.line).toBeLessThan(LOAD_BATCH * 3);

    const dump = new ListDump(authors(1, LOAD_BATCH * 3));
    const second = await load.execute(dump);
    expect(second).toMatchObject({ finished: true, resumedAfter: first.line, inserted: LOAD_BATCH * 3 - first.line, unchanged: 0 });
    expect(dump.handedOut[0]).toBe(first.line + 1);
    expect(store.authors.size).toBe(LOAD_BATCH * 3);
    // Finished: a later run starts at the top again.
    expect(await store.resumeAfter(dump.key)).toBe(0);
  });

  it('a failed batch stores nothing of it, and the next run starts after the last stored batch', async () => {
    const { store, load } = world();
    store.failOnUpsert = 2;
    await expect(load.execute(new ListDump(authors(1, LOAD_BATCH * 2 + 1)))).rejects.toThrow('the database went away');
    expect(store.authors.size).toBe(LOAD_BATCH);
    expect(await store.resumeAfter('ol_dump_authors_test.txt.gz:1000')).toBe(LOAD_BATCH);
    store.failOnUpsert = null;
    const again = await load.execute(new ListDump(authors(1, LOAD_BATCH * 2 + 1)));
    expect(again).toMatchObject({ resumedAfter: LOAD_BATCH, inserted: LOAD_BATCH + 1, unchanged: 0 });
  });
});
