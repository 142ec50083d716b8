import { describeBorrowableAlertDetectorContract } from '../../contracts/ports/borrowable-alerts.contract.js';
import { InMemoryAlertRepository } from '../../support/fakes/in-memory-alert-repository.js';
import { InMemoryBorrowableAlertDetector } from '../../support/fakes/in-memory-borrowable-alert-detector.js';

describeBorrowableAlertDetectorContract('in memory', async () => {
  const alerts = new InMemoryAlertRepository();
  const detector = new InMemoryBorrowableAlertDetector(alerts);
  let users = 0;
  let books = 0;
  let editions = 0;
  let wishes = 0;
  return {
    detector,
    alerts,
    aUser: async () => ++users,
    async aBook(count = 1) {
      const bookId = 100 + ++books;
      const title = `Book ${bookId}`;
      const list = Array.from({ length: count }, () => ({ editionId: 300 + ++editions, isbn13: `979000${String(editions).padStart(7, '0')}` }));
      detector.addBook(bookId, title, list);
      return { bookId, title, editions: list };
    },
    async aWish(userId, bookId, options = {}) {
      const wishId = 200 + ++wishes;
      detector.addWish({ wishId, userId, bookId, isMonitored: options.monitored ?? true });
      return wishId;
    },
  };
});
