import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OPEN_LIBRARY_SEARCH_FIELDS, openLibraryCoversBase, openLibrarySearchEditions } from '../../../../src/adapters/metadata/open-library-search-mapping.js';

const fixture = (name: string): unknown => JSON.parse(readFileSync(new URL(`../../../fixtures/metadata/${name}`, import.meta.url), 'utf8'));
const COVERS = 'https://covers.openlibrary.org';

/** A search answer of one work whose best edition is `edition`. */
const answerOf = (edition: Record<string, unknown>, work: Record<string, unknown> = {}): unknown => ({
  numFound: 1,
  docs: [{ key: '/works/OL1W', title: 'Work Title', author_name: ['An Author'], ...work, editions: { numFound: 1, start: 0, numFoundExact: true, docs: [edition] } }],
});

describe('openLibrarySearchEditions', () => {
  it('maps each work to its best edition, skipping works without an ISBN and a work repeating an ISBN', () => {
    expect(openLibrarySearchEditions(fixture('open-library-search-use-of-weapons.json'), COVERS)).toEqual([
      {
        isbn13: '9780316030571',
        title: 'Use of Weapons',
        subtitle: null,
        authors: ['Iain M. Banks'],
        publisher: 'Orbit',
        publishedYear: 2008,
        pages: null,
        languageCode: 'en',
        format: 'paperback',
        coverUrl: 'https://covers.openlibrary.org/b/id/2379038-L.jpg',
        source: 'open-library',
      },
      {
        // Only an ISBN-10 (ending in X) in the record: converted.
        isbn13: '9781857231359',
        title: 'Use of weapons',
        subtitle: null,
        authors: ['Iain M. Banks'],
        publisher: 'Book Club Associates',
        publishedYear: 1992,
        pages: null,
        languageCode: 'en',
        format: null,
        coverUrl: null,
        source: 'open-library',
      },
    ]);
  });

  it('answers an empty list for a search that found nothing, and null for an answer without docs', () => {
    expect(openLibrarySearchEditions(fixture('open-library-search-none.json'), COVERS)).toEqual([]);
    expect(openLibrarySearchEditions({ error: 'solr timed out' }, COVERS)).toBeNull();
    expect(openLibrarySearchEditions('<html>', COVERS)).toBeNull();
  });

  it('prefers an ISBN-13 listed after ISBN-10s, and skips invalid ones', () => {
    const [book] = openLibrarySearchEditions(answerOf({ title: 'T', isbn: ['0000000000', '0316030570', '9780316030570', '978-0-316-03057-1'] }), COVERS) ?? [];
    expect(book?.isbn13).toBe('9780316030571');
  });

  it('falls back on the work title (and then takes no edition subtitle), reads single values and MARC codes', () => {
    const [book] =
      openLibrarySearchEditions(answerOf({ isbn: '9780316030571', subtitle: 'Edition subtitle', language: 'fre', publisher: ['', 'Folio'], publish_date: ['c1997'], format: ['Mass Market Paperback'] }), COVERS) ?? [];
    expect(book).toMatchObject({ title: 'Work Title', subtitle: null, languageCode: 'fr', publisher: 'Folio', publishedYear: 1997, format: 'paperback' });
  });

  it('turns "Last, First" author names round and ignores cover ids that are not positive integers', () => {
    const [book] = openLibrarySearchEditions(answerOf({ title: 'T', isbn: ['9780316030571'], cover_i: -1 }, { author_name: ['Banks, Iain M.', 'Iain M. Banks'] }), COVERS) ?? [];
    expect(book).toMatchObject({ authors: ['Iain M. Banks'], coverUrl: null });
  });

  it('asks for the work and its best edition in one request', () => {
    expect(OPEN_LIBRARY_SEARCH_FIELDS).toBe(
      'key,title,author_name,editions,editions.key,editions.title,editions.subtitle,editions.isbn,editions.language,editions.publisher,editions.publish_date,editions.format,editions.cover_i',
    );
  });
});

describe('openLibraryCoversBase', () => {
  it('is covers.openlibrary.org for openlibrary.org, the base URL itself elsewhere (the demonstration server)', () => {
    expect(openLibraryCoversBase('https://openlibrary.org')).toBe(COVERS);
    expect(openLibraryCoversBase('http://testing.openlibrary.org/')).toBe(COVERS);
    expect(openLibraryCoversBase('http://127.0.0.1:3101/')).toBe('http://127.0.0.1:3101');
    expect(openLibraryCoversBase('https://notopenlibrary.org')).toBe('https://notopenlibrary.org');
  });
});
