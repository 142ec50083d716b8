import { z } from 'zod';
import type { Author } from '../../../domain/catalog/author.js';
import type { BookSummary } from '../../../application/catalog/ports/book-pages.js';
import { EDITION_FORMATS, type Edition } from '../../../domain/catalog/edition.js';
import { Timestamp } from '../../kits/http/routing/common-schemas.js';
import { isoTimestamp } from '../../kits/http/routing/iso-timestamp.js';

// Response shapes (snake_case, `<resource>_id`, ISO timestamps) and the functions that produce them.

export const BookJson = z.object({
  book_id: z.number(),
  book_original_title: z.string(),
  author_ids: z.array(z.number()),
  type_id: z.number().nullable(),
  genre_id: z.number().nullable(),
  cover_url: z.string().nullable().describe('The cover of its edition with the lowest id that has one; null when none has'),
  formats: z.array(z.enum(EDITION_FORMATS)).describe('The formats it has editions in (hardcover, paperback, ebook, audiobook order)'),
  created_at: Timestamp,
  updated_at: Timestamp,
});

export const bookJson = (book: BookSummary): z.infer<typeof BookJson> => ({
  book_id: book.id,
  book_original_title: book.originalTitle,
  author_ids: book.authorIds,
  type_id: book.typeId,
  genre_id: book.genreId,
  cover_url: book.coverUrl,
  formats: book.formats,
  created_at: isoTimestamp(book.createdAt),
  updated_at: isoTimestamp(book.updatedAt),
});

export const EditionJson = z.object({
  edition_id: z.number(),
  book_id: z.number(),
  isbn: z.string().nullable().describe('ISBN-13; null for a product identified by its GTIN alone'),
  gtin: z
    .string()
    .nullable()
    .describe('The GTIN given for a product without an ISBN (13 digits, or 14 when its indicator digit is not 0); else null'),
  format: z.enum(EDITION_FORMATS),
  language_id: z.number(),
  edition_title: z.string().nullable(),
  publisher: z.string().nullable(),
  published_year: z.number().nullable(),
  cover_url: z.string().nullable(),
  created_at: Timestamp,
  updated_at: Timestamp,
});

export const editionJson = (edition: Edition): z.infer<typeof EditionJson> => ({
  edition_id: edition.id,
  book_id: edition.bookId,
  isbn: edition.isbn,
  gtin: edition.gtin,
  format: edition.format,
  language_id: edition.languageId,
  edition_title: edition.editionTitle,
  publisher: edition.publisher,
  published_year: edition.publishedYear,
  cover_url: edition.coverUrl,
  created_at: isoTimestamp(edition.createdAt),
  updated_at: isoTimestamp(edition.updatedAt),
});

export const AuthorJson = z.object({
  author_id: z.number(),
  author_name: z.string(),
  aliases: z.array(z.string()),
  is_user_created: z.boolean(),
  created_at: Timestamp,
  updated_at: Timestamp,
});

export const authorJson = (author: Author): z.infer<typeof AuthorJson> => ({
  author_id: author.id,
  author_name: author.name,
  aliases: author.aliases,
  is_user_created: author.isUserCreated,
  created_at: isoTimestamp(author.createdAt),
  updated_at: isoTimestamp(author.updatedAt),
});
