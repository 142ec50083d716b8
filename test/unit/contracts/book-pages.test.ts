import type { EditionFormat } from '../../../src/domain/catalog/edition.js';
import { describeBookPagesContract } from '../../contracts/ports/book-pages.contract.js';
import { InMemoryAuthorRepository } from '../../support/fakes/in-memory-author-repository.js';
import { InMemoryBookPages } from '../../support/fakes/in-memory-book-pages.js';
import { InMemoryBookRepository } from '../../support/fakes/in-memory-book-repository.js';
import { anAuthor } from '../../support/mothers/catalog.js';

describeBookPagesContract('in memory', async () => {
  const authors = new InMemoryAuthorRepository();
  const editions: Array<{ id: number; bookId: number; format: EditionFormat; coverUrl: string | null }> = [];
  const books = new InMemoryBookRepository({ authors, editions: { all: editions } });
  let authorIds = 0;
  return {
    pages: new InMemoryBookPages(books),
    books,
    async anAuthor(name) {
      const author = anAuthor({ id: ++authorIds, name });
      authors.add(author);
      return author.id;
    },
    anEdition: async (bookId, format, coverUrl = null) => void editions.push({ id: editions.length + 1, bookId, format, coverUrl }),
    aTypeAndGenre: async () => ({ typeId: 1, genreId: 3 }),
  };
});
