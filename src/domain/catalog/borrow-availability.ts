// Borrow or buy (issue 27 §4): whether a wished book can be borrowed as an e-book from a lending programme, as the
// metadata enrichment last found it. A book is available when one of its editions is; the lender is asked by ISBN.

/** A book's availability for borrowing, as last checked. */
export interface BorrowAvailability {
  available: boolean;
  /** Where to borrow it (the lender's page of an available edition); null when not available. */
  url: string | null;
  checkedAt: Date;
}

/** What a lending programme says about one edition (by ISBN): available with the page to borrow it, or not. */
export type LendingOffer = { available: true; url: string } | { available: false };

/**
 * The book's availability from its editions' offers, in the book's edition order (an edition the lender does not
 * hold has none): available when one is, through the first available edition's page.
 */
export function borrowAvailabilityOf(offers: ReadonlyArray<LendingOffer | undefined>, checkedAt: Date): BorrowAvailability {
  const first = offers.find((offer): offer is { available: true; url: string } => offer?.available === true);
  return first ? { available: true, url: first.url, checkedAt } : { available: false, url: null, checkedAt };
}

/**
 * A check turned the book borrowable: it was checked before and was not available then. A first check is no change
 * (the book simply shows its link), so starting the lending check does not announce every available book at once.
 */
export function becameBorrowable(before: BorrowAvailability | null, after: BorrowAvailability): boolean {
  return before !== null && !before.available && after.available;
}

/** A representation (a wish, a book) with its book's availability for borrowing; null: never checked. */
export type WithBorrow<T> = T & { borrow: BorrowAvailability | null };
