import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { ServiceIdentifier } from 'inversify';

/** The ORM's global EntityManager; calls are routed to the request's or transaction's fork by MikroORM. */
export const OrmEntityManager = Symbol.for('OrmEntityManager') as ServiceIdentifier<EntityManager>;
export const Orm = Symbol.for('Orm') as ServiceIdentifier<MikroORM>;
