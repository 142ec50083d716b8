import type { ServiceIdentifier } from 'inversify';
import type { Month } from '../../../domain/pricing/month.js';

/**
 * Collapses the daily quotes of a month into one monthly quote per edition × store (min, max, avg, last, count),
 * in one transaction: a crash leaves the month untouched or fully consolidated; a second run changes nothing.
 * Returns the number of daily quotes consolidated.
 */
export interface Consolidation {
  consolidate(month: Month): Promise<number>;
}
export const Consolidation = Symbol.for('Consolidation') as ServiceIdentifier<Consolidation>;
