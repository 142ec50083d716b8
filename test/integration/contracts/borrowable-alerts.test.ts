import { SqlAlertRepository } from '../../../src/adapters/postgres/repositories/sql-alert-repository.js';
import { SqlBorrowableAlertDetector } from '../../../src/adapters/postgres/repositories/sql-borrowable-alert-detector.js';
import { describeBorrowableAlertDetectorContract } from '../../contracts/ports/borrowable-alerts.contract.js';
import { onPostgres } from './on-postgres.js';

const pg = onPostgres();
let books = 0;

describeBorrowableAlertDetectorContract('PostgreSQL', async () => {
  await pg.forgetUserData();
  return {
    detector: pg.adapter((em) => new SqlBorrowableAlertDetector(em)),
    alerts: pg.adapter((em) => new SqlAlertRepository(em)),
    aUser: () => pg.aUser(),
    async aBook(count = 1) {
      const title = `Borrowable book ${++books}`;
      const bookId = await pg.aBook({ title });
      const editions = [];
      for (let i = 0; i < count; i++) {
        const editionId = await pg.anEditionOf(bookId, { format: 'ebook' });
        const [row] = await pg.db.sql<{ isbn: string }>('select isbn from edition where edition_id = $1', [editionId]);
        editions.push({ editionId, isbn13: String(row!.isbn).trim() });
      }
      return { bookId, title, editions };
    },
    async aWish(userId, bookId, options = {}) {
      const wishId = await pg.aWish(userId, bookId);
      if (options.monitored === false) await pg.db.sql('update wish set is_monitored = false where wish_id = $1', [wishId]);
      return wishId;
    },
  };
});
