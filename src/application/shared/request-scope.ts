import type { ServiceIdentifier } from 'inversify';

/**
 * Isolates one unit of work (an HTTP request, a job run): the persistence adapter gives each scope
 * its own identity map, so nothing leaks between requests.
 */
export interface RequestScope {
  run<T>(work: () => Promise<T>): Promise<T>;
}
export const RequestScope = Symbol.for('RequestScope') as ServiceIdentifier<RequestScope>;
