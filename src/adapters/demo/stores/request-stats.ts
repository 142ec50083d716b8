// Requests per store, and the most seen in flight at once (a benchmark checks its concurrency limit with it).
import { DEMO_STORE_SLUGS, type DemoStoreSlug, type DemoStoreStats } from './demo-store-types.js';

export class RequestStats {
  private counts = this.empty();
  private inFlight = new Map<DemoStoreSlug, number>();

  /** Counts a request in; call the returned function once when its response is over (sent or abandoned). */
  begin(store: DemoStoreSlug): () => void {
    const entry = this.counts[store];
    entry.requests += 1;
    const now = (this.inFlight.get(store) ?? 0) + 1;
    this.inFlight.set(store, now);
    if (now > entry.maxInFlight) entry.maxInFlight = now;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.inFlight.set(store, Math.max(0, (this.inFlight.get(store) ?? 1) - 1));
    };
  }

  snapshot(): Record<DemoStoreSlug, DemoStoreStats> {
    return Object.fromEntries(DEMO_STORE_SLUGS.map((s) => [s, { ...this.counts[s] }])) as Record<DemoStoreSlug, DemoStoreStats>;
  }

  /** Zeroes the counters; the maximum restarts from the requests still in flight. */
  reset(): void {
    this.counts = this.empty();
    for (const [store, n] of this.inFlight) this.counts[store].maxInFlight = n;
  }

  private empty(): Record<DemoStoreSlug, DemoStoreStats> {
    return Object.fromEntries(DEMO_STORE_SLUGS.map((s) => [s, { requests: 0, maxInFlight: 0 }])) as Record<DemoStoreSlug, DemoStoreStats>;
  }
}
