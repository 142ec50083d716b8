import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import type { ErrorAnswer } from '../errors/error-response.js';
import { requestIdFrom } from '../request-id.js';
import { endpointOf, type MountDeps } from './mount-routes.js';
import { needsToken } from './route-auth.js';
import type { RouteSpec } from './route-spec.js';
import { type RouteMatch, RouteTable } from './route-table.js';
import { runRoute, writeResult } from './run-route.js';

export interface DirectRoutesDeps extends MountDeps {
  /** Where the routes are mounted (`/api`): requests under it, spelled exactly so, are looked up. */
  mount: string;
  /** Headers of every answer under the mount (its security headers), as name/value pairs. */
  headers: Readonly<Record<string, string>>;
  answerError: ErrorAnswer;
  /** Called first with every request answered here and its id (the access log). */
  onRequest?: (req: IncomingMessage, res: ServerResponse, requestId: string) => void;
}

/**
 * Characters after which Express's URL parser (parseurl) stops taking the fast path and reads the URL another way;
 * such requests are left to Express.
 */
const UNUSUAL_URL = /[\t\n\f\r #\u00a0\ufeff]/;

/**
 * The routes without a request body (reads, deletes, actions by path), answered straight from node:http: the same
 * request id, access log, security headers, authentication, validation, handler, answer and errors as the Express
 * application gives them, without its per-request work (request and response prototypes, the router's walk over
 * every route, `res.set` and `res.locals`) — on the catalog's first page that work cost a third of the throughput.
 * Everything else (bodies, uploads, HEAD, other methods, unknown or unusual paths, the rest of the site) goes to
 * `fallback`, the Express application, which answers it as before.
 */
export function directRoutes(specs: readonly RouteSpec[], deps: DirectRoutesDeps, fallback: RequestListener): RequestListener {
  const table = new RouteTable(specs.filter((spec) => spec.body === undefined && spec.upload === undefined));
  const prefix = `${deps.mount}/`;
  const headers = Object.entries(deps.headers).flat();
  return (req, res) => {
    const url = req.url ?? '';
    const queryAt = url.indexOf('?');
    const path = queryAt === -1 ? url : url.slice(0, queryAt);
    const match = path.startsWith(prefix) && !UNUSUAL_URL.test(url) ? table.match(req.method, path.slice(deps.mount.length)) : null;
    if (match === null) return fallback(req, res);
    answer(match, req, res, { path, query: queryAt === -1 ? '' : url.slice(queryAt + 1) }).catch(() => {
      // Answering the error failed too (a log sink that throws): a bare 500, never an unhandled rejection.
      if (!res.headersSent) res.writeHead(500).end();
    });
  };

  async function answer(match: RouteMatch, req: IncomingMessage, res: ServerResponse, at: { path: string; query: string }): Promise<void> {
    const { spec, params } = match;
    const requestId = requestIdFrom(req.headers['x-request-id']);
    deps.onRequest?.(req, res, requestId);
    const common = ['X-Request-Id', requestId, ...headers];
    try {
      const userId = needsToken(spec, params) ? await deps.authenticate(req.headers.authorization) : null;
      const result = await runRoute(spec, { params, query: parseQuery(at.query), body: undefined, userId, path: at.path }, deps);
      writeResult(req, res, result, common);
    } catch (error) {
      if (res.headersSent) return;
      for (let i = 0; i < common.length; i += 2) res.setHeader(common[i]!, common[i + 1]!);
      deps.answerError(error, res, { endpoint: endpointOf(spec), requestId });
    }
  }
}
