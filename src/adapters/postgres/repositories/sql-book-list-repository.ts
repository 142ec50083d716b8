import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import type { BookListRepository } from '../../../application/lists/ports/book-list-repository.js';
import type { BookList, NewBookList, PublicBookList, PublicListBook } from '../../../domain/lists/book-list.js';
import type { PageRequest, PageSlice } from '../../../domain/shared/page.js';
import { Money } from '../../../domain/shared/money.js';
import { queryPage } from '../../kits/sql/keyset.js';
import { OrmEntityManager } from '../orm-tokens.js';
import { bigintArray, type Row, toDate, toId, toIds } from './row-mapping.js';
import { convertedMinorSql, minorDigitsSql, rateSql, utcDaySql } from './sql-currency-conversion.js';

const LIST_COLUMNS = `l.list_id, l.list_name, l.token, l.created_at,
  array(select i.book_id from book_list_item i where i.list_id = l.list_id order by i.position) as book_ids`;

@injectable()
export class SqlBookListRepository implements BookListRepository {
  constructor(@inject(OrmEntityManager) private readonly em: EntityManager) {}

  page(userId: number, request: PageRequest): Promise<PageSlice<BookList>> {
    return queryPage(
      this.em,
      { selectFrom: `select ${LIST_COLUMNS} from book_list l`, filters: [['l.user_id = ?', [userId]]], key: 'l.list_id', order: 'asc' },
      request,
      listFromRow,
    );
  }

  async findById(userId: number, listId: number): Promise<BookList | null> {
    const rows = await this.em.execute<Row[]>(`select ${LIST_COLUMNS} from book_list l where l.user_id = ? and l.list_id = ?`, [userId, listId]);
    return rows[0] ? listFromRow(rows[0]) : null;
  }

  async add(userId: number, list: NewBookList): Promise<BookList> {
    const [row] = await this.em.execute<Row[]>(
      'insert into book_list (user_id, list_name, token) values (?, ?, ?) returning list_id, created_at',
      [userId, list.name, list.token],
    );
    const listId = toId(row!.list_id);
    if (list.bookIds.length > 0) {
      await this.em.execute(
        `insert into book_list_item (list_id, book_id, position)
         select ?, b.book_id, b.position from unnest(?::bigint[]) with ordinality as b(book_id, position)`,
        [listId, bigintArray(list.bookIds)],
      );
    }
    return { id: listId, name: list.name, bookIds: [...list.bookIds], token: list.token, createdAt: toDate(row!.created_at) };
  }

  async remove(userId: number, listId: number): Promise<boolean> {
    const result = await this.em.execute<{ affectedRows: number }>('delete from book_list where user_id = ? and list_id = ?', [userId, listId], 'run');
    return result.affectedRows > 0;
  }

  async findPublic(token: string): Promise<PublicBookList | null> {
    // Prices are shown in the owner's preferred currency when a store quotes one; else the cheapest once converted.
    const lists = await this.em.execute<Row[]>(
      `select l.list_id, l.list_name, l.created_at, p.currency as owner_currency
       from book_list l join effective_preferences p on p.user_id = l.user_id where l.token = ?`,
      [token],
    );
    const list = lists[0];
    if (!list) return null;
    // Each book with its authors and its current best price: the cheapest latest daily quote per store. A quote in
    // the owner's currency comes first; the others are compared converted into it at the reference rate of the quote's
    // day (sql-currency-conversion.ts, as a wish's price is), and one with no rate only with quotes in its own currency.
    const rows = await this.em.execute<Row[]>(
      `select b.book_id, b.book_original_title,
         array(select a.author_name from book_author ba join author a on a.author_id = ba.author_id
               where ba.book_id = b.book_id order by ba.position) as authors,
         best.amount_minor, best.currency, best.url, best.fetched_at, best.store_name
       from book_list_item i
       join book b on b.book_id = i.book_id
       cross join (select ?::char(3) as currency) lo
       left join lateral (
         select q.amount_minor, q.currency, q.url, q.fetched_at, s.store_name
         from (select distinct on (q.edition_id, q.store_id) q.*
               from price_quote q join edition e on e.edition_id = q.edition_id
               -- A suspect quote (a large drop a second reading did not confirm) is never a best price.
               where e.book_id = b.book_id and q.quote_kind = 'daily' and not q.suspect
               order by q.edition_id, q.store_id, q.fetched_at desc) q
         join store s on s.store_id = q.store_id
         left join lateral (${rateSql('q.currency', 'lo.currency', utcDaySql('q.fetched_at'))}) r on true
         where q.availability <> 'out_of_stock'
         order by (q.currency = lo.currency) desc,
           ${convertedMinorSql('q.amount_minor', 'r.rate', 'q.currency', minorDigitsSql('lo.currency'))} asc nulls last,
           q.currency, q.amount_minor asc, q.fetched_at desc
         limit 1
       ) best on true
       where i.list_id = ?
       order by i.position`,
      [list.owner_currency, list.list_id],
    );
    return { name: String(list.list_name), createdAt: toDate(list.created_at), books: rows.map(publicBookFromRow) };
  }
}

function listFromRow(row: Row): BookList {
  return {
    id: toId(row.list_id),
    name: String(row.list_name),
    bookIds: toIds(row.book_ids),
    token: String(row.token),
    createdAt: toDate(row.created_at),
  };
}

function publicBookFromRow(row: Row): PublicListBook {
  const currency = row.currency as string | null;
  return {
    bookId: toId(row.book_id),
    title: String(row.book_original_title),
    authors: (row.authors as string[]) ?? [],
    bestPrice:
      currency === null || row.amount_minor === null
        ? null
        : {
            ...Money.fromMinor(BigInt(String(row.amount_minor)), currency.trim()).toJSON(),
            storeName: String(row.store_name),
            url: String(row.url),
            fetchedAt: toDate(row.fetched_at),
          },
  };
}
