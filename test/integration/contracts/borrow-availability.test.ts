import { SqlBorrowAvailabilityRepository } from '../../../src/adapters/postgres/repositories/sql-borrow-availability-repository.js';
import { describeBorrowAvailabilityContract } from '../../contracts/ports/borrow-availability.contract.js';
import { onPostgres } from './on-postgres.js';

const pg = onPostgres();

describeBorrowAvailabilityContract('PostgreSQL', async () => {
  await pg.forgetUserData();
  return {
    borrows: pg.adapter((em) => new SqlBorrowAvailabilityRepository(em)),
    async aBook(editions = 1) {
      const bookId = await pg.aBook();
      const isbns: string[] = [];
      for (let i = 0; i < editions; i++) {
        const editionId = await pg.anEditionOf(bookId);
        const [row] = await pg.db.sql<{ isbn: string }>('select isbn from edition where edition_id = $1', [editionId]);
        isbns.push(String(row!.isbn).trim());
      }
      return { bookId, isbns };
    },
    async aWish(bookId) {
      await pg.aWish(await pg.aUser(), bookId);
    },
    async deleteBook(bookId) {
      await pg.db.sql('delete from wish where book_id = $1', [bookId]);
      await pg.db.sql('delete from book where book_id = $1', [bookId]);
    },
  };
});
