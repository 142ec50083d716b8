import { Router } from 'express';
import { ContainerModule } from 'inversify';
import type { AppConfig } from '../../../config/config.js';
import { LogSink } from '../../application/logging/log-sink.js';
import { Clock } from '../../application/shared/clock.js';
import { RequestScope } from '../../application/shared/request-scope.js';
import { UserDirectory } from '../../application/users/user-directory.js';
import { apiRoutes } from '../../adapters/http/api-routes.js';
import { authenticate } from '../../adapters/http/auth/authenticate.js';
import { expectedClaims, keySourceFromConfig } from '../../adapters/http/auth/jwt-key-source-from-config.js';
import { OidcJwksKeySource } from '../../adapters/http/auth/oidc-discovery.js';
import { JwtVerifier } from '../../adapters/http/auth/jwt-verifier.js';
import { healthRoutes } from '../../adapters/kits/http/health-routes.js';
import { createHttpApp } from '../../adapters/http/http-app.js';
import { consoleLogger } from '../../adapters/kits/console/console-output.js';
import { CursorCodec } from '../../adapters/kits/http/pagination/cursor-codec.js';
import { Paginator } from '../../adapters/kits/http/pagination/page-links.js';
import { isDatabaseUnavailable } from '../../adapters/postgres/pg-errors.js';
import { createWebRoutes } from '../../adapters/web/web-routes.js';
import { apiUseCases } from '../api-use-cases.js';
import { Readiness } from '../readiness.js';
import { StartedResources } from '../started-resources.js';
import { ApiHttpApp } from '../tokens.js';
import { LogRoutes } from './log-component-module.js';

export const SERVICE_VERSION = '0.1.0';

/**
 * The API service's HTTP application: `/api` (use cases handed over as a typed object), the health probes, the
 * logging component's routes when it runs in this process, and the web UI.
 */
export const apiHttpModule = (config: AppConfig) =>
  new ContainerModule(({ bind }) => {
    // Keyed with the database's own secret (read at boot), so every instance honours the others' cursors.
    bind(Paginator)
      .toDynamicValue((context) => new Paginator(new CursorCodec(context.get(StartedResources).cursorKey)))
      .inSingletonScope();
    bind(Readiness).toConstantValue(new Readiness());
    bind(JwtVerifier).toDynamicValue((context) => {
      const keys = keySourceFromConfig(config.auth, context.get(StartedResources).hsSecret, config.oidc, (error) =>
        consoleLogger.warn('oidc discovery failed', { issuer: config.oidc?.issuer, error: error.message }),
      );
      // Discovered at start-up without waiting: a wrong OIDC_ISSUER shows in the log before anyone signs in.
      if (keys instanceof OidcJwksKeySource) void keys.warmUp();
      return new JwtVerifier({
        algorithms: config.auth.algorithms,
        keys,
        ...expectedClaims(config.auth, config.oidc),
        maxAgeSeconds: config.auth.maxAgeSeconds,
      });
    });
    // Async (the web client's bundles are built first): resolved with getAsync, and nothing depends on it.
    bind(ApiHttpApp).toDynamicValue(async (context) => {
      const resources = context.get(StartedResources);
      const logs = context.get(LogSink);
      const clock = context.get(Clock);
      const readiness = context.get(Readiness);
      const outsideApi = Router();
      // The health probes come before anything that authenticates.
      outsideApi.use(
        healthRoutes({
          checks: {
            database: () => resources.orm.em.getConnection().execute('select 1'),
            job_queue: () => resources.jobQueue.getDb().executeSql('select 1', []),
          },
          stopping: () => readiness.stopping,
        }),
      );
      if (config.logging.mode === 'in-process') outsideApi.use(context.get(LogRoutes));
      return createHttpApp({
        routes: apiRoutes(apiUseCases(context), context.get(Paginator), {
          cooldownSeconds: config.pricing.cooldownSeconds,
          perUser: { limit: config.pricing.userFetchLimit, windowSeconds: config.pricing.userFetchWindowSeconds },
        }, { oidc: config.oidc }),
        authenticate: authenticate(context.get(JwtVerifier), context.get(UserDirectory), logs, clock),
        scope: context.get(RequestScope),
        stopping: readiness.stopSignal,
        logs,
        clock,
        isDatabaseUnavailable,
        version: SERVICE_VERSION,
        extraRoutes: outsideApi,
        webRoutes: await createWebRoutes({ devSignIn: config.web.devSignIn, hsSecret: resources.hsSecret, oidcIssuer: config.oidc?.issuer ?? null }),
        accessLog: config.accessLog ? (entry) => consoleLogger.info('request', entry) : undefined,
      });
    });
  });
