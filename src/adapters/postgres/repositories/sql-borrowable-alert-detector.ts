import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import type { NewUserAlert } from '../../../application/alerts/ports/alert-detector.js';
import type { BorrowableAlertDetector } from '../../../application/alerts/ports/borrowable-alert-detector.js';
import type { BecameBorrowable } from '../../../domain/alerts/borrowable-alert.js';
import { executeBound } from '../../kits/sql/select-rows.js';
import { OrmEntityManager } from '../orm-tokens.js';
import { type Row, toDate, toId } from './row-mapping.js';

/*
 * The SQL twin of wishesToldBorrowable (domain/alerts/borrowable-alert.ts): every monitored wish of each book gets one
 * `borrowable` alert (wish_book_idx), with the lender's page and the lent edition when the ISBN is one of the book's
 * editions (edition_isbn_unique); no store, no price (migration 27). Both are held to the case table
 * test/contracts/rules/borrowable-alerts.ts: change both, or neither.
 */
const INSERT_BORROWABLE = `
with became as (
  select b.book_id, b.url, b.isbn from jsonb_to_recordset(?::jsonb) as b(book_id bigint, url text, isbn text)
),
inserted as (
  insert into alert (user_id, wish_id, book_id, edition_id, alert_kind, borrow_url)
  select w.user_id, w.wish_id, w.book_id,
         (select e.edition_id from edition e where e.isbn = b.isbn and e.book_id = b.book_id),
         'borrowable', b.url
  from became b
  join wish w on w.book_id = b.book_id and w.is_monitored
  order by w.book_id, w.wish_id
  returning alert_id, user_id, wish_id, book_id, edition_id, borrow_url, created_at
)
select i.*, bk.book_original_title
from inserted i join book bk on bk.book_id = i.book_id
order by i.alert_id`;

@injectable()
export class SqlBorrowableAlertDetector implements BorrowableAlertDetector {
  constructor(@inject(OrmEntityManager) private readonly em: EntityManager) {}

  async alertsForBooks(books: readonly BecameBorrowable[]): Promise<NewUserAlert[]> {
    if (books.length === 0) return [];
    const became = books.map((b) => ({ book_id: b.bookId, url: b.url, isbn: b.isbn13 }));
    const rows = await executeBound(this.em, INSERT_BORROWABLE, [JSON.stringify(became)]);
    return rows.map((row: Row) => ({
      alertId: toId(row.alert_id),
      userId: toId(row.user_id),
      wishId: toId(row.wish_id),
      quoteId: null,
      bookId: toId(row.book_id),
      bookTitle: String(row.book_original_title),
      editionId: row.edition_id === null ? null : toId(row.edition_id),
      storeId: null,
      storeName: null,
      kind: 'borrowable',
      amount: null,
      currency: null,
      previousAmount: null,
      threshold: null,
      url: String(row.borrow_url),
      createdAt: toDate(row.created_at),
    }));
  }
}
