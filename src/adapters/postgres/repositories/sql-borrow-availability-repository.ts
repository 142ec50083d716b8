import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import {
  BORROW_ISBNS_PER_BOOK,
  type BookToCheck,
  type BorrowAvailabilityRepository,
} from '../../../application/catalog/ports/borrow-availability-repository.js';
import type { BorrowAvailability } from '../../../domain/catalog/borrow-availability.js';
import { executeBound, selectRows } from '../../kits/sql/select-rows.js';
import { OrmEntityManager } from '../orm-tokens.js';
import { bigintArray, type Row, toDate, toId } from './row-mapping.js';

// The books someone wishes (wish_book_idx), each once, with its last check if any.
const DUE_FROM = `
from (select distinct book_id from wish) w
left join book_borrow bb on bb.book_id = w.book_id
where bb.book_id is null or bb.checked_at < ?::timestamptz`;

const DUE = `
select w.book_id, bb.is_available, bb.borrow_url, bb.checked_at,
       array(select e.isbn from edition e where e.book_id = w.book_id and e.isbn is not null order by e.edition_id limit ${BORROW_ISBNS_PER_BOOK}) as isbns
${DUE_FROM}
order by bb.checked_at nulls first, w.book_id
limit ?`;

// A book deleted since it was read (its last wish removed first) is skipped rather than failing the batch.
const RECORD = `
insert into book_borrow (book_id, is_available, borrow_url, checked_at)
select r.book_id, r.is_available, r.borrow_url, r.checked_at
from jsonb_to_recordset(?::jsonb) as r(book_id bigint, is_available boolean, borrow_url text, checked_at timestamptz)
where exists (select 1 from book b where b.book_id = r.book_id)
on conflict (book_id) do update set
  is_available = excluded.is_available, borrow_url = excluded.borrow_url, checked_at = excluded.checked_at`;

@injectable()
export class SqlBorrowAvailabilityRepository implements BorrowAvailabilityRepository {
  constructor(@inject(OrmEntityManager) private readonly em: EntityManager) {}

  async due(checkedBefore: Date, limit: number): Promise<BookToCheck[]> {
    const rows = await this.em.execute<Row[]>(DUE, [checkedBefore.toISOString(), limit]);
    return rows.map((row) => ({
      bookId: toId(row.book_id),
      isbn13s: ((row.isbns as string[] | null) ?? []).map((isbn) => String(isbn).trim()),
      previous: row.checked_at === null ? null : borrowOf(row),
    }));
  }

  async dueCount(checkedBefore: Date): Promise<number> {
    const rows = await this.em.execute<Row[]>(`select count(*) as n ${DUE_FROM}`, [checkedBefore.toISOString()]);
    return Number(rows[0]?.n ?? 0);
  }

  async record(checks: ReadonlyArray<{ bookId: number; borrow: BorrowAvailability }>): Promise<void> {
    if (checks.length === 0) return;
    const rows = checks.map(({ bookId, borrow }) => ({
      book_id: bookId,
      is_available: borrow.available,
      borrow_url: borrow.available ? borrow.url : null,
      checked_at: borrow.checkedAt.toISOString(),
    }));
    await executeBound(this.em, RECORD, [JSON.stringify(rows)]);
  }

  async ofBooks(bookIds: readonly number[]): Promise<Map<number, BorrowAvailability>> {
    if (bookIds.length === 0) return new Map();
    // On a page's path: the plain pooled read (selectRows), served by the primary key.
    const rows = await selectRows(
      this.em,
      'select book_id, is_available, borrow_url, checked_at from book_borrow where book_id = any(?::bigint[])',
      [bigintArray(bookIds)],
    );
    return new Map(rows.map((row) => [toId(row.book_id), borrowOf(row)]));
  }
}

function borrowOf(row: Row): BorrowAvailability {
  return {
    available: row.is_available === true,
    url: row.borrow_url === null || row.borrow_url === undefined ? null : String(row.borrow_url),
    checkedAt: toDate(row.checked_at),
  };
}
