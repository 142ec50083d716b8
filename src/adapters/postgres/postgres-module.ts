import type { MikroORM } from '@mikro-orm/postgresql';
import { ContainerModule } from 'inversify';
import { AuthorRepository } from '../../application/catalog/ports/author-repository.js';
import { BookRepository } from '../../application/catalog/ports/book-repository.js';
import { CatalogReferences } from '../../application/catalog/ports/catalog-references.js';
import { EditionRepository } from '../../application/catalog/ports/edition-repository.js';
import { RequestScope } from '../../application/shared/request-scope.js';
import { UnitOfWork } from '../../application/shared/unit-of-work.js';
import { UserDirectory } from '../../application/users/user-directory.js';
import { MikroOrmRequestScope } from './mikro-orm-request-scope.js';
import { Orm, OrmEntityManager } from './orm-tokens.js';
import { MikroOrmAuthorRepository } from './repositories/mikro-orm-author-repository.js';
import { MikroOrmBookRepository } from './repositories/mikro-orm-book-repository.js';
import { MikroOrmEditionRepository } from './repositories/mikro-orm-edition-repository.js';
import { MikroOrmUnitOfWork } from './repositories/mikro-orm-unit-of-work.js';
import { SqlCatalogReferences } from './repositories/sql-catalog-references.js';
import { SqlUserDirectory } from './repositories/sql-user-directory.js';

/** Repositories, transactions and request scopes on one MikroORM instance. */
export const postgresModule = (orm: MikroORM) =>
  new ContainerModule(({ bind }) => {
    bind(Orm).toConstantValue(orm);
    bind(OrmEntityManager).toConstantValue(orm.em);
    bind(UnitOfWork).to(MikroOrmUnitOfWork).inSingletonScope();
    bind(RequestScope).to(MikroOrmRequestScope).inSingletonScope();
    bind(BookRepository).to(MikroOrmBookRepository).inSingletonScope();
    bind(AuthorRepository).to(MikroOrmAuthorRepository).inSingletonScope();
    bind(EditionRepository).to(MikroOrmEditionRepository).inSingletonScope();
    bind(CatalogReferences).to(SqlCatalogReferences).inSingletonScope();
    bind(UserDirectory).to(SqlUserDirectory).inSingletonScope();
  });
