import { describeBookListRepositoryContract } from '../../contracts/ports/book-lists.contract.js';
import { FakeClock } from '../../support/fakes/fake-clock.js';
import { InMemoryBookListRepository } from '../../support/fakes/in-memory-book-list-repository.js';

describeBookListRepositoryContract('in memory', async () => {
  const lists = new InMemoryBookListRepository(new FakeClock());
  let users = 0;
  let books = 0;
  return {
    lists,
    aUser: async () => ++users,
    async aBook(title, authors = []) {
      const bookId = 100 + ++books;
      lists.describeBook(bookId, { title, authors, bestPrice: null });
      return bookId;
    },
  };
});
