import { randomUUID } from 'node:crypto';
import type { RequestHandler, Response } from 'express';

/** What a caller's X-Request-Id may be: short and plain, so it can be logged and searched as it is. */
const ACCEPTED = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Gives every request an id: the caller's `X-Request-Id` when it is a plain token, else a new UUID. It goes back in
 * the response's `X-Request-Id`, into the access log line and into an `api_error` event, so a user's error report
 * can be found in the logs.
 */
export const requestId: RequestHandler = (req, res, next) => {
  const id = requestIdFrom(req.headers['x-request-id']);
  res.locals.requestId = id;
  res.setHeader('X-Request-Id', id);
  next();
};

/** The caller's `X-Request-Id` when it is a plain token, else a new UUID. */
export function requestIdFrom(given: string | string[] | undefined): string {
  return typeof given === 'string' && ACCEPTED.test(given) ? given : randomUUID();
}

/** The request's id, once `requestId` ran. */
export function requestIdOf(res: Response): string | undefined {
  const id: unknown = res.locals.requestId;
  return typeof id === 'string' ? id : undefined;
}
