import type { ServiceIdentifier } from 'inversify';

/** When maintainer alerts fire, from configuration: the grouping window, and the `api_error` threshold and window. */
export interface MaintainerAlertPolicy {
  groupWindowMs: number;
  apiErrorThreshold: number;
  apiErrorWindowMs: number;
}
export const MaintainerAlertPolicy = Symbol.for('MaintainerAlertPolicy') as ServiceIdentifier<MaintainerAlertPolicy>;
