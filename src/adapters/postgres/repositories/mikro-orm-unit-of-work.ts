import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import type { UnitOfWork } from '../../../application/shared/unit-of-work.js';
import { OrmEntityManager } from '../orm-tokens.js';

@injectable()
export class MikroOrmUnitOfWork implements UnitOfWork {
  constructor(@inject(OrmEntityManager) private readonly em: EntityManager) {}

  transaction<T>(work: () => Promise<T>): Promise<T> {
    // Repositories use the same global EntityManager; MikroORM routes them to this transaction's fork.
    return this.em.transactional(() => work());
  }
}
