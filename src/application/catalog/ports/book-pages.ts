import type { ServiceIdentifier } from 'inversify';
import type { Book } from '../../../domain/catalog/book.js';
import type { PageRequest, PageSlice } from '../../../domain/shared/page.js';

/** What a listing shows of a book: its fields without the search columns, read without making the entity. */
export type BookSummary = Pick<Book, 'id' | 'originalTitle' | 'authorIds' | 'typeId' | 'genreId' | 'coverUrl' | 'formats' | 'createdAt' | 'updatedAt'>;

/** The summary's fields of a book (or of a summary), nothing else. */
export const bookSummaryOf = (b: BookSummary): BookSummary => ({
  id: b.id,
  originalTitle: b.originalTitle,
  authorIds: b.authorIds,
  typeId: b.typeId,
  genreId: b.genreId,
  coverUrl: b.coverUrl,
  formats: b.formats,
  createdAt: b.createdAt,
  updatedAt: b.updatedAt,
});

/**
 * The read side of the whole catalog's listing (no search, no `ids`): keyset pages by book id, as BookRepository.page
 * answers them with no filter. Apart because it is the busiest read there is, and answers without the ORM.
 */
export interface BookPages {
  list(request: PageRequest): Promise<PageSlice<BookSummary>>;
}
export const BookPages = Symbol.for('BookPages') as ServiceIdentifier<BookPages>;
