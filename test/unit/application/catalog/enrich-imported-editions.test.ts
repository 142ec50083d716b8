// EnrichImportedEditions with hand-written fakes of its ports: what is filled, what is kept, what stays pending.
import { describe, expect, it } from 'vitest';
import { EnrichImportedEditions } from '../../../../src/application/catalog/enrich-imported-editions.js';
import type { BookMetadata, BookMetadataSource, MetadataLookup } from '../../../../src/application/catalog/ports/book-metadata-source.js';
import type {
  EditionEnrichment,
  EditionToEnrich,
  ImportedEditionEnrichment,
} from '../../../../src/application/catalog/ports/imported-edition-enrichment.js';
import type { LogSink } from '../../../../src/application/logging/log-sink.js';
import type { UnitOfWork } from '../../../../src/application/shared/unit-of-work.js';
import type { LogEvent } from '../../../../src/domain/logging/log-event.js';

const NOW = new Date('2026-11-25T12:00:00Z');

/** Pending editions until applied; every apply is kept. */
class FakeEnrichment implements ImportedEditionEnrichment {
  readonly applied: Array<{ changes: EditionEnrichment[]; at: Date }> = [];
  constructor(private waiting: EditionToEnrich[]) {}

  async pending(limit: number): Promise<EditionToEnrich[]> {
    return this.waiting.slice(0, limit);
  }

  async waitingCount(): Promise<number> {
    return this.waiting.length;
  }

  async apply(changes: readonly EditionEnrichment[], at: Date): Promise<void> {
    this.applied.push({ changes: [...changes], at });
    const done = new Set(changes.map((change) => change.editionId));
    this.waiting = this.waiting.filter((edition) => !done.has(edition.editionId));
  }
}

class FakeLogs implements LogSink {
  readonly events: LogEvent[] = [];
  record(event: LogEvent): void {
    this.events.push(event);
  }
  ready = async (): Promise<void> => undefined;
  close = async (): Promise<void> => undefined;
}

const metadataOf = (answer: MetadataLookup): BookMetadataSource & { asked: string[][] } => {
  const asked: string[][] = [];
  return { asked, lookup: async (isbns) => (asked.push([...isbns]), answer), search: async () => ({ kind: 'found', editions: [] }) };
};

const found = (...books: BookMetadata[]): MetadataLookup => ({ kind: 'found', books: new Map(books.map((b) => [b.isbn13, b])) });

const known = (isbn13: string, fields: Partial<BookMetadata> = {}): BookMetadata => ({
  isbn13,
  title: 'A Title',
  subtitle: null,
  authors: ['An Author'],
  publisher: 'Source Press',
  publishedYear: 2011,
  pages: 320,
  languageCode: 'de',
  format: 'hardcover',
  coverUrl: 'https://covers.example/1.jpg',
  source: 'open-library',
  ...fields,
});

const pending = (editionId: number, isbn13: string, fields: Partial<EditionToEnrich> = {}): EditionToEnrich => ({
  editionId,
  isbn13,
  publisher: null,
  publishedYear: null,
  coverUrl: null,
  guessedFields: ['format', 'language'],
  ...fields,
});

function enricher(waiting: EditionToEnrich[], answer: MetadataLookup) {
  const enrichment = new FakeEnrichment(waiting);
  const metadata = metadataOf(answer);
  const logs = new FakeLogs();
    const transactions: string[] = [];
  const uow: UnitOfWork = { transaction: (work) => (transactions.push('transaction'), work()), afterCommit: (action) => action() };
  const use = new EnrichImportedEditions(enrichment, metadata, logs, { now: () => NOW }, uow);
  return { use, enrichment, metadata, logs, transactions };
}

describe('EnrichImportedEditions', () => {
  it('names a book imported from a bare ISBN: the source\'s title and authors, in one transaction with the rest', async () => {
    const bare = pending(1, '9780000000001', { guessedFields: ['format', 'language', 'title'] });
    const { use, enrichment, transactions } = enricher([bare, pending(2, '9780000000002')], found(
      known('9780000000001', { title: '  The Left Hand of Darkness ', authors: ['Ursula K. Le Guin'] }),
      known('9780000000002', { title: 'Not Asked For' }),
    ));
    await use.execute();
    expect(enrichment.applied[0]!.changes.map((change) => change.book)).toEqual([
      { title: 'The Left Hand of Darkness', authors: ['Ursula K. Le Guin'] },
      // Its title came from the export: the source's is not wanted.
      null,
    ]);
    expect(transactions).toEqual(['transaction']);
  });

  it('leaves a bare ISBN\'s book titled by its ISBN when the source knows no title for it', async () => {
    const bare = pending(1, '9780000000001', { guessedFields: ['title'] });
    const { use, enrichment } = enricher([bare], found(known('9780000000001', { title: ' ' })));
    await use.execute();
    expect(enrichment.applied[0]!.changes[0]!.book).toBeNull();
  });

  it('asks about every pending ISBN in one lookup and fills what is missing, replacing guessed format and language', async () => {
    const { use, enrichment, metadata, logs } = enricher([pending(1, '9780000000001'), pending(2, '9780000000002')], found(known('9780000000001'), known('9780000000002', { format: null, languageCode: null })));
    const run = await use.execute();
    expect(metadata.asked).toEqual([['9780000000001', '9780000000002']]);
    expect(run).toEqual({ kind: 'enriched', editions: 2, known: 2, more: false });
    expect(enrichment.applied).toEqual([
      {
        at: NOW,
        changes: [
          { editionId: 1, publisher: 'Source Press', publishedYear: 2011, coverUrl: 'https://covers.example/1.jpg', format: 'hardcover', languageCode: 'de' , book: null },
          // The source does not say format or language: the guesses stay.
          { editionId: 2, publisher: 'Source Press', publishedYear: 2011, coverUrl: 'https://covers.example/1.jpg', format: null, languageCode: null , book: null },
        ],
      },
    ]);
    expect(logs.events).toEqual([expect.objectContaining({ source: 'enrichment', event: 'editions_enriched', detail: { edition_count: 2, known_count: 2 } })]);
  });

  it("never overwrites what the export gave: publisher, year, cover, and a format or language it named", async () => {
    const given = pending(1, '9780000000001', { publisher: 'Export Press', publishedYear: 1999, coverUrl: 'https://export.example/c.jpg', guessedFields: [] });
    const { use, enrichment } = enricher([given], found(known('9780000000001')));
    await use.execute();
    expect(enrichment.applied[0]!.changes).toEqual([{ editionId: 1, publisher: null, publishedYear: null, coverUrl: null, format: null, languageCode: null , book: null }]);
  });

  it('replaces only the guess: a guessed language with a format the export named keeps the format', async () => {
    const { use, enrichment } = enricher([pending(1, '9780000000001', { guessedFields: ['language'] })], found(known('9780000000001')));
    await use.execute();
    expect(enrichment.applied[0]!.changes[0]).toMatchObject({ format: null, languageCode: 'de' });
  });

  it('drops a publication year outside 1450..now+2', async () => {
    const { use, enrichment } = enricher(
      [pending(1, '9780000000001'), pending(2, '9780000000002')],
      found(known('9780000000001', { publishedYear: 1200 }), known('9780000000002', { publishedYear: 2029 })),
    );
    await use.execute();
    expect(enrichment.applied[0]!.changes.map((change) => change.publishedYear)).toEqual([null, null]);
  });

  it('marks an ISBN no source knows as enriched, filling nothing, so it is not asked about again', async () => {
    const { use, enrichment, metadata } = enricher([pending(1, '9780000000001')], found());
    expect(await use.execute()).toEqual({ kind: 'enriched', editions: 1, known: 0, more: false });
    expect(enrichment.applied[0]!.changes).toEqual([{ editionId: 1, publisher: null, publishedYear: null, coverUrl: null, format: null, languageCode: null , book: null }]);
    expect(await enrichment.pending(50)).toEqual([]);
    expect(await use.execute()).toEqual({ kind: 'enriched', editions: 0, known: 0, more: false });
    expect(metadata.asked).toHaveLength(1);
  });

  it('when no source can be reached, marks nothing and logs it: the editions wait for a later run', async () => {
    const { use, enrichment, logs } = enricher([pending(1, '9780000000001')], { kind: 'unavailable', message: 'open-library: 503', retryAfterSeconds: 30 });
    expect(await use.execute()).toEqual({ kind: 'unavailable', editions: 1, message: 'open-library: 503', retryAfterSeconds: 30 });
    expect(enrichment.applied).toEqual([]);
    expect(await enrichment.pending(50)).toHaveLength(1);
    expect(logs.events).toEqual([
      expect.objectContaining({ level: 'warn', source: 'enrichment', event: 'enrichment_unavailable', detail: { edition_count: 1, error: 'open-library: 503' } }),
    ]);
  });

  it('takes at most `limit` editions a run and says when more may wait', async () => {
    const waiting = [1, 2, 3].map((id) => pending(id, `978000000000${id}`));
    const { use, metadata } = enricher(waiting, found());
    expect(await use.execute(2)).toMatchObject({ editions: 2, more: true });
    expect(await use.execute(2)).toMatchObject({ editions: 1, more: false });
    expect(metadata.asked).toEqual([['9780000000001', '9780000000002'], ['9780000000003']]);
  });

  it('asks nothing when nothing is pending', async () => {
    const { use, metadata, logs } = enricher([], found());
    expect(await use.execute()).toEqual({ kind: 'enriched', editions: 0, known: 0, more: false });
    expect(metadata.asked).toEqual([]);
    expect(logs.events).toEqual([]);
  });
});
