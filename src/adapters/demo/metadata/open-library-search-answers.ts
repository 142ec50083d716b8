// Open Library's Search API (search.json) as the demonstration server answers it: one doc per work with the fields
// asked for, and with `editions` asked, the work's best edition as a nested answer (`editions.docs`), carrying the
// `editions.*` fields asked for (all the fields asked for when none is). The records follow the service's search
// index (openlibrary/solr/updater/edition.py of internetarchive/openlibrary, read, not copied): most values are lists,
// ISBN-13 and ISBN-10 together, MARC language codes, the binding under `format`, covers as numeric ids.
import { Isbn } from '../../../domain/catalog/isbn.js';
import { isbn13From } from '../stores/deterministic-catalogue.js';
import { marcCodeOf } from '../../../domain/reference/marc-languages.js';
import type { DemoSourceView } from './demo-metadata-catalogue.js';
import { authorKey, editionKey, PHYSICAL_FORMATS, publishDate, withoutEmpty, workKey } from './open-library-answers.js';

/** What search.json answers without `fields` (a part of the service's defaults). */
const DEFAULT_FIELDS = ['key', 'title', 'author_name', 'author_key', 'edition_count', 'first_publish_year', 'cover_i', 'cover_edition_key', 'language', 'has_fulltext'];

export function openLibrarySearchAnswer(views: readonly DemoSourceView[], fieldsParam: string | null, limit: number): Record<string, unknown> {
  const fields = (fieldsParam ?? '').split(',').map((f) => f.trim()).filter((f) => f !== '');
  const asked = fields.length > 0 ? fields : DEFAULT_FIELDS;
  const workFields = asked.filter((f) => !f.includes('.') && f !== 'editions');
  const editionFields = asked.filter((f) => f.startsWith('editions.')).map((f) => f.slice('editions.'.length));
  const docs = views.slice(0, limit).map((view) => {
    const doc = picked(workRecord(view), workFields);
    if (!asked.includes('editions')) return doc;
    const edition = picked(editionRecord(view), editionFields.length > 0 ? editionFields : workFields);
    return { ...doc, editions: { numFound: 1, start: 0, numFoundExact: true, docs: [edition] } };
  });
  return { numFound: views.length, start: 0, numFoundExact: true, docs, num_found: views.length, q: '', offset: null };
}

/** The cover id the demonstration gives an edition: its ISBN's first twelve digits, so the id leads back to it. */
export function demoCoverId(isbn13: string): number {
  return Number(isbn13.slice(0, 12));
}

export function isbnOfDemoCoverId(id: string): string | null {
  return /^97[89]\d{9}$/.test(id) ? isbn13From(id) : null;
}

function workRecord(view: DemoSourceView): Record<string, unknown> {
  const { book } = view;
  const marc = marcCodeOf(book.languageCode);
  return withoutEmpty({
    key: workKey(book.isbn13),
    type: 'work',
    title: book.title,
    subtitle: book.subtitle,
    author_name: book.authors,
    author_key: book.authors.map((name) => authorKey(name).replace('/authors/', '')),
    edition_count: 1,
    edition_key: [editionKey(book.isbn13).replace('/books/', '')],
    first_publish_year: book.year,
    cover_i: view.withoutCover ? null : demoCoverId(book.isbn13),
    cover_edition_key: view.withoutCover ? null : editionKey(book.isbn13).replace('/books/', ''),
    language: marc ? [marc] : [],
    publisher: [book.publisher],
    has_fulltext: false,
  });
}

function editionRecord(view: DemoSourceView): Record<string, unknown> {
  const { book } = view;
  const isbn10 = Isbn.parse(book.isbn13).isbn10;
  const marc = marcCodeOf(book.languageCode);
  return withoutEmpty({
    key: editionKey(book.isbn13),
    type: 'edition',
    title: book.title,
    subtitle: book.subtitle,
    cover_i: view.withoutCover ? null : demoCoverId(book.isbn13),
    language: marc ? [marc] : [],
    publisher: [book.publisher],
    format: view.withoutSecondaryField ? [] : [PHYSICAL_FORMATS[book.format]],
    publish_date: [publishDate(view)],
    publish_year: [book.year],
    isbn: isbn10 ? [book.isbn13, isbn10] : [book.isbn13],
    ebook_access: 'no_ebook',
    has_fulltext: false,
  });
}

/** The record's asked fields, in the record's order; '*' asks for all. */
function picked(record: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  if (fields.includes('*')) return record;
  return Object.fromEntries(Object.entries(record).filter(([field]) => fields.includes(field)));
}
