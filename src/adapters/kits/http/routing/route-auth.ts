import type { RequestHandler } from 'express';
import type { RouteSpec } from './route-spec.js';

/**
 * Who sends a request, from its `Authorization` header: the user's internal id, or a rejection with the 401 to
 * answer (an HttpProblem `unauthorized` carrying its `WWW-Authenticate` challenge).
 */
export type Authentication = (authorization: string | undefined) => Promise<number>;

/** Whether the route asks for a token, given its raw path parameters. */
export function needsToken(spec: RouteSpec, params: Record<string, string>): boolean {
  const auth = spec.auth;
  if (auth === 'jwt') return true;
  if (auth === 'none') return false;
  return auth.jwtWhen(params);
}

/** The Express step of a route that needs a token: the user's id in `res.locals.userId`, else the 401. */
export function authenticateRequest(spec: RouteSpec, authenticate: Authentication): RequestHandler {
  return (req, res, next) => {
    if (!needsToken(spec, req.params as Record<string, string>)) return next();
    authenticate(req.headers.authorization).then((userId) => {
      res.locals.userId = userId;
      next();
    }, next);
  };
}
