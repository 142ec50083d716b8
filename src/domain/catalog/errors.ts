import { ConflictError, NotFoundError, ValidationError } from '../shared/domain-error.js';

export class BookNotFoundError extends NotFoundError {
  constructor(id: number) {
    super('Book', id);
  }
}

export class EditionNotFoundError extends NotFoundError {
  constructor(id: number) {
    super('Edition', id);
  }
}

export class AuthorNotFoundError extends NotFoundError {
  constructor(id: number) {
    super('Author', id);
  }
}

export class DuplicateIsbnError extends ConflictError {
  constructor(isbn13: string) {
    super(`An edition with ISBN ${isbn13} already exists`);
  }
}

export class DuplicateGtinError extends ConflictError {
  constructor(gtin: string) {
    super(`An edition with GTIN ${gtin} already exists`);
  }
}

export class AuthorInUseError extends ConflictError {
  constructor(id: number) {
    super(`Author ${id} is referenced by books and cannot be deleted`);
  }
}

export class BookInUseError extends ConflictError {
  constructor(id: number) {
    super(`Book ${id} is on a wish list or a list and cannot be deleted`);
  }
}

/** A referenced id in a request body that does not exist: a validation problem of that field, not a 404. */
export class UnknownReferenceError extends ValidationError {
  constructor(field: string, what: string, ids: readonly number[]) {
    super(`Unknown ${what}: ${ids.join(', ')}`, [{ field, message: `unknown ${what} ${ids.join(', ')}` }]);
  }
}
