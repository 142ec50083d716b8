import { type EntityManager, RequestContext } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import type { RequestScope } from '../../application/shared/request-scope.js';
import { OrmEntityManager } from './orm-tokens.js';

/** Forks MikroORM's EntityManager for one request or job run (Inversify's request scope is one `get`, not one request). */
@injectable()
export class MikroOrmRequestScope implements RequestScope {
  constructor(@inject(OrmEntityManager) private readonly em: EntityManager) {}

  run<T>(work: () => Promise<T>): Promise<T> {
    return RequestContext.create(this.em, work);
  }
}
