import { BigIntType, EntitySchema } from '@mikro-orm/core';
import { Author } from '../../../domain/catalog/author.js';
import { Book } from '../../../domain/catalog/book.js';
import { Edition } from '../../../domain/catalog/edition.js';

// Persistence mapping lives here, not on the domain classes. Tables are created by hand-written migrations.
const id = (fieldName: string) =>
  ({ type: new BigIntType('number'), primary: true, autoincrement: true, fieldName, columnType: 'bigint' }) as const;
const ref = (fieldName: string, nullable = false) =>
  ({ type: new BigIntType('number'), fieldName, columnType: 'bigint', nullable }) as const;
const timestamp = (fieldName: string) => ({ type: 'Date', fieldName, columnType: 'timestamptz' }) as const;

export const BookSchema = new EntitySchema<Book>({
  class: Book,
  tableName: 'book',
  properties: {
    id: id('book_id'),
    originalTitle: { type: 'string', fieldName: 'book_original_title' },
    titleSearch: { type: 'string', fieldName: 'title_search' },
    titleKey: { type: 'string', fieldName: 'title_key', nullable: true },
    typeId: ref('type_id', true),
    genreId: ref('genre_id', true),
    createdAt: timestamp('created_at'),
    updatedAt: timestamp('updated_at'),
    authorIds: { type: 'json', persist: false },
    coverUrl: { type: 'string', persist: false, nullable: true },
    formats: { type: 'json', persist: false },
  },
});

export const AuthorSchema = new EntitySchema<Author>({
  class: Author,
  tableName: 'author',
  properties: {
    id: id('author_id'),
    name: { type: 'string', fieldName: 'author_name' },
    aliases: { type: 'string[]', fieldName: 'aliases', columnType: 'text[]' },
    isUserCreated: { type: 'boolean', fieldName: 'is_user_created' },
    nameSearch: { type: 'string', fieldName: 'name_search' },
    createdAt: timestamp('created_at'),
    updatedAt: timestamp('updated_at'),
  },
});

export const EditionSchema = new EntitySchema<Edition>({
  class: Edition,
  tableName: 'edition',
  properties: {
    id: id('edition_id'),
    bookId: ref('book_id'),
    isbn: { type: 'string', fieldName: 'isbn', nullable: true },
    gtin: { type: 'string', fieldName: 'gtin', nullable: true },
    format: { type: 'string', fieldName: 'format' },
    languageId: ref('language_id'),
    editionTitle: { type: 'string', fieldName: 'edition_title', nullable: true },
    publisher: { type: 'string', fieldName: 'publisher', nullable: true },
    publishedYear: { type: 'integer', fieldName: 'published_year', nullable: true },
    coverUrl: { type: 'text', fieldName: 'cover_url', nullable: true },
    guessedFields: { type: 'string[]', fieldName: 'guessed_fields', columnType: 'text[]' },
    enrichedAt: { type: 'Date', fieldName: 'enriched_at', columnType: 'timestamptz', nullable: true },
    createdAt: timestamp('created_at'),
    updatedAt: timestamp('updated_at'),
  },
});

export const catalogSchemas = [BookSchema, AuthorSchema, EditionSchema];
