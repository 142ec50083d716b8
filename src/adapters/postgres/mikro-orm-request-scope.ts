import { AsyncLocalStorage } from 'node:async_hooks';
import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import type { RequestScope } from '../../application/shared/request-scope.js';
import { OrmEntityManager } from './orm-tokens.js';

interface ScopeSlot {
  root: EntityManager;
  fork?: EntityManager;
}

const slots = new AsyncLocalStorage<ScopeSlot>();

/**
 * MikroORM's `context` option: the EntityManager of the current scope, forked on first use. Forking costs
 * tens of microseconds, and most reads (raw SQL pages, cached reference data) never need the identity map.
 */
export function scopedEntityManager(): EntityManager | undefined {
  const slot = slots.getStore();
  if (!slot) return undefined;
  // fork() asks for the current context itself: make it outside the scope, from the global EntityManager.
  slot.fork ??= slots.exit(() => slot.root.fork({ useContext: true }));
  return slot.fork;
}

/** Gives each request or job run its own EntityManager (Inversify's request scope is one `get`, not one request). */
@injectable()
export class MikroOrmRequestScope implements RequestScope {
  constructor(@inject(OrmEntityManager) private readonly em: EntityManager) {}

  run<T>(work: () => Promise<T>): Promise<T> {
    return slots.run({ root: this.em }, work);
  }
}
