import type { LendingCheck, LendingAvailabilitySource } from '../../../src/application/catalog/ports/lending-availability-source.js';
import type { LendingOffer } from '../../../src/domain/catalog/borrow-availability.js';

/**
 * A lending programme that holds the editions the test gave it (by ISBN), or is unavailable throughout. `checks`
 * keeps what it was asked.
 */
export class FakeLendingAvailabilitySource implements LendingAvailabilitySource {
  readonly checks: string[][] = [];
  private readonly offers = new Map<string, LendingOffer>();
  private outage: { kind: 'unavailable'; message: string } | null = null;

  /** The edition can be borrowed now, through `url`. */
  lends(isbn13: string, url: string): this {
    this.offers.set(isbn13, { available: true, url });
    return this;
  }

  /** The programme holds the edition, but it cannot be borrowed now (on loan, restricted). */
  holdsOnly(isbn13: string): this {
    this.offers.set(isbn13, { available: false });
    return this;
  }

  unavailable(message: string): this {
    this.outage = { kind: 'unavailable', message };
    return this;
  }

  reachable(): this {
    this.outage = null;
    return this;
  }

  async check(isbn13s: readonly string[]): Promise<LendingCheck> {
    this.checks.push([...isbn13s]);
    if (this.outage) return { ...this.outage };
    return { kind: 'checked', offers: new Map(isbn13s.flatMap((isbn) => (this.offers.has(isbn) ? [[isbn, this.offers.get(isbn)!] as const] : []))) };
  }
}
