import { inject, injectable } from 'inversify';
import type { BookFields } from '../../domain/catalog/book.js';
import { UnknownReferenceError } from '../../domain/catalog/errors.js';
import { ValidationError } from '../../domain/shared/domain-error.js';
import { AuthorRepository } from './ports/author-repository.js';
import { CatalogReferences } from './ports/catalog-references.js';

/** Checks that a book's author, type and genre ids name existing rows (shared by create and update). */
@injectable()
export class BookReferenceCheck {
  constructor(
    @inject(AuthorRepository) private readonly authors: AuthorRepository,
    @inject(CatalogReferences) private readonly references: CatalogReferences,
  ) {}

  async assertValid(fields: BookFields): Promise<void> {
    const missing = await this.authors.findMissingIds(fields.authorIds);
    if (missing.length > 0) throw new UnknownReferenceError('author_ids', 'author', missing);
    if (fields.typeId !== null && !(await this.references.typeExists(fields.typeId))) {
      throw new UnknownReferenceError('type_id', 'type', [fields.typeId]);
    }
    if (fields.genreId !== null && fields.typeId !== null) {
      if (!(await this.references.genreBelongsToType(fields.genreId, fields.typeId))) {
        throw new ValidationError('Invalid book', [
          { field: 'genre_id', message: `genre ${fields.genreId} does not belong to type ${fields.typeId}` },
        ]);
      }
    }
  }
}
