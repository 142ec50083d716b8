import type { RequestHandler } from 'express';
import { requestIdOf } from '../kits/http/request-id.js';

export interface AccessLogEntry {
  method: string;
  /** The path with secrets masked: a share token in `/api/lists/…`, and the values of secret-looking query keys. */
  path: string;
  status: number;
  duration_ms: number;
  request_id: string | undefined;
}

/** Query keys whose values are never written down. */
const SECRET_KEYS = /token|secret|key|password|signature|code|auth/i;

/** Health probes every few seconds would drown the lines that matter. */
const QUIET_PATHS = new Set(['/healthz', '/readyz']);

/**
 * One line per request, once its answer is sent (or the client went away): method, masked path, status, duration and
 * request id. Never the user, the token or the body.
 */
export function accessLog(write: (entry: AccessLogEntry) => void): RequestHandler {
  return (req, res, next) => {
    if (QUIET_PATHS.has(req.path)) return next();
    const started = process.hrtime.bigint();
    const path = maskedPath(req.originalUrl);
    let written = false;
    const done = (): void => {
      if (written) return;
      written = true;
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      write({ method: req.method, path, status: res.statusCode, duration_ms: Math.round(durationMs * 10) / 10, request_id: requestIdOf(res) });
    };
    res.once('finish', done);
    res.once('close', done);
    next();
  };
}

/** `/api/lists/<share token>` and secret query values masked; everything else as requested. */
export function maskedPath(url: string): string {
  const [pathname = '', query] = url.split(/\?(.*)/s, 2);
  // A list is read by id (digits) or by its share token, which is as good as a password.
  const path = pathname.replace(/^(\/api\/lists\/)(?!\d+(?:\/|$))[^/?#]+/, '$1***');
  if (query === undefined || query === '') return path;
  const masked = query
    .split('&')
    .map((pair) => {
      const [key = '', value] = pair.split(/=(.*)/s, 2);
      return value !== undefined && SECRET_KEYS.test(decodeSafely(key)) ? `${key}=***` : pair;
    })
    .join('&');
  return `${path}?${masked}`;
}

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
