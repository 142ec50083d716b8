import type { UnitOfWork } from '../../../src/application/shared/unit-of-work.js';

/** A fake store that can take part in a transaction: `snapshot` is taken when one begins and restored on rollback. */
export interface TransactionalFake {
  snapshot(): () => void;
}

/**
 * Runs the work directly; counts transactions begun, committed (resolved) and rolled back (thrown). Fakes `enlist`ed
 * lose what a rolled-back transaction wrote, as the database would forget it.
 */
export class FakeUnitOfWork implements UnitOfWork {
  begun = 0;
  committed = 0;
  rolledBack = 0;
  /** True while a transaction's work is running, so fakes can check they are called inside one. */
  active = false;
  private readonly participants: TransactionalFake[] = [];

  enlist(...fakes: TransactionalFake[]): this {
    this.participants.push(...fakes);
    return this;
  }

  async transaction<T>(work: () => Promise<T>): Promise<T> {
    this.begun++;
    this.active = true;
    const restores = this.participants.map((fake) => fake.snapshot());
    try {
      const result = await work();
      this.committed++;
      return result;
    } catch (error) {
      this.rolledBack++;
      for (const restore of restores) restore();
      throw error;
    } finally {
      this.active = false;
    }
  }
}
