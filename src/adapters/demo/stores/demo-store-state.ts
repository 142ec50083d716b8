// What the request handlers share: the seed, the overrides, the counters and the latency.
import { BehaviourOverrides } from './behaviour-overrides.js';
import { RequestStats } from './request-stats.js';

export class DemoStoreState {
  readonly overrides = new BehaviourOverrides();
  readonly stats = new RequestStats();
  baseUrl = '';

  constructor(
    readonly seed: string,
    public latencyMs: number,
  ) {}

  /** Removes every override and zeroes the counters. */
  reset(): void {
    this.overrides.clear();
    this.stats.reset();
  }
}

/** A latency in whole milliseconds, or an error for anything negative or not finite. */
export function checkedLatency(ms: number): number {
  if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`Latency must be a non-negative number of milliseconds, not ${ms}`);
  return Math.round(ms);
}
