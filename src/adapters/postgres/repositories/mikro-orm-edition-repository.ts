import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import type { EditionRepository } from '../../../application/catalog/ports/edition-repository.js';
import { Edition, type EditionFormat } from '../../../domain/catalog/edition.js';
import type { GuessableEditionField } from '../../../domain/catalog/edition-draft.js';
import { DuplicateGtinError, DuplicateIsbnError } from '../../../domain/catalog/errors.js';
import type { PageRequest, PageSlice } from '../../../domain/shared/page.js';
import { queryPage } from '../../kits/sql/keyset.js';
import { OrmEntityManager } from '../orm-tokens.js';
import { isUniqueViolation } from '../pg-errors.js';
import { hydrate, type Row, toDate, toId } from './row-mapping.js';

@injectable()
export class MikroOrmEditionRepository implements EditionRepository {
  constructor(@inject(OrmEntityManager) private readonly em: EntityManager) {}

  findById(id: number): Promise<Edition | null> {
    return this.em.findOne(Edition, { id });
  }

  findByIsbn(isbn13: string): Promise<Edition | null> {
    return this.em.findOne(Edition, { isbn: isbn13 });
  }

  async add(edition: Edition): Promise<void> {
    try {
      this.em.persist(edition);
      await this.em.flush();
    } catch (error) {
      if (isUniqueViolation(error, 'edition_isbn_unique')) throw new DuplicateIsbnError(edition.isbn ?? '');
      if (isUniqueViolation(error, 'edition_gtin_unique')) throw new DuplicateGtinError(edition.gtin ?? '');
      throw error;
    }
  }

  pageOfBook(bookId: number, request: PageRequest): Promise<PageSlice<Edition>> {
    return queryPage(
      this.em,
      { selectFrom: 'select e.* from edition e', filters: [['e.book_id = ?', [bookId]]], key: 'e.edition_id', order: 'asc' },
      request,
      editionFromRow,
    );
  }
}

export function editionFromRow(row: Row): Edition {
  return hydrate(Edition, {
    id: toId(row.edition_id),
    bookId: toId(row.book_id),
    isbn: row.isbn === null || row.isbn === undefined ? null : String(row.isbn),
    gtin: row.gtin === null || row.gtin === undefined ? null : String(row.gtin),
    format: row.format as EditionFormat,
    languageId: toId(row.language_id),
    editionTitle: (row.edition_title as string | null) ?? null,
    publisher: (row.publisher as string | null) ?? null,
    publishedYear: (row.published_year as number | null) ?? null,
    coverUrl: (row.cover_url as string | null) ?? null,
    guessedFields: (row.guessed_fields as GuessableEditionField[] | null) ?? [],
    enrichedAt: row.enriched_at === null || row.enriched_at === undefined ? null : toDate(row.enriched_at),
    createdAt: toDate(row.created_at),
    updatedAt: toDate(row.updated_at),
  });
}
