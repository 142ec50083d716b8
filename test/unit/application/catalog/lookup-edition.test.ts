// LookupEdition with hand-written fakes of its ports: which answer for which source result, and what is created.
import { describe, expect, it } from 'vitest';
import { LookupEdition } from '../../../../src/application/catalog/lookup-edition.js';
import type { BookMetadata, BookMetadataSource, MetadataLookup } from '../../../../src/application/catalog/ports/book-metadata-source.js';
import type { EditionRepository } from '../../../../src/application/catalog/ports/edition-repository.js';
import type { UnitOfWork } from '../../../../src/application/shared/unit-of-work.js';
import type { AuthorOrigin, CatalogWriter, CreatedCatalogBooks, NewCatalogBook } from '../../../../src/application/catalog/ports/catalog-writer.js';
import { Edition } from '../../../../src/domain/catalog/edition.js';
import { NotFoundError, ServiceUnavailableError, ValidationError } from '../../../../src/domain/shared/domain-error.js';
import { FakeClock } from '../../../support/fakes/fake-clock.js';

const ISBN = '9783150090114';
const NOW = new Date('2026-11-25T12:00:00Z');

class FakeCatalog implements Pick<EditionRepository, 'findByIsbn'>, CatalogWriter {
  readonly editions = new Map<string, Edition>();
  readonly created: Array<{ book: NewCatalogBook; origin: AuthorOrigin | undefined }> = [];
  locks = 0;

  async findByIsbn(isbn13: string): Promise<Edition | null> {
    return this.editions.get(isbn13) ?? null;
  }

  async lockCreation(): Promise<void> {
    this.locks++;
  }

  async giveIsbns(): Promise<number> {
    throw new Error('a lookup by ISBN never gives a GTIN edition an ISBN');
  }

  async create(books: readonly NewCatalogBook[], origin?: AuthorOrigin): Promise<CreatedCatalogBooks> {
    for (const book of books) {
      this.created.push({ book, origin });
      const edition = Edition.create(1, { isbn: book.edition!.isbn13, format: book.edition!.format, languageId: 1, editionTitle: null, publisher: null, publishedYear: null }, new Date());
      edition.id = 42;
      this.editions.set(book.edition!.isbn13!, edition);
    }
    return { bookIds: new Map([[0, 1]]), createdBooks: books.length, createdAuthors: 0, createdEditions: books.length };
  }
}

const metadataOf = (answer: MetadataLookup): BookMetadataSource & { asked: string[][] } => {
  const asked: string[][] = [];
  return { asked, lookup: async (isbns) => (asked.push([...isbns]), answer), search: async () => ({ kind: 'found', editions: [] }) };
};

const book: BookMetadata = {
  isbn13: ISBN,
  title: 'Die Verwandlung',
  subtitle: 'Erzählung',
  authors: ['Franz Kafka'],
  publisher: 'Reclam',
  publishedYear: 3001,
  pages: 96,
  languageCode: null,
  format: null,
  coverUrl: 'https://covers.example/1.jpg',
  source: 'open-library',
};

const uow: UnitOfWork = { transaction: (work) => work(), afterCommit: (action) => action() };
const use = (catalog: FakeCatalog, metadata: BookMetadataSource) => new LookupEdition(catalog as unknown as EditionRepository, metadata, catalog, uow, new FakeClock(NOW));

describe('LookupEdition', () => {
  it("answers the catalog's edition without asking the sources", async () => {
    const catalog = new FakeCatalog();
    const existing = Edition.create(1, { isbn: ISBN, format: 'hardcover', languageId: 1, editionTitle: null, publisher: null, publishedYear: null }, new Date());
    catalog.editions.set(ISBN, existing);
    const metadata = metadataOf({ kind: 'found', books: new Map() });
    expect(await use(catalog, metadata).execute('3-15-009011-3')).toEqual({ kind: 'existing', edition: existing });
    expect(metadata.asked).toEqual([]);
  });

  it('creates from the source under the lock: title with subtitle, metadata authors, defaults for what the source lacks', async () => {
    const catalog = new FakeCatalog();
    const result = await use(catalog, metadataOf({ kind: 'found', books: new Map([[ISBN, book]]) })).execute(ISBN);
    expect(result.kind).toBe('created');
    expect(catalog.locks).toBe(1);
    expect(catalog.created).toEqual([
      {
        origin: 'metadata',
        book: {
          key: 0,
          title: 'Die Verwandlung: Erzählung',
          authors: ['Franz Kafka'],
          // No format: paperback; no language: the ISBN's group (978-3, German), both guesses; an impossible year is
          // dropped. As much as the sources know: it does not wait for enrichment.
          edition: {
            isbn13: ISBN, format: 'paperback', language: 'de', editionTitle: null, publisher: 'Reclam', publishedYear: null,
            coverUrl: 'https://covers.example/1.jpg', guessedFields: ['format', 'language'], enrichedAt: NOW,
          },
        },
      },
    ]);
  });

  it('bad ISBN, unknown ISBN, sources unavailable: a validation error, not found, unavailable with Retry-After', async () => {
    const catalog = new FakeCatalog();
    await expect(use(catalog, metadataOf({ kind: 'found', books: new Map() })).execute('978-3-15-009011-5')).rejects.toBeInstanceOf(ValidationError);
    await expect(use(catalog, metadataOf({ kind: 'found', books: new Map() })).execute(ISBN)).rejects.toBeInstanceOf(NotFoundError);
    const down = use(catalog, metadataOf({ kind: 'unavailable', message: 'open-library: 503', retryAfterSeconds: 30 })).execute(ISBN);
    await expect(down).rejects.toMatchObject({ retryAfterSeconds: 30 });
    await expect(down).rejects.toBeInstanceOf(ServiceUnavailableError);
    expect(catalog.created).toEqual([]);
  });
});
