import type { UnitOfWork } from '../../../src/application/shared/unit-of-work.js';

/** Runs the work directly; counts transactions begun, committed (resolved) and rolled back (thrown). */
export class FakeUnitOfWork implements UnitOfWork {
  begun = 0;
  committed = 0;
  rolledBack = 0;
  /** True while a transaction's work is running, so fakes can check they are called inside one. */
  active = false;

  async transaction<T>(work: () => Promise<T>): Promise<T> {
    this.begun++;
    this.active = true;
    try {
      const result = await work();
      this.committed++;
      return result;
    } catch (error) {
      this.rolledBack++;
      throw error;
    } finally {
      this.active = false;
    }
  }
}
