import type { ServiceIdentifier } from 'inversify';

/** Runs a use case's writes in one database transaction; repositories called inside join it. */
export interface UnitOfWork {
  transaction<T>(work: () => Promise<T>): Promise<T>;
}
export const UnitOfWork = Symbol.for('UnitOfWork') as ServiceIdentifier<UnitOfWork>;
