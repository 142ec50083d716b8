import { ContainerModule } from 'inversify';
import type { AppConfig } from '../../../config/config.js';
import { ChannelSecretGenerator } from '../../application/alerts/ports/channel-repository.js';
import { ShareTokenGenerator } from '../../application/lists/ports/book-list-repository.js';
import { embeddedDatabaseModule, externalDatabaseModule } from '../../adapters/postgres/database-modules.js';
import { Orm, OrmEntityManager } from '../../adapters/postgres/orm-tokens.js';
import { postgresModule } from '../../adapters/postgres/postgres-module.js';
import { pricingPersistenceModule } from '../../adapters/postgres/pricing-module.js';
import { CryptoChannelSecretGenerator } from '../../adapters/security/crypto-channel-secret-generator.js';
import { CryptoShareTokenGenerator } from '../../adapters/security/crypto-share-token-generator.js';
import { StartedResources } from '../started-resources.js';
import type { Say } from '../tokens.js';

/** Where the database comes from: DATABASE_URL (an operator's PostgreSQL) or an embedded one in EMBEDDED_PG_DIR. */
export function databaseModule(config: AppConfig, say: Say): ContainerModule {
  return config.database.kind === 'external'
    ? externalDatabaseModule(config.database.url)
    : embeddedDatabaseModule(config.database.dataDir, config.database.port, say);
}

/** The ORM the boot sequence opened, for every repository. */
export const ormModule = new ContainerModule(({ bind }) => {
  bind(Orm).toDynamicValue((context) => context.get(StartedResources).orm);
  bind(OrmEntityManager).toDynamicValue((context) => context.get(StartedResources).orm.em);
});

/** The catalog, user space and pricing repositories, the share tokens of lists and the secrets of webhooks. */
export const persistenceModules = [postgresModule, pricingPersistenceModule, new ContainerModule(({ bind }) => {
  bind(ShareTokenGenerator).to(CryptoShareTokenGenerator);
  bind(ChannelSecretGenerator).to(CryptoChannelSecretGenerator);
})];
