import { describe, expect, it } from 'vitest';
import { openLibraryAuthorIdOf } from '../../../../src/domain/catalog/open-library-author-id.js';

describe('openLibraryAuthorIdOf', () => {
  it.each([
    ['OL23919A', 'OL23919A'],
    ['/authors/OL23919A', 'OL23919A'],
    ['https://openlibrary.org/authors/OL23919A/J._K._Rowling', 'OL23919A'],
    ['https://openlibrary.org/authors/OL23919A', 'OL23919A'],
  ])('reads %s', (text, id) => expect(openLibraryAuthorIdOf(text)).toBe(id));

  it.each([['OL23919W'], ['/works/OL23919A'], ['OL0A'], ['ol23919a'], [''], [null], [42]])('refuses %s', (text) =>
    expect(openLibraryAuthorIdOf(text)).toBeNull(),
  );
});
