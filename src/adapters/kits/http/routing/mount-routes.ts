import { type RequestHandler, type Router } from 'express';
import type { RequestScope } from '../../../../application/shared/request-scope.js';
import { sendError } from '../errors/error-response.js';
import { jsonBody, requireJson } from './json-body.js';
import { sendJson } from './json-answer.js';
import type { RouteSpec } from './route-spec.js';
import { uploadBody } from './upload-body.js';
import { parseOrThrow, rejectUnstorableText } from './validate.js';

export interface MountDeps {
  authenticate: RequestHandler;
  scope: RequestScope;
  /** Aborted when the service starts stopping; never aborted when absent. */
  stopping?: AbortSignal;
}

const NEVER_STOPPING = new AbortController().signal;

/**
 * Mounts every spec on the router: auth, media type, body parsing, validation, a fresh persistence scope,
 * then the handler. Known paths answer other methods with 405 and an `Allow` header.
 */
export function mountRoutes(router: Router, specs: readonly RouteSpec[], deps: MountDeps): void {
  const methodsByPath = new Map<string, Set<string>>();
  for (const spec of specs) {
    const endpoint = `${spec.method.toUpperCase()} /api${spec.path}`;
    const chain: RequestHandler[] = [
      (_req, res, next) => {
        res.locals.endpoint = endpoint;
        next();
      },
    ];
    const auth = spec.auth;
    if (auth === 'jwt') chain.push(deps.authenticate);
    else if (auth !== 'none') {
      chain.push((req, res, next) => (auth.jwtWhen(req.params as Record<string, string>) ? deps.authenticate(req, res, next) : next()));
    }
    if (spec.body) chain.push(requireJson, jsonBody);
    if (spec.upload) chain.push(uploadBody);
    chain.push(async (req, res) => {
      const params = spec.params ? parseOrThrow(spec.params, req.params, 'params') : {};
      const query = spec.query ? parseOrThrow(spec.query, req.query, 'query') : {};
      if (spec.body) rejectUnstorableText(req.body);
      const body = spec.body ? parseOrThrow(spec.body, req.body, 'body') : spec.upload ? (req.body as Uint8Array) : undefined;
      const result = await deps.scope.run(() =>
        spec.handle({
          params,
          query,
          body,
          userId: (res.locals.userId as number | undefined) ?? null,
          path: req.baseUrl + req.path,
          stopping: deps.stopping ?? NEVER_STOPPING,
        }),
      );
      for (const [name, value] of Object.entries(result.headers ?? {})) res.setHeader(name, value);
      res.statusCode = result.status;
      if (result.body === undefined) res.end();
      else sendJson(req, res, result.body);
    });
    router[spec.method](spec.path, ...chain);
    const methods = methodsByPath.get(spec.path) ?? new Set<string>();
    methods.add(spec.method.toUpperCase());
    if (spec.method === 'get') methods.add('HEAD');
    methodsByPath.set(spec.path, methods);
  }
  for (const [path, methods] of methodsByPath) {
    const allow = [...methods].join(', ');
    router.all(path, (req, res) => {
      sendError(res, 'method_not_allowed', `${req.method} is not allowed here; allowed: ${allow}`, { headers: { Allow: allow } });
    });
  }
}
