// DeleteBook on hand-written fakes: a missing book, a book in use, and one that goes.
import { describe, expect, it } from 'vitest';
import { DeleteBook } from '../../../../src/application/catalog/delete-book.js';
import { BookInUseError, BookNotFoundError } from '../../../../src/domain/catalog/errors.js';
import { FakeUnitOfWork } from '../../../support/fakes/fake-unit-of-work.js';
import { InMemoryBookRepository } from '../../../support/fakes/in-memory-book-repository.js';
import { aBook } from '../../../support/mothers/catalog.js';

function world() {
  const books = new InMemoryBookRepository().add(aBook({ id: 1 }), aBook({ id: 2, originalTitle: 'Das Schloss' }));
  const uow = new FakeUnitOfWork();
  return { use: new DeleteBook(books, uow), books, uow };
}

describe('DeleteBook', () => {
  it('deletes the book and only that book', async () => {
    const { use, books, uow } = world();
    await use.execute(1);
    expect(books.all.map((b) => b.id)).toEqual([2]);
    expect(uow.committed).toBe(1);
  });

  it('refuses an unknown book with not_found', async () => {
    const { use, books } = world();
    const refused = use.execute(99);
    await expect(refused).rejects.toBeInstanceOf(BookNotFoundError);
    await expect(refused).rejects.toMatchObject({ code: 'not_found' });
    expect(books.all).toHaveLength(2);
  });

  it("passes on the repository's conflict for a book a wish or list still references", async () => {
    const { use, books } = world();
    books.markInUse(2);
    const refused = use.execute(2);
    await expect(refused).rejects.toBeInstanceOf(BookInUseError);
    await expect(refused).rejects.toMatchObject({ code: 'conflict' });
    expect(books.stored(2)).toBeDefined();
  });
});
