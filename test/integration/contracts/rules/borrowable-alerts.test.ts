// The borrowable-alert case table through the SQL detector on PostgreSQL: each case's readers (with their formats),
// its two books (one lendable edition each) and wishes stored, then the detector asked about the borrowable book; the
// wishes that got an alert must be those the table names.
import { expect } from 'vitest';
import { SqlBorrowableAlertDetector } from '../../../../src/adapters/postgres/repositories/sql-borrowable-alert-detector.js';
import { BORROWABLE_ALERTS } from '../../../contracts/rules/borrowable-alerts.js';
import { ruleDatabase } from '../../../contracts/rules/rule-database.js';
import { playRuleTable } from '../../../contracts/rules/rule-table.js';

const on = ruleDatabase();
let cases = 0;

playRuleTable(BORROWABLE_ALERTS, 'sql', async ({ wishes }) => {
  const n = ++cases;
  const languageId = await on.languageId('en');
  const book = async (role: string) => {
    const title = `Borrowable case ${n} ${role}`;
    const bookId = await on.idOf('insert into book (book_original_title, title_search) values ($1, $2) returning book_id', [title, title]);
    const isbn = on.freshIsbn();
    await on.db.sql("insert into edition (book_id, isbn, format, language_id) values ($1, $2, 'ebook', $3)", [bookId, isbn, languageId]);
    return { bookId, isbn };
  };
  const books = { borrowable: await book('borrowable'), other: await book('other') };
  const users = new Map<string, number>();
  const labels = new Map<number, string>();
  for (const wish of wishes) {
    let userId = users.get(wish.reader);
    if (userId === undefined) {
      userId = await on.idOf('insert into app_user (subject) values ($1) returning user_id', [`borrowable-case-${n}-${wish.reader}`]);
      users.set(wish.reader, userId);
      if (wish.formats) {
        await on.db.sql("insert into user_preferences (user_id, country, currency, formats) values ($1, 'DE', 'EUR', $2)", [userId, wish.formats]);
      }
    }
    const max = wish.maxPrice === undefined ? null : Math.round(Number(wish.maxPrice) * 100);
    const wishId = await on.idOf(
      `insert into wish (user_id, book_id, is_monitored, max_price_minor, max_price_currency) values ($1, $2, $3, $4, $5) returning wish_id`,
      [userId, books[wish.book].bookId, wish.monitored ?? true, max, max === null ? null : 'EUR'],
    );
    labels.set(wishId, wish.label);
  }

  const detector = new SqlBorrowableAlertDetector(on.orm.em.fork());
  const { bookId, isbn } = books.borrowable;
  const alerts = await detector.alertsForBooks([{ bookId, url: 'https://openlibrary.example/borrow', isbn13: isbn }]);
  expect(alerts.every((a) => a.kind === 'borrowable' && a.bookId === bookId), JSON.stringify(alerts)).toBe(true);
  return alerts.map((a) => labels.get(a.wishId) ?? `unknown wish ${a.wishId}`).sort();
});
