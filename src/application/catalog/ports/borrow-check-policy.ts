import type { ServiceIdentifier } from 'inversify';

/** Whether wished books are checked for borrowing (LENDING), and how often, from configuration. */
export interface BorrowCheckPolicy {
  enabled: boolean;
  /** A book is checked again once its last check is this old (LENDING_REFRESH). */
  refreshAfterSeconds: number;
}
export const BorrowCheckPolicy = Symbol.for('BorrowCheckPolicy') as ServiceIdentifier<BorrowCheckPolicy>;
