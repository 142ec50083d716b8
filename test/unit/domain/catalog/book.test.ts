import { describe, expect, it } from 'vitest';
import { Book, BOOK_TITLE_MAX, type BookFields } from '../../../../src/domain/catalog/book.js';
import { ValidationError } from '../../../../src/domain/shared/domain-error.js';

const T0 = new Date('2026-01-01T00:00:00.000Z');
const T1 = new Date('2026-02-01T00:00:00.000Z');

const fields = (over: Partial<BookFields> = {}): BookFields => ({
  originalTitle: 'The Hobbit',
  authorIds: [],
  typeId: null,
  genreId: null,
  ...over,
});

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

describe('Book.create', () => {
  it('holds the given fields, stamps both timestamps with now', () => {
    const book = Book.create(fields({ authorIds: [3, 1, 2], typeId: 4, genreId: 9 }), T0);
    expect(book.originalTitle).toBe('The Hobbit');
    expect(book.authorIds).toEqual([3, 1, 2]);
    expect(book.typeId).toBe(4);
    expect(book.genreId).toBe(9);
    expect(book.createdAt).toEqual(T0);
    expect(book.updatedAt).toEqual(T0);
  });

  it('trims the title and keeps a folded copy for search', () => {
    const book = Book.create(fields({ originalTitle: '  Les Misérables  ' }), T0);
    expect(book.originalTitle).toBe('Les Misérables');
    expect(book.titleSearch).toBe('les miserables');
  });

  it('copies the author ids, so later changes to the caller’s array do not leak in', () => {
    const authorIds = [1, 2];
    const book = Book.create(fields({ authorIds }), T0);
    authorIds.push(3);
    expect(book.authorIds).toEqual([1, 2]);
  });

  it.each([
    { title: '', label: 'an empty' },
    { title: '   ', label: 'a blank' },
    { title: 'x'.repeat(BOOK_TITLE_MAX + 1), label: 'a too long' },
  ])('rejects $label title on book_original_title', ({ title }) => {
    const error = failureOf(() => Book.create(fields({ originalTitle: title }), T0));
    expect(error.details).toEqual([{ field: 'book_original_title', message: expect.any(String) }]);
  });

  it(`accepts a title of exactly ${BOOK_TITLE_MAX} characters, counted after trimming`, () => {
    expect(Book.create(fields({ originalTitle: 'x'.repeat(BOOK_TITLE_MAX) }), T0).originalTitle).toHaveLength(BOOK_TITLE_MAX);
    expect(Book.create(fields({ originalTitle: ` ${'x'.repeat(BOOK_TITLE_MAX)} ` }), T0).originalTitle).toHaveLength(BOOK_TITLE_MAX);
  });

  it('rejects an author listed twice on author_ids', () => {
    const error = failureOf(() => Book.create(fields({ authorIds: [1, 2, 1] }), T0));
    expect(error.details?.[0]?.field).toBe('author_ids');
  });

  it('rejects a genre without its type on genre_id', () => {
    const error = failureOf(() => Book.create(fields({ typeId: null, genreId: 5 }), T0));
    expect(error.details?.[0]?.field).toBe('genre_id');
  });

  it('accepts a type without a genre', () => {
    const book = Book.create(fields({ typeId: 2, genreId: null }), T0);
    expect([book.typeId, book.genreId]).toEqual([2, null]);
  });
});

describe('Book.replace (PUT semantics)', () => {
  it('replaces every writable field, keeps created_at and moves updated_at', () => {
    const book = Book.create(fields({ authorIds: [1, 2], typeId: 4, genreId: 9 }), T0);
    book.replace(fields({ originalTitle: 'The Hobbit, or There and Back Again' }), T1);
    expect(book.originalTitle).toBe('The Hobbit, or There and Back Again');
    expect(book.titleSearch).toBe('the hobbit, or there and back again');
    expect(book.authorIds).toEqual([]);
    expect(book.typeId).toBeNull();
    expect(book.genreId).toBeNull();
    expect(book.createdAt).toEqual(T0);
    expect(book.updatedAt).toEqual(T1);
  });

  it('changes nothing when the replacement is invalid', () => {
    const book = Book.create(fields({ authorIds: [1], typeId: 4, genreId: 9 }), T0);
    const before = { ...book };
    failureOf(() => book.replace(fields({ originalTitle: 'Valid', authorIds: [2, 2] }), T1));
    failureOf(() => book.replace(fields({ originalTitle: '' }), T1));
    failureOf(() => book.replace(fields({ typeId: null, genreId: 1 }), T1));
    expect({ ...book }).toEqual(before);
  });

  it('counts the title in characters, as the database does: 500 emoji fit, 501 do not', () => {
    expect(Book.create(fields({ originalTitle: '📚'.repeat(BOOK_TITLE_MAX) }), T0).originalTitle).toHaveLength(2 * BOOK_TITLE_MAX);
    failureOf(() => Book.create(fields({ originalTitle: '📚'.repeat(BOOK_TITLE_MAX + 1) }), T0));
  });
});
