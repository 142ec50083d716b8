// The `borrowable` alert (issue 27 §4): a wished book became borrowable as an e-book. The lending check decides that a
// book became borrowable (becameBorrowable, domain/catalog/borrow-availability.ts); this says whom it is news for.

/** A book the lending check just found borrowable, having found it not borrowable at its check before. */
export interface BecameBorrowable {
  bookId: number;
  /** The lender's page to borrow it. */
  url: string;
  /** The ISBN-13 of the book's edition whose offer that page is; null when not known. */
  isbn13: string | null;
}

/** A wish as the rule reads it. */
export interface WishOfBook {
  wishId: number;
  userId: number;
  bookId: number;
  isMonitored: boolean;
}

/**
 * The wishes that hear a book became borrowable: every monitored wish of the book, whoever's — one alert each, every
 * time the book becomes borrowable again. A wish the reader stopped monitoring hears nothing, as for prices. Nothing of
 * the price rules narrows it (formats, readable languages, stores): the lender lends its own copy, free, to anyone,
 * and the news is about the book, not an offer. The SQL twin is SqlBorrowableAlertDetector; both are held to
 * test/contracts/rules/borrowable-alerts.ts.
 */
export function wishesToldBorrowable(bookId: number, wishes: readonly WishOfBook[]): WishOfBook[] {
  return wishes.filter((wish) => wish.bookId === bookId && wish.isMonitored);
}
