import { expect, it } from 'vitest';
import { MikroOrmBookRepository } from '../../../src/adapters/postgres/repositories/mikro-orm-book-repository.js';
import { openOrm } from '../../../src/adapters/postgres/database.js';
import { PgBookPages } from '../../../src/adapters/postgres/repositories/pg-book-pages.js';
import { describeBookPagesContract } from '../../contracts/ports/book-pages.contract.js';
import { onPostgres } from './on-postgres.js';

const pg = onPostgres();
const subject = async () => {
  await pg.forgetUserData();
  return {
    pages: pg.adapter((em) => new PgBookPages(em)),
    books: pg.adapter((em) => new MikroOrmBookRepository(em)),
    anAuthor: (name: string) => pg.anAuthor(name),
    anEdition: async (bookId: number, format: string, coverUrl?: string | null) => void (await pg.anEditionOf(bookId, { format, coverUrl })),
    async aTypeAndGenre() {
      const [row] = await pg.db.sql<{ type_id: string; genre_id: string }>('select type_id, genre_id from genre order by genre_id limit 1');
      return { typeId: Number(row!.type_id), genreId: Number(row!.genre_id) };
    },
  };
};

describeBookPagesContract('PostgreSQL', subject);

// Timestamps written by SQL carry microseconds, which a JavaScript Date cannot: the summary drops them as the
// repository's rows do (truncated, never rounded up), before 1970 too.
it('reads microsecond timestamps to the millisecond exactly as the repository does', async () => {
  const w = await subject();
  const ids = [await pg.aBook({ title: 'A' }), await pg.aBook({ title: 'B' }), await pg.aBook({ title: 'C' })];
  await pg.db.sql(
    `update book set created_at = v.c, updated_at = v.u from (values
       ($1::bigint, timestamptz '2024-02-29 23:59:59.999999+00', timestamptz '2026-11-29 12:00:00.000501+00'),
       ($2::bigint, timestamptz '1969-12-31 23:59:59.123999+00', timestamptz '1900-01-01 00:00:00.9995+00'),
       ($3::bigint, timestamptz '2026-01-01 00:00:00+00', timestamptz '2026-01-01 00:00:00.0005+00')) as v(id, c, u)
     where book_id = v.id`,
    ids,
  );
  const page = await w.pages.list({ window: { kind: 'first' }, size: 10 });
  const stamps = (items: Array<{ createdAt: Date; updatedAt: Date }>) => items.map((b) => [b.createdAt.toISOString(), b.updatedAt.toISOString()]);
  expect(stamps(page.items)).toEqual(stamps((await w.books.page({}, { window: { kind: 'first' }, size: 10 })).items));
  expect(stamps(page.items)).toEqual([
    ['2024-02-29T23:59:59.999Z', '2026-11-29T12:00:00.000Z'],
    ['1969-12-31T23:59:59.123Z', '1900-01-01T00:00:00.999Z'],
    ['2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z'],
  ]);
});

// Rows read as text are parsed as PostgreSQL's ISO output (its default date style, which the ORM's own date parsing
// expects too), with the offset of whatever time zone the server's sessions are in.
it('reads the timestamps right on a server whose sessions are in another time zone', async () => {
  const id = await pg.aBook({ title: 'Zoned' });
  await pg.db.sql(`update book set created_at = timestamptz '2024-02-29 23:59:59.999999+00', updated_at = timestamptz '1969-12-31 23:59:59.5+00' where book_id = $1`, [id]);
  const [database] = await pg.db.sql<{ name: string }>('select current_database() as name');
  const name = database!.name;
  await pg.db.sql(`alter database "${name}" set timezone = 'Asia/Kolkata'`);
  const orm = await openOrm(pg.db.url, 1);
  try {
    const page = await new PgBookPages(orm.em.fork()).list({ window: { kind: 'last' }, size: 1 });
    expect(page.items.map((b) => [b.createdAt.toISOString(), b.updatedAt.toISOString()])).toEqual([['2024-02-29T23:59:59.999Z', '1969-12-31T23:59:59.500Z']]);
  } finally {
    await orm.close(true);
    await pg.db.sql(`alter database "${name}" reset timezone`);
  }
});
