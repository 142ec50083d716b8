import type { ServiceIdentifier } from 'inversify';

/** Time source, so use cases can be tested at a fixed instant. */
export interface Clock {
  now(): Date;
}
export const Clock = Symbol.for('Clock') as ServiceIdentifier<Clock>;

export const systemClock: Clock = { now: () => new Date() };
