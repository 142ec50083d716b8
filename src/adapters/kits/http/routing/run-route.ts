import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestScope } from '../../../../application/shared/request-scope.js';
import { sendJson } from './json-answer.js';
import type { HttpResult, RouteSpec } from './route-spec.js';
import { parseOrThrow, rejectUnstorableText } from './validate.js';

/** What a route's handler is run with, shared by the Express routes and the direct ones. */
export interface RouteRunDeps {
  scope: RequestScope;
  /** Aborted when the service starts stopping; never aborted when absent. */
  stopping?: AbortSignal;
}

/** A request's parts as read off the wire, before validation. */
export interface RawRouteRequest {
  params: unknown;
  query: unknown;
  body: unknown;
  userId: number | null;
  /** Root-relative path without the query. */
  path: string;
}

const NEVER_STOPPING = new AbortController().signal;

/** Validates the request's parts against the spec's schemas, then runs its handler in a fresh persistence scope. */
export async function runRoute(spec: RouteSpec, request: RawRouteRequest, deps: RouteRunDeps): Promise<HttpResult> {
  const params = spec.params ? parseOrThrow(spec.params, request.params, 'params') : {};
  const query = spec.query ? parseOrThrow(spec.query, request.query, 'query') : {};
  if (spec.body) rejectUnstorableText(request.body);
  const body = spec.body ? parseOrThrow(spec.body, request.body, 'body') : spec.upload ? (request.body as Uint8Array) : undefined;
  return deps.scope.run(() =>
    spec.handle({ params, query, body, userId: request.userId, path: request.path, stopping: deps.stopping ?? NEVER_STOPPING }),
  );
}

/** Writes a route's result: its status, `headers` (name, value …) then its own, and its body as JSON when it has one. */
export function writeResult(req: IncomingMessage, res: ServerResponse, result: HttpResult, headers: readonly string[] = []): void {
  const all = [...headers, ...Object.entries(result.headers ?? {}).flat()];
  res.statusCode = result.status;
  if (result.body === undefined) res.writeHead(result.status, all).end();
  else sendJson(req, res, result.body, all);
}
