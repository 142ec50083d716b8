import type { EditionFormat } from '../../../src/domain/catalog/edition.js';
import { describeBookRepositoryContract } from '../../contracts/ports/books.contract.js';
import { FakeUnitOfWork } from '../../support/fakes/fake-unit-of-work.js';
import { InMemoryAuthorRepository } from '../../support/fakes/in-memory-author-repository.js';
import { InMemoryBookRepository } from '../../support/fakes/in-memory-book-repository.js';
import { anAuthor } from '../../support/mothers/catalog.js';

describeBookRepositoryContract('in memory', async () => {
  const authors = new InMemoryAuthorRepository();
  const editions: Array<{ id: number; bookId: number; format: EditionFormat; coverUrl: string | null }> = [];
  const books = new InMemoryBookRepository({ authors, editions: { all: editions } });
  const unitOfWork = new FakeUnitOfWork();
  let authorIds = 0;
  return {
    books,
    async anAuthor(name, aliases = []) {
      const author = anAuthor({ id: ++authorIds, name, aliases });
      authors.add(author);
      return author.id;
    },
    anEdition: async (bookId, format, coverUrl = null) => void editions.push({ id: editions.length + 1, bookId, format, coverUrl }),
    aWishFor: async (bookId) => void books.markInUse(bookId),
    aListWith: async (bookId) => void books.markInUse(bookId),
    aTypeAndGenre: async () => ({ typeId: 1, genreId: 3 }),
    transaction: (work) => unitOfWork.transaction(work),
  };
});
