import type { ServiceIdentifier } from 'inversify';

/** Claims one occurrence of a scheduled job; with several instances exactly one claim succeeds. */
export interface ScheduledRuns {
  claim(job: string, scheduledFor: Date, instanceId: string): Promise<boolean>;
}
export const ScheduledRuns = Symbol.for('ScheduledRuns') as ServiceIdentifier<ScheduledRuns>;
