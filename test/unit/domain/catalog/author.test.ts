import { describe, expect, it } from 'vitest';
import { Author, AUTHOR_ALIASES_MAX, AUTHOR_NAME_MAX, AUTHOR_QUERY_MIN } from '../../../../src/domain/catalog/author.js';
import { ValidationError } from '../../../../src/domain/shared/domain-error.js';
import { normalizeForSearch } from '../../../../src/domain/shared/search-text.js';

const T0 = new Date('2026-01-01T00:00:00.000Z');
const T1 = new Date('2026-02-01T00:00:00.000Z');

function failureOf(action: () => unknown): ValidationError {
  let caught: unknown;
  try {
    action();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(ValidationError);
  return caught as ValidationError;
}

/** The searchable parts of an author, as a query would see them. */
const searchParts = (author: Author): string[] => author.nameSearch.split('\u0001');

describe('Author.createByUser', () => {
  it('creates a user-created author with both timestamps at now', () => {
    const author = Author.createByUser({ name: 'J. R. R. Tolkien', aliases: ['John Ronald Reuel Tolkien'] }, T0);
    expect(author.isUserCreated).toBe(true);
    expect(author.name).toBe('J. R. R. Tolkien');
    expect(author.aliases).toEqual(['John Ronald Reuel Tolkien']);
    expect(author.createdAt).toEqual(T0);
    expect(author.updatedAt).toEqual(T0);
  });

  it('trims the name and the aliases, drops blank, repeated and name-equal aliases, keeps the order', () => {
    const author = Author.createByUser(
      { name: '  Ursula K. Le Guin ', aliases: [' Ursula Kroeber ', '', '   ', 'Ursula K. Le Guin', 'Ursula Kroeber', 'U. K. Le Guin'] },
      T0,
    );
    expect(author.name).toBe('Ursula K. Le Guin');
    expect(author.aliases).toEqual(['Ursula Kroeber', 'U. K. Le Guin']);
  });

  it('folds the name and every alias into the search text, each part separately', () => {
    const author = Author.createByUser({ name: 'Gabriel García Márquez', aliases: ['GABO', 'Gabriel José de la Concordia'] }, T0);
    expect(searchParts(author)).toEqual(['gabriel garcia marquez', 'gabo', 'gabriel jose de la concordia']);
    // A query never spans two parts.
    expect(author.nameSearch.includes(normalizeForSearch('marquez gabo'))).toBe(false);
  });

  it.each([
    { name: '', label: 'an empty' },
    { name: '  \t ', label: 'a blank' },
    { name: 'x'.repeat(AUTHOR_NAME_MAX + 1), label: 'a too long' },
  ])('rejects $label name on author_name', ({ name }) => {
    const error = failureOf(() => Author.createByUser({ name, aliases: [] }, T0));
    expect(error.details).toEqual([{ field: 'author_name', message: expect.any(String) }]);
  });

  it(`accepts a name of ${AUTHOR_NAME_MAX} characters and ${AUTHOR_ALIASES_MAX} aliases of ${AUTHOR_NAME_MAX} characters`, () => {
    const aliases = Array.from({ length: AUTHOR_ALIASES_MAX }, (_, i) => `${i}`.padEnd(AUTHOR_NAME_MAX, 'a'));
    const author = Author.createByUser({ name: 'n'.repeat(AUTHOR_NAME_MAX), aliases }, T0);
    expect(author.aliases).toHaveLength(AUTHOR_ALIASES_MAX);
  });

  it(`rejects more than ${AUTHOR_ALIASES_MAX} distinct aliases, or an alias over ${AUTHOR_NAME_MAX} characters, on aliases`, () => {
    const many = Array.from({ length: AUTHOR_ALIASES_MAX + 1 }, (_, i) => `alias ${i}`);
    expect(failureOf(() => Author.createByUser({ name: 'A', aliases: many }, T0)).details?.[0]?.field).toBe('aliases');
    const long = ['y'.repeat(AUTHOR_NAME_MAX + 1)];
    expect(failureOf(() => Author.createByUser({ name: 'A', aliases: long }, T0)).details?.[0]?.field).toBe('aliases');
  });

  it('counts aliases after removing repeats', () => {
    const aliases = [...Array.from({ length: AUTHOR_ALIASES_MAX }, (_, i) => `alias ${i}`), 'alias 0', ' alias 1 '];
    expect(Author.createByUser({ name: 'A', aliases }, T0).aliases).toHaveLength(AUTHOR_ALIASES_MAX);
  });

  it(`requires at least ${AUTHOR_QUERY_MIN} characters for a search`, () => {
    expect(AUTHOR_QUERY_MIN).toBe(3);
  });
});

describe('Author.replace (PUT semantics)', () => {
  it('replaces name and aliases, refreshes the search text, keeps created_at and the user-created flag', () => {
    const author = Author.createByUser({ name: 'J. R. R. Tolkein', aliases: ['Tolkein'] }, T0);
    author.replace({ name: 'J. R. R. Tolkien', aliases: ['John Ronald Reuel Tolkien', 'Tolkien'] }, T1);
    expect(author.name).toBe('J. R. R. Tolkien');
    expect(author.aliases).toEqual(['John Ronald Reuel Tolkien', 'Tolkien']);
    expect(searchParts(author)).toEqual(['j. r. r. tolkien', 'john ronald reuel tolkien', 'tolkien']);
    expect(author.nameSearch).not.toContain('tolkein');
    expect(author.isUserCreated).toBe(true);
    expect(author.createdAt).toEqual(T0);
    expect(author.updatedAt).toEqual(T1);
  });

  it('removes every alias when given none', () => {
    const author = Author.createByUser({ name: 'A', aliases: ['B', 'C'] }, T0);
    author.replace({ name: 'A', aliases: [] }, T1);
    expect(author.aliases).toEqual([]);
    expect(searchParts(author)).toEqual(['a']);
  });

  it('changes nothing when the replacement is invalid', () => {
    const author = Author.createByUser({ name: 'Terry Pratchett', aliases: ['Sir Terry'] }, T0);
    const before = { ...author, aliases: [...author.aliases] };
    failureOf(() => author.replace({ name: ' ', aliases: ['X'] }, T1));
    failureOf(() => author.replace({ name: 'Other', aliases: ['z'.repeat(AUTHOR_NAME_MAX + 1)] }, T1));
    expect({ ...author }).toEqual(before);
  });

  it('counts names and aliases in characters, as the database does', () => {
    const name = '𠜎'.repeat(AUTHOR_NAME_MAX);
    expect(Author.createByUser({ name, aliases: [name.slice(2)] }, T0).name).toBe(name);
    failureOf(() => Author.createByUser({ name: `${name}𠜎`, aliases: [] }, T0));
  });
});
