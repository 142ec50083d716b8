import type { MikroORM } from '@mikro-orm/postgresql';
import { ContainerModule } from 'inversify';
import { Orm, OrmEntityManager } from '../../adapters/postgres/orm-tokens.js';

/** The ORM the boot opened, for every SQL adapter. */
export const ormModule = (orm: MikroORM) =>
  new ContainerModule(({ bind }) => {
    bind(Orm).toConstantValue(orm);
    bind(OrmEntityManager).toConstantValue(orm.em);
  });
