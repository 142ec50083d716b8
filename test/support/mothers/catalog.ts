import { Author, type AuthorFields } from '../../../src/domain/catalog/author.js';
import { Book, type BookFields } from '../../../src/domain/catalog/book.js';
import { Edition, type EditionFields } from '../../../src/domain/catalog/edition.js';

const CREATED = new Date('2026-01-15T10:00:00Z');

/** Fields of a valid book with no authors, type or genre. */
export function bookFields(overrides: Partial<BookFields> = {}): BookFields {
  return { originalTitle: 'Die Verwandlung', authorIds: [], typeId: null, genreId: null, ...overrides };
}

/** A stored book: `id` given, created at a fixed instant. */
export function aBook(overrides: Partial<BookFields> & { id?: number; at?: Date } = {}): Book {
  const { id = 1, at = CREATED, ...fields } = overrides;
  const book = Book.create(bookFields(fields), at);
  book.id = id;
  return book;
}

export function authorFields(overrides: Partial<AuthorFields> = {}): AuthorFields {
  return { name: 'Franz Kafka', aliases: [], ...overrides };
}

export function anAuthor(overrides: Partial<AuthorFields> & { id?: number; at?: Date } = {}): Author {
  const { id = 1, at = CREATED, ...fields } = overrides;
  const author = Author.createByUser(authorFields(fields), at);
  author.id = id;
  return author;
}

/** Fields of a valid paperback in language 1 (ISBN 978-0-306-40615-7 unless told). */
export function editionFields(overrides: Partial<EditionFields> = {}): EditionFields {
  return { isbn: '9780306406157', format: 'paperback', languageId: 1, editionTitle: null, publisher: null, publishedYear: null, ...overrides };
}

export function anEdition(overrides: Partial<EditionFields> & { id?: number; bookId?: number; at?: Date } = {}): Edition {
  const { id = 1, bookId = 1, at = CREATED, ...fields } = overrides;
  const edition = Edition.create(bookId, editionFields(fields), at);
  edition.id = id;
  return edition;
}

/** Valid ISBN-13s, for books that need editions of their own. */
export const ISBNS = ['9780306406157', '9783150090114', '9780316030571', '9780141439518', '9780007117116'] as const;
