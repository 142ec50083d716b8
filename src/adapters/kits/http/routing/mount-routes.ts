import { type RequestHandler, type Router } from 'express';
import { sendError } from '../errors/error-response.js';
import { jsonBody, requireJson } from './json-body.js';
import { type Authentication, authenticateRequest } from './route-auth.js';
import type { RouteSpec } from './route-spec.js';
import { runRoute, type RouteRunDeps, writeResult } from './run-route.js';
import { uploadBody } from './upload-body.js';

export interface MountDeps extends RouteRunDeps {
  authenticate: Authentication;
}

/**
 * Mounts every spec on the router: auth, media type, body parsing, validation, a fresh persistence scope,
 * then the handler. Known paths answer other methods with 405 and an `Allow` header.
 */
export function mountRoutes(router: Router, specs: readonly RouteSpec[], deps: MountDeps): void {
  const methodsByPath = new Map<string, Set<string>>();
  for (const spec of specs) {
    const endpoint = endpointOf(spec);
    const chain: RequestHandler[] = [
      (_req, res, next) => {
        res.locals.endpoint = endpoint;
        next();
      },
    ];
    if (spec.auth !== 'none') chain.push(authenticateRequest(spec, deps.authenticate));
    if (spec.body) chain.push(requireJson, jsonBody);
    if (spec.upload) chain.push(uploadBody);
    chain.push(async (req, res) => {
      const result = await runRoute(
        spec,
        { params: req.params, query: req.query, body: req.body, userId: (res.locals.userId as number | undefined) ?? null, path: req.baseUrl + req.path },
        deps,
      );
      writeResult(req, res, result);
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

/** The route's template as its `api_error` events name it. */
export function endpointOf(spec: RouteSpec): string {
  return `${spec.method.toUpperCase()} /api${spec.path}`;
}
