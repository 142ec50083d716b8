import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { googleBooksBook, googleBooksSearchEditions } from '../../../../src/adapters/metadata/google-books-mapping.js';

const fixture = (name: string): unknown => JSON.parse(readFileSync(new URL(`../../../fixtures/metadata/${name}`, import.meta.url), 'utf8'));

describe('googleBooksBook', () => {
  it('maps every field it reads; cover links on books.google.com become https, the format stays unknown', () => {
    expect(googleBooksBook('9780316030571', fixture('google-books-volumes-use-of-weapons.json'))).toEqual({
      isbn13: '9780316030571',
      title: 'Use of Weapons',
      subtitle: 'A Culture Novel',
      authors: ['Iain M. Banks'],
      publisher: 'Orbit',
      publishedYear: 2008,
      pages: 512,
      languageCode: 'en',
      format: null,
      coverUrl: 'https://books.google.com/books/content?id=wHUmPwAACAAJ&printsec=frontcover&img=1&zoom=1&source=gbs_api',
      source: 'google-books',
    });
  });

  it('takes the volume whose identifiers hold the ISBN (here as ISBN-10), skipping other editions and magazines', () => {
    expect(googleBooksBook('9780553380163', fixture('google-books-volumes-other-editions.json'))).toEqual({
      isbn13: '9780553380163',
      title: 'A Brief History of Time',
      subtitle: null,
      authors: ['Stephen Hawking'],
      publisher: null,
      publishedYear: 1998,
      pages: null,
      languageCode: 'en',
      format: null,
      coverUrl: 'https://books.google.com/books/content?id=mMnNoOpPqQrR&printsec=frontcover&img=1&zoom=5&source=gbs_api',
      source: 'google-books',
    });
  });

  it('knows nothing when no volume has the ISBN', () => {
    expect(googleBooksBook('9780316030571', fixture('google-books-volumes-none.json'))).toBeNull();
    expect(googleBooksBook('9781861978769', fixture('google-books-volumes-other-editions.json'))).toBeNull();
    expect(googleBooksBook('9780316030571', { items: [{ volumeInfo: { title: 'No identifiers' } }] })).toBeNull();
    expect(googleBooksBook('9780316030571', 'not json')).toBeNull();
  });

  it('reads a hyphenated identifier, and a 979 ISBN only as ISBN-13 (it has no ISBN-10)', () => {
    const volume = (type: string, identifier: string) => ({ items: [{ volumeInfo: { title: 'T', industryIdentifiers: [{ type, identifier }] } }] });
    expect(googleBooksBook('9780316030571', volume('ISBN_13', '978-0-316-03057-1'))?.title).toBe('T');
    expect(googleBooksBook('9791087965436', volume('ISBN_13', '9791087965436'))?.title).toBe('T');
    expect(googleBooksBook('9791087965436', volume('ISBN_10', '1087965436'))).toBeNull();
  });

  it('keeps a cover link on another host as it is', () => {
    const body = { items: [{ volumeInfo: { title: 'T', industryIdentifiers: [{ type: 'ISBN_13', identifier: '9780316030571' }], imageLinks: { thumbnail: 'http://127.0.0.1:3101/covers/x-M.svg' } } }] };
    expect(googleBooksBook('9780316030571', body)?.coverUrl).toBe('http://127.0.0.1:3101/covers/x-M.svg');
  });
});

describe('googleBooksSearchEditions', () => {
  it('maps every volume with an ISBN, each ISBN once, in Google\'s order; no ISBN or a magazine is skipped', () => {
    const editions = googleBooksSearchEditions(fixture('google-books-volumes-search-use-of-weapons.json'));
    expect(editions?.map((e) => [e.isbn13, e.publisher, e.publishedYear, e.pages])).toEqual([
      ['9780316030571', 'Orbit', 2008, 512],
      // Only an ISBN-10 ending in X: converted.
      ['9781857231359', 'Book Club Associates', 1992, null],
    ]);
    expect(editions?.[0]).toEqual(googleBooksBook('9780316030571', fixture('google-books-volumes-use-of-weapons.json')));
  });

  it('answers an empty list without items, and null for an answer that is not an object', () => {
    expect(googleBooksSearchEditions(fixture('google-books-volumes-none.json'))).toEqual([]);
    expect(googleBooksSearchEditions([])).toBeNull();
  });

  it('prefers a valid ISBN_13 to the ISBN_10, and skips identifiers that are not ISBNs', () => {
    const body = {
      items: [
        { volumeInfo: { title: 'A', industryIdentifiers: [{ type: 'ISBN_10', identifier: '0316030570' }, { type: 'ISBN_13', identifier: '9791032000007' }] } },
        { volumeInfo: { title: 'B', industryIdentifiers: [{ type: 'ISBN_13', identifier: '9780000000000' }, { type: 'ISBN_10', identifier: '0-553-38016-8' }] } },
        { volumeInfo: { industryIdentifiers: [{ type: 'ISBN_13', identifier: '9780441013593' }] } },
      ],
    };
    expect(googleBooksSearchEditions(body)?.map((e) => e.isbn13)).toEqual(['9791032000007', '9780553380163']);
  });
});
