import { Migrator } from '@mikro-orm/migrations';
import { defineConfig, type Options } from '@mikro-orm/postgresql';
import { migrationsList } from '../../../migrations/index.js';
import { scopedEntityManager } from './mikro-orm-request-scope.js';
import { catalogSchemas } from './schemas/catalog-schemas.js';

export function mikroOrmOptions(databaseUrl: string, poolMax: number): Options {
  return defineConfig({
    clientUrl: databaseUrl,
    entities: [...catalogSchemas],
    discovery: { warnWhenNoEntities: false },
    extensions: [Migrator],
    migrations: { migrationsList, transactional: true, allOrNothing: true, snapshot: false, silent: true },
    pool: { min: 0, max: poolMax, acquireTimeoutMillis: 5000 },
    // Fail fast when the server is gone instead of queueing requests for a minute.
    driverOptions: { connection: { connectionTimeoutMillis: 5000 } },
    debug: false,
    // Each request or job run gets its own fork, made lazily (see MikroOrmRequestScope).
    context: () => scopedEntityManager(),
  });
}
