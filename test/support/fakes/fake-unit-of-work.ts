import { AsyncLocalStorage } from 'node:async_hooks';
import type { UnitOfWork } from '../../../src/application/shared/unit-of-work.js';

/** A fake store that can take part in a transaction: `snapshot` is taken when one begins and restored on rollback. */
export interface TransactionalFake {
  snapshot(): () => void;
}

/**
 * Runs the work directly; counts transactions begun, committed (resolved) and rolled back (thrown). Fakes `enlist`ed
 * lose what a rolled-back transaction wrote, as the database would forget it. After-commit actions run once the
 * outermost transaction commits and are dropped when it rolls back, as the MikroORM unit of work does.
 */
export class FakeUnitOfWork implements UnitOfWork {
  begun = 0;
  committed = 0;
  rolledBack = 0;
  /** True while a transaction's work is running, so fakes can check they are called inside one. */
  active = false;
  private readonly participants: TransactionalFake[] = [];
  /** The after-commit actions of the transaction the current async context runs in. */
  private readonly pending = new AsyncLocalStorage<Array<() => void>>();

  enlist(...fakes: TransactionalFake[]): this {
    this.participants.push(...fakes);
    return this;
  }

  async transaction<T>(work: () => Promise<T>): Promise<T> {
    this.begun++;
    const wasActive = this.active;
    this.active = true;
    const restores = this.participants.map((fake) => fake.snapshot());
    const outer = this.pending.getStore();
    const actions: Array<() => void> = [];
    let result: T;
    try {
      result = await this.pending.run(actions, work);
      this.committed++;
    } catch (error) {
      this.rolledBack++;
      for (const restore of restores) restore();
      throw error;
    } finally {
      this.active = wasActive;
    }
    if (outer) outer.push(...actions);
    else for (const action of actions) action();
    return result;
  }

  afterCommit(action: () => void): void {
    const open = this.pending.getStore();
    if (open) open.push(action);
    else action();
  }
}
