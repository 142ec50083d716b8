import { AsyncLocalStorage } from 'node:async_hooks';
import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import type { UnitOfWork } from '../../../application/shared/unit-of-work.js';
import { OrmEntityManager } from '../orm-tokens.js';

/** The after-commit actions of the transaction the current async context runs in (module-wide: any instance sees it). */
const pendingActions = new AsyncLocalStorage<Array<() => void>>();

@injectable()
export class MikroOrmUnitOfWork implements UnitOfWork {
  constructor(@inject(OrmEntityManager) private readonly em: EntityManager) {}

  async transaction<T>(work: () => Promise<T>): Promise<T> {
    const outer = pendingActions.getStore();
    const actions: Array<() => void> = [];
    // Repositories use the same global EntityManager; MikroORM routes them to this transaction's fork.
    const result = await pendingActions.run(actions, () => this.em.transactional(() => work()));
    // Nested (a savepoint): its actions wait for the outermost commit; a failed one threw above and keeps none.
    if (outer) outer.push(...actions);
    else for (const action of actions) action();
    return result;
  }

  afterCommit(action: () => void): void {
    const pending = pendingActions.getStore();
    if (pending) pending.push(action);
    else action();
  }
}
