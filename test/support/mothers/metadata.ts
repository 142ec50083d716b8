import type { BookMetadata } from '../../../src/application/catalog/ports/book-metadata-source.js';

/** What a source says about an edition, every field known; pass nulls for the gaps a test needs. */
export function aBookMetadata(overrides: Partial<BookMetadata> = {}): BookMetadata {
  return {
    isbn13: '9783150090114',
    title: 'Die Verwandlung',
    subtitle: null,
    authors: ['Franz Kafka'],
    publisher: 'Reclam',
    publishedYear: 2001,
    pages: 96,
    languageCode: 'de',
    format: 'paperback',
    coverUrl: 'https://covers.example/1.jpg',
    source: 'open-library',
    ...overrides,
  };
}
