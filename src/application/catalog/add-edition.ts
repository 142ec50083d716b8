import { inject, injectable } from 'inversify';
import { Edition, type EditionFields } from '../../domain/catalog/edition.js';
import { BookNotFoundError, UnknownReferenceError } from '../../domain/catalog/errors.js';
import { Clock } from '../shared/clock.js';
import { UnitOfWork } from '../shared/unit-of-work.js';
import { BookRepository } from './ports/book-repository.js';
import { CatalogReferences } from './ports/catalog-references.js';
import { EditionRepository } from './ports/edition-repository.js';

@injectable()
export class AddEdition {
  constructor(
    @inject(BookRepository) private readonly books: BookRepository,
    @inject(EditionRepository) private readonly editions: EditionRepository,
    @inject(CatalogReferences) private readonly references: CatalogReferences,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  execute(bookId: number, fields: EditionFields): Promise<Edition> {
    return this.uow.transaction(async () => {
      if (!(await this.books.findById(bookId))) throw new BookNotFoundError(bookId);
      const edition = Edition.create(bookId, fields, this.clock.now());
      if (!(await this.references.languageExists(fields.languageId))) {
        throw new UnknownReferenceError('language_id', 'language', [fields.languageId]);
      }
      await this.editions.add(edition);
      return edition;
    });
  }
}
