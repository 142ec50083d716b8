import { NotFoundError, ValidationError } from '../shared/domain-error.js';
import { textLength } from '../shared/text-length.js';

export const LIST_NAME_MAX = 200;
export const LIST_BOOKS_MAX = 1000;

export interface BookList {
  id: number;
  name: string;
  bookIds: number[];
  /** Public share token: at least 128 random bits, base64url, never all digits. */
  token: string;
  createdAt: Date;
}

export interface NewBookList {
  name: string;
  bookIds: number[];
  token: string;
}

/** `GET /api/lists/:ref`: all digits is a list id (owner only); anything else is a share token. */
export function isListId(ref: string): boolean {
  return /^\d+$/.test(ref);
}

export function newBookList(name: string, bookIds: readonly number[], token: string): NewBookList {
  const trimmed = name.trim();
  if (trimmed.length === 0 || textLength(trimmed) > LIST_NAME_MAX) {
    throw new ValidationError('Invalid list', [{ field: 'list_name', message: `must be 1 to ${LIST_NAME_MAX} characters` }]);
  }
  if (new Set(bookIds).size !== bookIds.length) {
    throw new ValidationError('Invalid list', [{ field: 'book_ids', message: 'must not repeat a book' }]);
  }
  if (isListId(token)) throw new Error('A share token must never be all digits');
  return { name: trimmed, bookIds: [...bookIds], token };
}

/** What anyone with the token sees: nothing about the owner, not even the list id. */
export interface PublicBookList {
  name: string;
  createdAt: Date;
  books: PublicListBook[];
}

export interface PublicListBook {
  bookId: number;
  title: string;
  authors: string[];
  bestPrice: { amount: string; currency: string; storeName: string; url: string; fetchedAt: Date } | null;
}

export class ListNotFoundError extends NotFoundError {
  constructor(ref: number | string) {
    super('List', ref);
  }
}
