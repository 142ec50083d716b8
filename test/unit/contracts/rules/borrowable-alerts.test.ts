// The borrowable-alert case table through the domain statement (wishesToldBorrowable).
import { wishesToldBorrowable } from '../../../../src/domain/alerts/borrowable-alert.js';
import { BORROWABLE_ALERTS } from '../../../contracts/rules/borrowable-alerts.js';
import { playRuleTable } from '../../../contracts/rules/rule-table.js';

const BOOK = { borrowable: 1, other: 2 } as const;

playRuleTable(BORROWABLE_ALERTS, 'domain', ({ wishes }) => {
  const readers = [...new Set(wishes.map((w) => w.reader))];
  const byId = wishes.map((w, i) => ({ wishId: i + 1, userId: readers.indexOf(w.reader) + 1, bookId: BOOK[w.book], isMonitored: w.monitored ?? true }));
  return wishesToldBorrowable(BOOK.borrowable, byId)
    .map((told) => wishes[told.wishId - 1]!.label)
    .sort();
});
