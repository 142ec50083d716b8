import type { CooldownClaim, EditionTargets, PricingRepository, UserFetchQuota } from '../../../src/application/pricing/ports/pricing-repository.js';
import type { StoreTarget } from '../../../src/application/pricing/ports/price-source.js';
import type { NewDailyQuote, PriceQuote } from '../../../src/domain/pricing/price-quote.js';
import type { PageRequest, PageSlice } from '../../../src/domain/shared/page.js';
import { keysetPage } from './keyset-page.js';
import type { TransactionalFake } from './fake-unit-of-work.js';

interface UserWindow {
  start: Date;
  used: number;
}

/**
 * PricingRepository in memory, held to test/contracts/ports/pricing.contract.ts. `addDailyQuotes` stores and numbers the quotes; `failNextAdd` makes the next call
 * throw (as a failed statement would). Editions' store targets are what `addEdition` said. The claims follow the SQL
 * ones: an edition's on-demand fetch once per cooldown, a user's `limit` fetches per window, a window starting with
 * the first fetch after the previous one ended; a refusal answers the seconds until a claim would succeed (at least 1).
 * Enlisted in a FakeUnitOfWork, a rolled-back transaction takes its claims back.
 */
export class InMemoryPricingRepository implements PricingRepository, TransactionalFake {
  readonly quotes: PriceQuote[] = [];
  private nextId = 1;
  private failure: Error | null = null;
  private readonly editions = new Map<number, EditionTargets>();
  private lastOnDemandFetch = new Map<number, Date>();
  private userWindows = new Map<number, UserWindow>();

  failNextAdd(error: Error = new Error('could not store the quotes')): this {
    this.failure = error;
    return this;
  }

  /** An edition whose prices can be fetched at these stores (none: no active store sells its format). */
  addEdition(edition: EditionTargets): this {
    this.editions.set(edition.editionId, edition);
    return this;
  }

  /** Quotes as if stored earlier (a monthly one keeps its kind); returns them numbered. */
  addQuotes(...quotes: Array<Omit<PriceQuote, 'id'>>): PriceQuote[] {
    const stored = quotes.map((q): PriceQuote => ({ ...q, id: this.nextId++ }));
    this.quotes.push(...stored);
    return stored;
  }

  /** How many on-demand fetches the user's current window has counted. */
  usedByUser(userId: number): number {
    return this.userWindows.get(userId)?.used ?? 0;
  }

  snapshot(): () => void {
    const onDemand = new Map(this.lastOnDemandFetch);
    const windows = new Map([...this.userWindows].map(([user, w]) => [user, { ...w }]));
    const quoteCount = this.quotes.length;
    return () => {
      this.lastOnDemandFetch = onDemand;
      this.userWindows = windows;
      this.quotes.splice(quoteCount);
    };
  }

  async addDailyQuotes(quotes: readonly NewDailyQuote[]): Promise<PriceQuote[]> {
    if (this.failure) {
      const failure = this.failure;
      this.failure = null;
      throw failure;
    }
    // As the table holds them: no evidence is null, not suspect is false.
    const stored = quotes.map((q): PriceQuote => ({ ...q, id: this.nextId++, kind: 'daily', monthly: null, evidence: q.evidence ?? null, suspect: q.suspect === true }));
    this.quotes.push(...stored);
    return stored;
  }

  async editionTargets(editionId: number): Promise<EditionTargets | null> {
    const edition = this.editions.get(editionId);
    return edition ? { ...edition, targets: edition.targets.map((t) => ({ ...t })) } : null;
  }

  async taskTarget(editionId: number, storeId: number): Promise<{ bookId: number; target: StoreTarget } | null> {
    const edition = this.editions.get(editionId);
    const target = edition?.targets.find((t) => t.storeId === storeId);
    return edition && target ? { bookId: edition.bookId, target: { ...target } } : null;
  }

  async claimOnDemandFetch(editionId: number, cooldownSeconds: number, now: Date): Promise<CooldownClaim> {
    // As in SQL, an edition that does not exist is never claimed (the whole cooldown to wait).
    if (!this.editions.has(editionId)) return { claimed: false, retryAfterSeconds: Math.max(1, Math.ceil(cooldownSeconds)) };
    const last = this.lastOnDemandFetch.get(editionId);
    const elapsedSeconds = last === undefined ? Infinity : (now.getTime() - last.getTime()) / 1000;
    if (elapsedSeconds >= cooldownSeconds) {
      this.lastOnDemandFetch.set(editionId, new Date(now));
      return { claimed: true };
    }
    return { claimed: false, retryAfterSeconds: Math.max(1, Math.ceil(cooldownSeconds - elapsedSeconds)) };
  }

  async claimUserFetch(userId: number, quota: UserFetchQuota, now: Date): Promise<CooldownClaim> {
    const current = this.userWindows.get(userId);
    const windowMs = quota.windowSeconds * 1000;
    const window = current && current.start.getTime() > now.getTime() - windowMs ? { start: current.start, used: current.used + 1 } : { start: new Date(now), used: 1 };
    this.userWindows.set(userId, window);
    if (window.used <= quota.limit) return { claimed: true };
    return { claimed: false, retryAfterSeconds: Math.max(1, Math.ceil((window.start.getTime() + windowMs - now.getTime()) / 1000)) };
  }

  async pageOfEdition(editionId: number, request: PageRequest): Promise<PageSlice<PriceQuote>> {
    return keysetPage(
      this.quotes.filter((q) => q.editionId === editionId),
      (q) => q.id,
      'desc',
      request,
    );
  }
}
