import { type Express, Router } from 'express';
import type { RequestListener } from 'node:http';
import type { Container } from 'inversify';
import type { AppConfig } from '../../config/config.js';
import { ListLogs } from '../application/logging/list-logs.js';
import { LogSink } from '../application/logging/log-sink.js';
import { RecordLogEvent } from '../application/logging/record-log-event.js';
import { Clock } from '../application/shared/clock.js';
import { RequestScope } from '../application/shared/request-scope.js';
import { UserDirectory } from '../application/users/user-directory.js';
import { apiRoutes } from '../adapters/http/api-routes.js';
import { authenticate } from '../adapters/http/auth/authenticate.js';
import { JwtVerifier } from '../adapters/http/auth/jwt-verifier.js';
import { createHttpApp } from '../adapters/http/http-app.js';
import { accessLogLine, type AccessLogEntry } from '../adapters/http/access-log.js';
import { BatchedLines } from '../adapters/kits/console/batched-lines.js';
import { healthRoutes } from '../adapters/kits/http/health-routes.js';
import { CursorCodec } from '../adapters/kits/http/pagination/cursor-codec.js';
import { Paginator } from '../adapters/kits/http/pagination/page-links.js';
import { createLogHttpApp } from '../adapters/logging/http/log-http-app.js';
import { logRoutes } from '../adapters/logging/http/log-routes.js';
import { isDatabaseUnavailable } from '../adapters/postgres/pg-errors.js';
import { createWebRoutes } from '../adapters/web/web-routes.js';
import { apiUseCases } from './api-use-cases.js';
import { Readiness } from './readiness.js';
import type { Started } from './started.js';

export const SERVICE_VERSION = '0.1.0';

/** The log viewer's cursors are keyed apart from the API's, so one listing's cursor never passes for the other's. */
const LOG_CURSOR_PURPOSE = 'log-viewer';

/**
 * The API service's HTTP application: `/api` (use cases handed over as a typed object), the health probes, the
 * logging component's routes when it runs in this process, and the web UI (async: its bundles are built first).
 */
export async function apiHttpApp(container: Container, config: AppConfig, started: Started): Promise<RequestListener> {
  const logs = container.get(LogSink);
  const clock = container.get(Clock);
  const readiness = container.get(Readiness);
  const jobQueue = started.jobQueue;
  const outsideApi = Router();
  // The health probes come before anything that authenticates.
  outsideApi.use(
    healthRoutes({
      checks: {
        database: () => started.orm.em.getConnection().execute('select 1'),
        ...(jobQueue ? { job_queue: () => jobQueue.boss.getDb().executeSql('select 1', []) } : {}),
      },
      stopping: () => readiness.stopping,
    }),
  );
  if (config.logging.mode === 'in-process') outsideApi.use(logRoutesOf(container, config, started));
  return createHttpApp({
    routes: apiRoutes(apiUseCases(container), container.get(Paginator), {
      cooldownSeconds: config.pricing.cooldownSeconds,
      perUser: { limit: config.pricing.userFetchLimit, windowSeconds: config.pricing.userFetchWindowSeconds },
    }, { oidc: config.oidc }),
    authenticate: authenticate(container.get(JwtVerifier), container.get(UserDirectory), logs, clock),
    scope: container.get(RequestScope),
    stopping: readiness.stopSignal,
    logs,
    clock,
    isDatabaseUnavailable,
    version: SERVICE_VERSION,
    extraRoutes: outsideApi,
    webRoutes: await createWebRoutes({ devSignIn: config.web.devSignIn, hsSecret: started.hsSecret, oidcIssuer: config.oidc?.issuer ?? null }),
    accessLog: config.accessLog ? accessLogToStdout(clock) : undefined,
  });
}

/**
 * The access log on stdout: each answer's line (accessLogLine), written with the others of its turn of the event loop
 * (BatchedLines), so a busy service does not make a system call per request.
 */
function accessLogToStdout(clock: Clock): (entry: AccessLogEntry) => void {
  const lines = new BatchedLines();
  return (entry) => lines.push(accessLogLine(entry, clock.now()));
}

/** The standalone logging component's HTTP application: its probe and its routes. */
export function logHttpApp(container: Container, config: AppConfig, started: Started): Express {
  return createLogHttpApp({
    probes: healthRoutes({
      checks: { database: () => started.orm.em.getConnection().execute('select 1') },
      // The component stops by closing its server: nothing is left to turn away first.
      stopping: () => false,
    }),
    routes: logRoutesOf(container, config, started),
    logs: container.get(LogSink),
    clock: container.get(Clock),
    isDatabaseUnavailable,
  });
}

/** `POST /log` and `GET /logs` of the logging component (in the API in in-process mode, or standalone). */
function logRoutesOf(container: Container, config: AppConfig, started: Started): Router {
  return logRoutes({
    record: container.get(RecordLogEvent),
    list: container.get(ListLogs),
    sharedSecret: config.logging.sharedSecret,
    viewerToken: config.logging.viewerToken,
    logs: container.get(LogSink),
    clock: container.get(Clock),
    paginator: new Paginator(new CursorCodec(`${started.cursorKey}\u0000${LOG_CURSOR_PURPOSE}`)),
  });
}
