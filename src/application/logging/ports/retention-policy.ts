import type { ServiceIdentifier } from 'inversify';

/** How long log events are kept, from configuration, and how many a purge deletes per statement. */
export interface RetentionPolicy {
  days: number;
  batchSize: number;
}
export const RetentionPolicy = Symbol.for('RetentionPolicy') as ServiceIdentifier<RetentionPolicy>;
