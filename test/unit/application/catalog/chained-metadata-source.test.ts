// ChainedMetadataSource over fake sources: first source wins, later ones fill gaps, unavailable only when all were.
import { describe, expect, it } from 'vitest';
import { ChainedMetadataSource } from '../../../../src/application/catalog/chained-metadata-source.js';
import { FakeBookMetadataSource } from '../../../support/fakes/fake-book-metadata-source.js';
import { aBookMetadata } from '../../../support/mothers/metadata.js';

const KAFKA = '9783150090114';
const LEM = '9780156027601';

describe('ChainedMetadataSource lookup', () => {
  it('takes the first source that knows an ISBN and asks the next only for what is unknown or incomplete', async () => {
    const first = new FakeBookMetadataSource().knows(aBookMetadata({ isbn13: KAFKA }), aBookMetadata({ isbn13: LEM, title: 'Solaris', coverUrl: null }));
    const second = new FakeBookMetadataSource().knows(
      aBookMetadata({ isbn13: KAFKA, title: 'The Metamorphosis', source: 'google-books' }),
      aBookMetadata({ isbn13: LEM, title: 'Solaris (Harvest)', coverUrl: 'https://covers.example/lem.jpg', source: 'google-books' }),
    );
    const result = await new ChainedMetadataSource([first, second]).lookup([KAFKA, LEM, KAFKA]);
    expect(first.lookups).toEqual([[KAFKA, LEM]]);
    expect(second.lookups).toEqual([[LEM]]);
    expect(result).toEqual({
      kind: 'found',
      books: new Map([
        [KAFKA, aBookMetadata({ isbn13: KAFKA })],
        // The first source keeps its title and the credit; only the gap is filled.
        [LEM, aBookMetadata({ isbn13: LEM, title: 'Solaris', coverUrl: 'https://covers.example/lem.jpg' })],
      ]),
    });
  });

  it('does not ask a later source when every ISBN is complete', async () => {
    const first = new FakeBookMetadataSource().knows(aBookMetadata({ isbn13: KAFKA }));
    const second = new FakeBookMetadataSource();
    await new ChainedMetadataSource([first, second]).lookup([KAFKA]);
    expect(second.lookups).toEqual([]);
  });

  it('a missing subtitle alone does not send an ISBN on', async () => {
    const first = new FakeBookMetadataSource().knows(aBookMetadata({ isbn13: KAFKA, subtitle: null }));
    const second = new FakeBookMetadataSource();
    await new ChainedMetadataSource([first, second]).lookup([KAFKA]);
    expect(second.lookups).toEqual([]);
  });

  it('fills empty authors from a later source', async () => {
    const first = new FakeBookMetadataSource().knows(aBookMetadata({ isbn13: KAFKA, authors: [] }));
    const second = new FakeBookMetadataSource().knows(aBookMetadata({ isbn13: KAFKA, authors: ['F. Kafka'], publisher: 'Other' }));
    const result = await new ChainedMetadataSource([first, second]).lookup([KAFKA]);
    expect(result.kind === 'found' && result.books.get(KAFKA)).toMatchObject({ authors: ['F. Kafka'], publisher: 'Reclam' });
  });

  it('an ISBN a reachable source did not know is unknown, even when another source was down', async () => {
    const down = new FakeBookMetadataSource().unavailable('open-library: 503', 30);
    const up = new FakeBookMetadataSource();
    expect(await new ChainedMetadataSource([down, up]).lookup([KAFKA])).toEqual({ kind: 'found', books: new Map() });
  });

  it('unavailable when every source was, with every reason and the soonest Retry-After', async () => {
    const a = new FakeBookMetadataSource().unavailable('open-library: 503', 30);
    const b = new FakeBookMetadataSource().unavailable('google-books: 429', 10);
    expect(await new ChainedMetadataSource([a, b]).lookup([KAFKA])).toEqual({
      kind: 'unavailable',
      message: 'open-library: 503; google-books: 429',
      retryAfterSeconds: 10,
    });
  });

  it('gives no Retry-After unless every unavailable source gave one', async () => {
    const a = new FakeBookMetadataSource().unavailable('open-library: 503', 30);
    const b = new FakeBookMetadataSource().unavailable('google-books: timeout');
    expect(await new ChainedMetadataSource([a, b]).lookup([KAFKA])).toEqual({ kind: 'unavailable', message: 'open-library: 503; google-books: timeout' });
  });
});

describe('ChainedMetadataSource search', () => {
  const query = { title: 'Solaris', authors: ['Stanisław Lem'] };

  it("answers the first source's non-empty list whole, without asking the rest", async () => {
    const empty = new FakeBookMetadataSource();
    const found = new FakeBookMetadataSource().knows(aBookMetadata({ isbn13: LEM, title: 'Solaris' }));
    const never = new FakeBookMetadataSource().knows(aBookMetadata({ isbn13: KAFKA, title: 'Solaris' }));
    const result = await new ChainedMetadataSource([empty, found, never]).search(query);
    expect(result).toEqual({ kind: 'found', editions: [aBookMetadata({ isbn13: LEM, title: 'Solaris' })] });
    expect(never.searches).toEqual([]);
  });

  it('nothing found by a reachable source is nothing found; unavailable only when all were', async () => {
    const down = new FakeBookMetadataSource().unavailable('open-library: 503', 5);
    expect(await new ChainedMetadataSource([down, new FakeBookMetadataSource()]).search(query)).toEqual({ kind: 'found', editions: [] });
    expect(await new ChainedMetadataSource([down]).search(query)).toEqual({ kind: 'unavailable', message: 'open-library: 503', retryAfterSeconds: 5 });
  });

  it('with no sources at all finds nothing', async () => {
    expect(await new ChainedMetadataSource([]).search(query)).toEqual({ kind: 'found', editions: [] });
    expect(await new ChainedMetadataSource([]).lookup([KAFKA])).toEqual({ kind: 'found', books: new Map() });
  });
});
