import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { entriesByBibkey, openLibraryBook } from '../../../../src/adapters/metadata/open-library-mapping.js';

const fixture = (name: string): unknown => JSON.parse(readFileSync(new URL(`../../../fixtures/metadata/${name}`, import.meta.url), 'utf8'));
const USE_OF_WEAPONS = '9780316030571';

function entry(body: unknown, isbn: string): Record<string, unknown> {
  const found = entriesByBibkey(body).get(`ISBN:${isbn}`);
  if (!found) throw new Error(`no entry for ${isbn}`);
  return found;
}

describe('openLibraryBook', () => {
  it('maps the recorded data answer, with the language and binding of the details answer', () => {
    const data = entry(fixture('open-library-data-use-of-weapons.json'), USE_OF_WEAPONS);
    const details = entry(fixture('open-library-details-use-of-weapons.json'), USE_OF_WEAPONS);
    expect(openLibraryBook(USE_OF_WEAPONS, data, details)).toEqual({
      isbn13: USE_OF_WEAPONS,
      title: 'Use of Weapons',
      subtitle: null,
      authors: ['Iain M. Banks'],
      // The author's page on Open Library names the id pre-loaded authors are matched by.
      authorOpenLibraryIds: ['OL6924809A'],
      publisher: 'Orbit',
      publishedYear: 2008,
      pages: 480,
      languageCode: 'en',
      format: 'paperback',
      coverUrl: 'https://covers.openlibrary.org/b/id/2379038-L.jpg',
      source: 'open-library',
    });
  });

  it('leaves the language and binding unknown without the details answer', () => {
    const data = entry(fixture('open-library-data-use-of-weapons.json'), USE_OF_WEAPONS);
    expect(openLibraryBook(USE_OF_WEAPONS, data)).toMatchObject({ languageCode: null, format: null, pages: 480 });
  });

  it('falls back on the edition record for what the data answer lacks', () => {
    const data = { title: 'Lathe of Heaven', cover: { small: 'https://covers.example/s.jpg' } };
    const details = {
      details: {
        subtitle: 'A Novel',
        authors: [{ key: '/authors/OL1A', name: 'Le Guin, Ursula K.' }],
        publishers: ['', 'Scribner'],
        publish_date: '[1971?]',
        number_of_pages: 184,
        languages: [{ key: '/languages/eng' }],
      },
    };
    expect(openLibraryBook('9780743464369', data, details)).toEqual({
      isbn13: '9780743464369',
      title: 'Lathe of Heaven',
      subtitle: 'A Novel',
      authors: ['Ursula K. Le Guin'],
      authorOpenLibraryIds: ['OL1A'],
      publisher: 'Scribner',
      publishedYear: 1971,
      pages: 184,
      languageCode: 'en',
      format: null,
      coverUrl: 'https://covers.example/s.jpg',
      source: 'open-library',
    });
  });

  it('has every missing field as null, and nothing for a record without a title', () => {
    expect(openLibraryBook('9780000000019', { title: 'Bare', publish_date: '19--', number_of_pages: '' })).toEqual({
      isbn13: '9780000000019',
      title: 'Bare',
      subtitle: null,
      authors: [],
      authorOpenLibraryIds: [],
      publisher: null,
      publishedYear: null,
      pages: null,
      languageCode: null,
      format: null,
      coverUrl: null,
      source: 'open-library',
    });
    expect(openLibraryBook('9780000000019', { title: '  ', authors: [{ name: 'Nobody' }] })).toBeNull();
  });

  it('keys entries by bibkey whatever the case, and ignores what is not an object', () => {
    const entries = entriesByBibkey({ 'isbn:9780000000019': { title: 'A' }, 'ISBN:9780000000026': 'text', 'ISBN:9780000000033': [] });
    expect([...entries.keys()]).toEqual(['ISBN:9780000000019']);
    expect(entriesByBibkey('var _OLBookInfo = {};').size).toBe(0);
    expect(entriesByBibkey(null).size).toBe(0);
  });
});
