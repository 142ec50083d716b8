import { describeBorrowAvailabilityContract } from '../../contracts/ports/borrow-availability.contract.js';
import { InMemoryBorrowAvailabilityRepository } from '../../support/fakes/in-memory-borrow-availability-repository.js';

describeBorrowAvailabilityContract('in memory', async () => {
  const borrows = new InMemoryBorrowAvailabilityRepository();
  let books = 0;
  let isbns = 0;
  return {
    borrows,
    async aBook(editions = 1) {
      const bookId = 100 + ++books;
      const list = Array.from({ length: editions }, () => `979000${String(++isbns).padStart(7, '0')}`);
      borrows.addBook(bookId, list);
      return { bookId, isbns: list };
    },
    async aWish(bookId) {
      borrows.addWish(bookId);
    },
    async deleteBook(bookId) {
      borrows.deleteBook(bookId);
    },
  };
});
