import { ValidationError } from '../shared/domain-error.js';
import { normalizeForSearch, matchKeyOf } from '../shared/search-text.js';
import { textLength } from '../shared/text-length.js';
import type { EditionFormat } from './edition.js';

export const BOOK_TITLE_MAX = 500;

export interface BookFields {
  originalTitle: string;
  authorIds: number[];
  typeId: number | null;
  genreId: number | null;
}

export class Book {
  id!: number;
  originalTitle!: string;
  /** Folded title kept beside the title so search can use a trigram index. */
  titleSearch!: string;
  /** Title folded past punctuation too: what an import matches a row's title against. */
  titleKey!: string;
  typeId!: number | null;
  genreId!: number | null;
  createdAt!: Date;
  updatedAt!: Date;
  /** Ordered author ids; persisted in a join table by the repository. */
  authorIds: number[] = [];
  /** Read from its editions, never written: the cover of its edition with the lowest id that has one. */
  coverUrl: string | null = null;
  /** Read from its editions, never written: the formats it has editions in, in the catalog's format order. */
  formats: EditionFormat[] = [];

  static create(fields: BookFields, now: Date): Book {
    const book = new Book();
    book.createdAt = now;
    book.replace(fields, now);
    return book;
  }

  /** PUT semantics: every writable field is replaced. */
  replace(fields: BookFields, now: Date): void {
    const title = fields.originalTitle.trim();
    if (title.length === 0 || textLength(title) > BOOK_TITLE_MAX) {
      throw new ValidationError('Invalid book', [
        { field: 'book_original_title', message: `must be 1 to ${BOOK_TITLE_MAX} characters` },
      ]);
    }
    if (new Set(fields.authorIds).size !== fields.authorIds.length) {
      throw new ValidationError('Invalid book', [{ field: 'author_ids', message: 'must not repeat an author' }]);
    }
    if (fields.genreId !== null && fields.typeId === null) {
      throw new ValidationError('Invalid book', [{ field: 'genre_id', message: 'a genre needs its type_id' }]);
    }
    this.originalTitle = title;
    this.titleSearch = normalizeForSearch(title);
    this.titleKey = matchKeyOf(title);
    this.authorIds = [...fields.authorIds];
    this.typeId = fields.typeId;
    this.genreId = fields.genreId;
    this.updatedAt = now;
  }
}
