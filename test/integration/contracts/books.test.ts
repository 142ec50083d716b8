import { MikroOrmBookRepository } from '../../../src/adapters/postgres/repositories/mikro-orm-book-repository.js';
import { describeBookRepositoryContract } from '../../contracts/ports/books.contract.js';
import { onPostgres } from './on-postgres.js';

const pg = onPostgres();

describeBookRepositoryContract('PostgreSQL', async () => {
  await pg.forgetUserData();
  return {
    books: pg.adapter((em) => new MikroOrmBookRepository(em)),
    anAuthor: (name, aliases) => pg.anAuthor(name, aliases),
    anEdition: async (bookId, format, coverUrl) => void (await pg.anEditionOf(bookId, { format, coverUrl })),
    aWishFor: async (bookId) => void (await pg.aWish(await pg.aUser(), bookId)),
    aListWith: async (bookId) => void (await pg.aList(await pg.aUser(), [bookId])),
    async aTypeAndGenre() {
      const [row] = await pg.db.sql<{ type_id: string; genre_id: string }>('select type_id, genre_id from genre order by genre_id limit 1');
      return { typeId: Number(row!.type_id), genreId: Number(row!.genre_id) };
    },
    transaction: (work) => pg.transaction(work),
  };
});
