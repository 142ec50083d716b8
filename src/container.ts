import type { MikroORM } from '@mikro-orm/postgresql';
import { Container } from 'inversify';
import type { AppConfig } from '../config/config.js';
import { Clock, systemClock } from './application/shared/clock.js';
import { inProcessLoggingModule, type LogWrites } from './adapters/logging/in-process-logging-module.js';
import { remoteLoggingModule } from './adapters/logging/remote-logging-module.js';
import { embeddedDatabaseModule, externalDatabaseModule } from './adapters/postgres/database-modules.js';
import { mailModule } from './adapters/notify/mail-modules.js';
import { postgresModule } from './adapters/postgres/postgres-module.js';
import { pricingPersistenceModule } from './adapters/postgres/pricing-module.js';
import { storeFetchingModule } from './adapters/stores/store-fetching-module.js';
import { metadataModule } from './adapters/metadata/metadata-module.js';

/**
 * Composition root, first stage: which database the service runs on (embedded or external),
 * chosen from configuration by loading one module or the other.
 */
export function createContainer(config: AppConfig, say: (line: string) => void): Container {
  // Use cases are concrete @injectable classes resolved by autobind; ports are bound by the modules below.
  const container = new Container({ autobind: true, defaultScope: 'Singleton' });
  container.bind(Clock).toConstantValue(systemClock);
  container.loadSync(
    config.database.kind === 'external'
      ? externalDatabaseModule(config.database.url)
      : embeddedDatabaseModule(config.database.dataDir, config.database.port, say),
  );
  return container;
}

/** Second stage, once the database answers: persistence, logging mode, store fetching and mail adapters. */
export function loadRuntimeModules(container: Container, config: AppConfig, orm: MikroORM, logWrites: LogWrites): void {
  container.loadSync(
    postgresModule(orm),
    pricingPersistenceModule,
    loggingModule(config, orm, logWrites),
    storeFetchingModule(config.pricing),
    mailModule(config.mail),
    metadataModule(config.metadata),
  );
}

/** LOGGING_MODE: this process is the logging component (in-process), or it sends to the standalone one (remote). */
export function loggingModule(config: AppConfig, orm: MikroORM, logWrites: LogWrites) {
  const { logging } = config;
  return logging.mode === 'remote' && logging.url && logging.sharedSecret
    ? remoteLoggingModule(logging.url, logging.sharedSecret)
    : inProcessLoggingModule(orm, logWrites, logging, config.mail);
}
