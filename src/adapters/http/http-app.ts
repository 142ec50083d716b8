import type { RequestListener } from 'node:http';
import express, { type Express, type Router } from 'express';
import type { Clock } from '../../application/shared/clock.js';
import type { LogSink } from '../../application/logging/log-sink.js';
import type { RequestScope } from '../../application/shared/request-scope.js';
import { accessLog, type AccessLogEntry, logWhenAnswered } from './access-log.js';
import { errorAnswer, errorHandler, sendError } from '../kits/http/errors/error-response.js';
import { requestId } from '../kits/http/request-id.js';
import { API_SECURITY_HEADERS, apiSecurityHeaders } from '../kits/http/security-headers.js';
import { directRoutes } from '../kits/http/routing/direct-routes.js';
import { type MountDeps, mountRoutes } from '../kits/http/routing/mount-routes.js';
import { openApiDocument } from '../kits/http/routing/openapi.js';
import type { Authentication } from '../kits/http/routing/route-auth.js';
import type { RouteSpec } from '../kits/http/routing/route-spec.js';

export interface HttpAppDeps {
  routes: readonly RouteSpec[];
  authenticate: Authentication;
  scope: RequestScope;
  /** Aborted when the service starts stopping: handed to every route (a long import stops between its chunks). */
  stopping?: AbortSignal;
  logs: LogSink;
  clock: Clock;
  isDatabaseUnavailable: (error: unknown) => boolean;
  version: string;
  /** Routes outside `/api` (the logging component's `/log` and `/logs` in in-process mode). */
  extraRoutes?: Router;
  /** The web UI's pages and assets (and the development sign-in when enabled), after everything else. */
  webRoutes?: Router;
  /** Where the access log's lines go; none with `ACCESS_LOG=off`. */
  accessLog?: (entry: AccessLogEntry) => void;
}

/**
 * The service's request listener: the API's routes without a body answered directly (directRoutes), everything
 * else by the Express application (expressHttpApp), which holds every route too.
 */
export function createHttpApp(deps: HttpAppDeps): RequestListener {
  const write = deps.accessLog;
  return directRoutes(
    deps.routes,
    {
      ...routeDepsOf(deps),
      mount: '/api',
      headers: API_SECURITY_HEADERS,
      answerError: errorAnswer(deps.logs, deps.clock, deps.isDatabaseUnavailable),
      onRequest: write ? (req, res, id) => logWhenAnswered(req, res, write, () => id) : undefined,
    },
    expressHttpApp(deps),
  );
}

const routeDepsOf = (deps: HttpAppDeps): MountDeps => ({ authenticate: deps.authenticate, scope: deps.scope, stopping: deps.stopping });

/** Every route, the API's and the rest of the site's, as an Express application. */
export function expressHttpApp(deps: HttpAppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(requestId);
  if (deps.accessLog) app.use(accessLog(deps.accessLog));

  const openApi = openApiDocument(deps.routes, { title: 'Shelfwatch API', version: deps.version });
  const api = express.Router({ caseSensitive: true, strict: false });
  api.use(apiSecurityHeaders);
  api.get('/openapi.json', (_req, res) => {
    res.json(openApi);
  });
  mountRoutes(api, deps.routes, routeDepsOf(deps));
  api.all('/openapi.json', (_req, res) => {
    sendError(res, 'method_not_allowed', 'Only GET is allowed here', { headers: { Allow: 'GET, HEAD' } });
  });
  api.use((req, res) => {
    sendError(res, 'not_found', `No route ${req.method} ${req.baseUrl}${req.path}`);
  });
  app.use('/api', api);
  if (deps.extraRoutes) app.use(deps.extraRoutes);
  if (deps.webRoutes) app.use(deps.webRoutes);
  app.use((req, res) => {
    sendError(res, 'not_found', `Nothing at ${req.path}`);
  });
  app.use(errorHandler(deps.logs, deps.clock, deps.isDatabaseUnavailable));

  return app;
}
