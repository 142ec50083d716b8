import { ConflictError, NotFoundError } from '../shared/domain-error.js';

export class WishNotFoundError extends NotFoundError {
  constructor(id: number) {
    super('Wish', id);
  }
}

export class BookAlreadyWishedError extends ConflictError {
  constructor(bookId: number) {
    super(`Book ${bookId} is already on your wish list`);
  }
}

export class ReadableLanguageNotFoundError extends NotFoundError {
  constructor(id: number) {
    super('Readable language', id);
  }
}

export class LanguageAlreadyAddedError extends ConflictError {
  constructor(id: number) {
    super(`Language ${id} is already one of your readable languages`);
  }
}
