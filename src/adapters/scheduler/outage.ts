/** 0.5 s, 1 s, 2 s, … up to 10 s between attempts while something does not answer. */
export function backoffMs(failures: number): number {
  return Math.min(500 * 2 ** failures, 10_000);
}

/** Resolves after `ms`, or at once when `signal` aborts; never with an infinite `ms` (unless aborted). */
export function waitMs(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = (): void => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = Number.isFinite(ms) ? setTimeout(done, Math.max(0, ms)) : undefined;
    signal?.addEventListener('abort', done, { once: true });
  });
}

/**
 * One line when something stops answering and one when it answers again, however many loops notice it in
 * between (eight fetch workers would otherwise print eight lines a second).
 */
export class OutageReport {
  private since: number | null = null;

  constructor(
    private readonly what: string,
    private readonly say: (line: string) => void,
  ) {}

  failed(error: unknown): void {
    if (this.since !== null) return;
    this.since = Date.now();
    this.say(`${this.what} unreachable (${error instanceof Error ? error.message : String(error)}); retrying with backoff`);
  }

  recovered(): void {
    if (this.since === null) return;
    this.say(`${this.what} reachable again after ${((Date.now() - this.since) / 1000).toFixed(1)} s`);
    this.since = null;
  }
}

/** Which failures are outages to ride out (the database or the queue does not answer), not a fault of the work. */
export interface OutageRule {
  isOutage(error: unknown): boolean;
}

/** No failure is an outage: every one is the work's own. */
export const NO_OUTAGES: OutageRule = { isOutage: () => false };

/**
 * Runs `step` until it succeeds (true), retrying with backoff while its failure is an outage; false once `until`
 * (epoch ms) has passed. A failure that is not an outage is thrown.
 */
export async function retryUntil(
  step: () => Promise<unknown>,
  options: { outages: OutageRule; until: number; outage: OutageReport },
): Promise<boolean> {
  for (let failures = 0; ; failures++) {
    try {
      await step();
      options.outage.recovered();
      return true;
    } catch (error) {
      if (!options.outages.isOutage(error)) throw error;
      options.outage.failed(error);
      const left = options.until - Date.now();
      if (left <= 0) return false;
      await waitMs(Math.min(backoffMs(failures), left));
    }
  }
}
