// UpdateBook on hand-written fakes: PUT semantics, a missing book, and references checked like on create.
import { describe, expect, it } from 'vitest';
import { BookReferenceCheck } from '../../../../src/application/catalog/book-reference-check.js';
import { UpdateBook } from '../../../../src/application/catalog/update-book.js';
import { BookNotFoundError } from '../../../../src/domain/catalog/errors.js';
import { FakeCatalogReferences } from '../../../support/fakes/fake-catalog-references.js';
import { FakeClock } from '../../../support/fakes/fake-clock.js';
import { FakeUnitOfWork } from '../../../support/fakes/fake-unit-of-work.js';
import { InMemoryAuthorRepository } from '../../../support/fakes/in-memory-author-repository.js';
import { InMemoryBookRepository } from '../../../support/fakes/in-memory-book-repository.js';
import { aBook, anAuthor, bookFields } from '../../../support/mothers/catalog.js';

const CREATED = new Date('2026-01-15T10:00:00Z');

function world() {
  const clock = new FakeClock();
  const books = new InMemoryBookRepository().add(aBook({ id: 4, originalTitle: 'Der Proces', authorIds: [1], typeId: 1, genreId: 7, at: CREATED }));
  const authors = new InMemoryAuthorRepository().add(anAuthor({ id: 1 }), anAuthor({ id: 2, name: 'Max Brod' }));
  const references = new FakeCatalogReferences().withGenre(7, 1);
  const use = new UpdateBook(books, new BookReferenceCheck(authors, references), new FakeUnitOfWork(), clock);
  return { use, books, clock };
}

describe('UpdateBook', () => {
  it('replaces every field, keeps the creation time and moves the update time', async () => {
    const { use, books, clock } = world();
    const updated = await use.execute(4, bookFields({ originalTitle: 'Der Process', authorIds: [2, 1], typeId: null, genreId: null }));
    expect(updated.id).toBe(4);
    expect(books.stored(4)).toMatchObject({
      originalTitle: 'Der Process',
      titleSearch: 'der process',
      authorIds: [2, 1],
      typeId: null,
      genreId: null,
      createdAt: CREATED,
      updatedAt: clock.now(),
    });
  });

  it('refuses an unknown book with not_found', async () => {
    const { use } = world();
    const refused = use.execute(99, bookFields());
    await expect(refused).rejects.toBeInstanceOf(BookNotFoundError);
    await expect(refused).rejects.toMatchObject({ code: 'not_found' });
  });

  it('keeps the stored book unchanged when a reference is unknown', async () => {
    const { use, books } = world();
    await expect(use.execute(4, bookFields({ originalTitle: 'Der Process', authorIds: [3] }))).rejects.toMatchObject({
      code: 'validation_failed',
      details: [{ field: 'author_ids', message: 'unknown author 3' }],
    });
    expect(books.stored(4)).toMatchObject({ originalTitle: 'Der Proces', authorIds: [1] });
  });
});
