import type { MikroORM } from '@mikro-orm/postgresql';
import type { AppConfig } from '../config/config.js';
import { LogSink } from './application/logging/log-sink.js';
import { Clock } from './application/shared/clock.js';
import { RequestScope } from './application/shared/request-scope.js';
import { UserDirectory } from './application/users/user-directory.js';
import { apiRoutes } from './adapters/http/api-routes.js';
import { authenticate } from './adapters/http/auth/authenticate.js';
import { keySourceFromConfig } from './adapters/http/auth/jwt-key-source-from-config.js';
import { JwtVerifier } from './adapters/http/auth/jwt-verifier.js';
import { createHttpApp } from './adapters/http/http-app.js';
import { listen } from './adapters/http/http-server.js';
import { CursorCodec } from './adapters/http/pagination/cursor-codec.js';
import { Paginator } from './adapters/http/pagination/page-links.js';
import { openOrm, prepareDatabase } from './adapters/postgres/database.js';
import { DatabaseProvisioner } from './adapters/postgres/database-provisioner.js';
import { localSecrets } from './adapters/postgres/embedded-postgres.js';
import { isDatabaseUnavailable } from './adapters/postgres/pg-errors.js';
import { createContainer, loadRuntimeModules } from './container.js';

export const SERVICE_VERSION = '0.1.0';
/** Cursors are integrity-checked, not secret: a forged one could only point at another position. */
const CURSOR_KEY = 'shelfwatch-cursor-v1';

export interface RunningService {
  url: string;
  port: number;
  databaseUrl: string;
  /** The HS256 secret in use (development token printing), null with public-key verification. */
  hsSecret: string | null;
  orm: MikroORM;
  /** Graceful: stop taking requests, finish those in flight, flush logs, close the pool, stop an embedded DB. */
  stop(): Promise<void>;
}

export async function startService(config: AppConfig, say: (line: string) => void = () => undefined): Promise<RunningService> {
  const container = createContainer(config, say);
  const database = await container.get(DatabaseProvisioner).start();
  let orm: MikroORM | undefined;
  try {
    const prepared = await prepareDatabase(database.url, config.stores);
    if (prepared.appliedMigrations.length > 0) say(`Applied migrations: ${prepared.appliedMigrations.join(', ')}`);
    orm = await openOrm(database.url, config.dbPoolMax);
    loadRuntimeModules(container, config, orm);

    const hsSecret = config.auth.algorithms.includes('HS256')
      ? (config.auth.secret ?? (config.database.kind === 'embedded' ? (await localSecrets(config.database.dataDir)).jwtSecret : null))
      : null;
    const verifier = new JwtVerifier({
      algorithms: config.auth.algorithms,
      keys: keySourceFromConfig(config.auth, hsSecret),
      issuer: config.auth.issuer,
      audience: config.auth.audience,
    });
    const logs = container.get(LogSink);
    const clock = container.get(Clock);
    const app = createHttpApp({
      routes: apiRoutes(container, new Paginator(new CursorCodec(CURSOR_KEY))),
      authenticate: authenticate(verifier, container.get(UserDirectory), logs, clock),
      scope: container.get(RequestScope),
      logs,
      clock,
      isDatabaseUnavailable,
      version: SERVICE_VERSION,
    });
    const server = await listen(app, config.port, config.host);
    const openOrmInstance = orm;
    const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
    return {
      url: `http://${shownHost}:${server.port}`,
      port: server.port,
      databaseUrl: database.url,
      hsSecret,
      orm: openOrmInstance,
      async stop() {
        await server.close();
        await logs.close();
        await openOrmInstance.close(true);
        await database.stop();
      },
    };
  } catch (error) {
    await orm?.close(true).catch(() => undefined);
    await database.stop().catch(() => undefined);
    throw error;
  }
}
