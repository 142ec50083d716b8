// Who hears that a wished book became borrowable (the `borrowable` alert): stated once in the domain
// (wishesToldBorrowable, domain/alerts/borrowable-alert.ts), run by production in SQL, set-based for a batch of books
// (SqlBorrowableAlertDetector). The unit runner plays the cases through the domain, the integration runner through the
// detector on PostgreSQL. Whether a book became borrowable at all is the lending check's (becameBorrowable).
import type { EditionFormat } from '../../../src/domain/catalog/edition.js';
import type { RuleTable } from './rule-table.js';

export interface WishInCase {
  /** How the case names the wish (what `told` lists). */
  label: string;
  /** Whose wish: one reader per name. */
  reader: string;
  /** The book that became borrowable, or another one. */
  book: 'borrowable' | 'other';
  /** Monitored unless told. */
  monitored?: boolean;
  /** The reader's formats (their saved preferences); every format when absent. */
  formats?: EditionFormat[];
  /** The wish's max price (EUR), to show prices play no part. */
  maxPrice?: string;
}

export interface BorrowableAlertCase {
  name: string;
  wishes: WishInCase[];
  /** The labels of the wishes that get one alert each, in label order. */
  told: string[];
}

export const BORROWABLE_ALERTS: RuleTable<BorrowableAlertCase, string[]> = {
  rule: 'the wishes told that their book became borrowable',
  domain: 'wishesToldBorrowable (domain/alerts/borrowable-alert.ts)',
  sql: 'SqlBorrowableAlertDetector',
  expected: (c) => [...c.told].sort(),
  cases: [
    {
      name: 'a monitored wish of the book is told',
      wishes: [{ label: 'ann', reader: 'ann', book: 'borrowable' }],
      told: ['ann'],
    },
    {
      name: 'a wish the reader stopped monitoring is not',
      wishes: [{ label: 'ann', reader: 'ann', book: 'borrowable', monitored: false }],
      told: [],
    },
    {
      name: "every reader's monitored wish of the book is told, one alert each",
      wishes: [
        { label: 'ann', reader: 'ann', book: 'borrowable' },
        { label: 'bob', reader: 'bob', book: 'borrowable' },
        { label: 'cy', reader: 'cy', book: 'borrowable', monitored: false },
      ],
      told: ['ann', 'bob'],
    },
    {
      name: 'a wish of another book is not',
      wishes: [
        { label: 'ann-other', reader: 'ann', book: 'other' },
        { label: 'bob', reader: 'bob', book: 'borrowable' },
      ],
      told: ['bob'],
    },
    {
      name: 'the reader’s formats do not narrow it: a paperback reader is told of the e-book loan',
      wishes: [{ label: 'ann', reader: 'ann', book: 'borrowable', formats: ['paperback'] }],
      told: ['ann'],
    },
    {
      name: 'a max price plays no part: borrowing is free',
      wishes: [{ label: 'ann', reader: 'ann', book: 'borrowable', maxPrice: '0.01' }],
      told: ['ann'],
    },
  ],
};
