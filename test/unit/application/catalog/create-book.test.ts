// CreateBook (with its BookReferenceCheck) on hand-written fakes: what is stored, and which references are refused.
import { describe, expect, it } from 'vitest';
import { BookReferenceCheck } from '../../../../src/application/catalog/book-reference-check.js';
import { CreateBook } from '../../../../src/application/catalog/create-book.js';
import { UnknownReferenceError } from '../../../../src/domain/catalog/errors.js';
import { FakeCatalogReferences } from '../../../support/fakes/fake-catalog-references.js';
import { FakeClock } from '../../../support/fakes/fake-clock.js';
import { FakeUnitOfWork } from '../../../support/fakes/fake-unit-of-work.js';
import { InMemoryAuthorRepository } from '../../../support/fakes/in-memory-author-repository.js';
import { InMemoryBookRepository } from '../../../support/fakes/in-memory-book-repository.js';
import { anAuthor, bookFields } from '../../../support/mothers/catalog.js';

const FICTION = 1;
const NOVELLA = 7;
const POETRY = 2;

function world() {
  const clock = new FakeClock();
  const books = new InMemoryBookRepository();
  const authors = new InMemoryAuthorRepository().add(anAuthor({ id: 1, name: 'Franz Kafka' }), anAuthor({ id: 2, name: 'Max Brod' }));
  const references = new FakeCatalogReferences().withGenre(NOVELLA, FICTION).withTypes(POETRY);
  const uow = new FakeUnitOfWork();
  const use = new CreateBook(books, new BookReferenceCheck(authors, references), uow, clock);
  return { use, books, clock, uow };
}

describe('CreateBook', () => {
  it('stores the book with a trimmed title, its search keys, its ordered authors, type and genre', async () => {
    const { use, books, clock, uow } = world();
    const book = await use.execute(bookFields({ originalTitle: '  Die Verwandlung ', authorIds: [2, 1], typeId: FICTION, genreId: NOVELLA }));
    expect(book.id).toBe(1);
    expect(books.stored(1)).toMatchObject({
      originalTitle: 'Die Verwandlung',
      titleSearch: 'die verwandlung',
      authorIds: [2, 1],
      typeId: FICTION,
      genreId: NOVELLA,
      createdAt: clock.now(),
      updatedAt: clock.now(),
    });
    expect(uow.committed).toBe(1);
  });

  it('refuses unknown authors, naming every missing id, and stores nothing', async () => {
    const { use, books } = world();
    const refused = use.execute(bookFields({ authorIds: [1, 8, 9] }));
    await expect(refused).rejects.toBeInstanceOf(UnknownReferenceError);
    await expect(refused).rejects.toMatchObject({ code: 'validation_failed', details: [{ field: 'author_ids', message: 'unknown author 8, 9' }] });
    expect(books.all).toEqual([]);
  });

  it('refuses an unknown type', async () => {
    const { use, books } = world();
    await expect(use.execute(bookFields({ typeId: 99 }))).rejects.toMatchObject({
      code: 'validation_failed',
      details: [{ field: 'type_id', message: 'unknown type 99' }],
    });
    expect(books.all).toEqual([]);
  });

  it("refuses a genre of another type", async () => {
    const { use, books } = world();
    await expect(use.execute(bookFields({ typeId: POETRY, genreId: NOVELLA }))).rejects.toMatchObject({
      code: 'validation_failed',
      details: [{ field: 'genre_id', message: `genre ${NOVELLA} does not belong to type ${POETRY}` }],
    });
    expect(books.all).toEqual([]);
  });

  it('refuses what the domain refuses (an empty title, a repeated author, a genre without a type) before any lookup', async () => {
    const { use, books } = world();
    await expect(use.execute(bookFields({ originalTitle: '   ' }))).rejects.toMatchObject({ details: [{ field: 'book_original_title' }] });
    await expect(use.execute(bookFields({ authorIds: [1, 1] }))).rejects.toMatchObject({ details: [{ field: 'author_ids', message: 'must not repeat an author' }] });
    await expect(use.execute(bookFields({ genreId: NOVELLA }))).rejects.toMatchObject({ details: [{ field: 'genre_id', message: 'a genre needs its type_id' }] });
    expect(books.all).toEqual([]);
  });
});
