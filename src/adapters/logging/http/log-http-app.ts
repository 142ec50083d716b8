import express, { type Express, type Router } from 'express';
import type { LogSink } from '../../../application/logging/log-sink.js';
import type { Clock } from '../../../application/shared/clock.js';
import { errorHandler, sendError } from '../../kits/http/errors/error-response.js';

/** The standalone logging component's HTTP app: its probes, the log routes, JSON 404s, the shared error table. */
export function createLogHttpApp(deps: {
  /** `/healthz` and `/readyz`, before anything that authenticates. */
  probes: Router;
  routes: Router;
  logs: LogSink;
  clock: Clock;
  isDatabaseUnavailable: (error: unknown) => boolean;
}): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(deps.probes);
  app.use(deps.routes);
  app.use((req, res) => sendError(res, 'not_found', `Nothing at ${req.path}`));
  app.use(errorHandler(deps.logs, deps.clock, deps.isDatabaseUnavailable));
  return app;
}
