/**
 * Whether this instance takes new work: false from the start of a stop, so /readyz turns a load balancer away, and
 * long requests in flight (an import of many chunks) can stop at a safe point instead of being cut at the deadline.
 */
export class Readiness {
  private readonly stop = new AbortController();

  get stopping(): boolean {
    return this.stop.signal.aborted;
  }

  /** Aborted when the stop starts. */
  get stopSignal(): AbortSignal {
    return this.stop.signal;
  }

  markStopping(): void {
    this.stop.abort(new Error('the service is stopping'));
  }
}
