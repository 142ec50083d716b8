import type { Consolidation } from '../../../src/application/pricing/ports/consolidation.js';
import type { Month } from '../../../src/domain/pricing/month.js';

/**
 * Answers the number of daily quotes the test gave per month (0 otherwise); `during` runs while consolidating (to move
 * a clock); `failWith` makes the next call throw, as a failed statement would.
 */
export class FakeConsolidation implements Consolidation {
  readonly months: Month[] = [];
  during: (() => void) | null = null;
  private readonly rows = new Map<string, number>();
  private failure: Error | null = null;

  dailyQuotes(month: Month, count: number): this {
    this.rows.set(`${month.year}-${month.month}`, count);
    return this;
  }

  failWith(error: Error): this {
    this.failure = error;
    return this;
  }

  async consolidate(month: Month): Promise<number> {
    this.months.push({ ...month });
    this.during?.();
    if (this.failure) {
      const failure = this.failure;
      this.failure = null;
      throw failure;
    }
    const key = `${month.year}-${month.month}`;
    const count = this.rows.get(key) ?? 0;
    // Idempotent: a month consolidated once has no daily quotes left.
    this.rows.set(key, 0);
    return count;
  }
}
