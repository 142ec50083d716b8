import type { ServiceIdentifier } from 'inversify';

/** Runs a use case's writes in one database transaction; repositories called inside join it. */
export interface UnitOfWork {
  /** A transaction opened inside another joins it: its after-commit actions wait for the outermost commit. */
  transaction<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Runs `action` once the transaction in progress has committed, and never when it rolls back; at once when no
   * transaction is in progress (there is nothing to wait for). A step inside a caller's transaction uses it for what
   * must only follow committed data, so no caller has to remember to call it afterwards.
   */
  afterCommit(action: () => void): void;
}
export const UnitOfWork = Symbol.for('UnitOfWork') as ServiceIdentifier<UnitOfWork>;
