import type { StoreHealthQuery, StoreHealthReader, StoreTallies } from '../../../src/application/pricing/ports/store-health.js';
import type { FetchOutcomeLedger } from '../../../src/application/pricing/ports/fetch-outcome-ledger.js';
import type { FetchOutcome, FetchOutcomeKind, OutcomeTally } from '../../../src/domain/pricing/store-health.js';
import type { PageRequest, PageSlice } from '../../../src/domain/shared/page.js';
import { keysetPage } from './keyset-page.js';
import type { TransactionalFake } from './fake-unit-of-work.js';

/** Every recorded outcome kept as it came; tallies worked out on read. Rolls back with its unit of work. */
export class InMemoryFetchOutcomeLedger implements FetchOutcomeLedger, StoreHealthReader, TransactionalFake {
  outcomes: FetchOutcome[] = [];
  /** The stores that exist (health of another id is "not found"). */
  readonly storeIds = new Set<number>();

  snapshot(): () => void {
    const saved = [...this.outcomes];
    return () => {
      this.outcomes = saved;
    };
  }

  async record(outcomes: readonly FetchOutcome[]): Promise<void> {
    this.outcomes.push(...outcomes);
  }

  async talliesOf(storeId: number, since: Date): Promise<StoreTallies | null> {
    return this.storeIds.has(storeId) ? { storeId, tallies: this.tally(storeId, since) } : null;
  }

  async pageOfTallies(query: StoreHealthQuery, request: PageRequest): Promise<PageSlice<StoreTallies>> {
    const ids = [...this.storeIds].filter((id) => !query.ids || query.ids.includes(id)).sort((a, b) => a - b);
    return keysetPage(ids.map((storeId) => ({ storeId, tallies: this.tally(storeId, query.since) })), (s) => s.storeId, 'asc', request);
  }

  private tally(storeId: number, since: Date): OutcomeTally[] {
    const byKind = new Map<FetchOutcomeKind, OutcomeTally>();
    for (const o of this.outcomes) {
      if (o.storeId !== storeId || o.at < since) continue;
      const outcome: FetchOutcomeKind = o.failure?.kind ?? 'price';
      const seen = byKind.get(outcome);
      if (!seen) byKind.set(outcome, { outcome, count: 1, lastAt: o.at, lastMessage: o.failure?.message ?? null });
      else {
        seen.count++;
        if (o.at >= seen.lastAt) Object.assign(seen, { lastAt: o.at, lastMessage: o.failure?.message ?? null });
      }
    }
    return [...byKind.values()];
  }
}
