import type { ServiceIdentifier } from 'inversify';

/** ALERT_CONFIRM_DROP_PERCENT: a drop of more than `dropPercent` % is read twice before it alerts; null: never. */
export interface DropConfirmationPolicy {
  dropPercent: number | null;
}
export const DropConfirmationPolicy = Symbol.for('DropConfirmationPolicy') as ServiceIdentifier<DropConfirmationPolicy>;
