import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { requestIdOf } from '../kits/http/request-id.js';

export interface AccessLogEntry {
  method: string;
  /** The path with secrets masked: a share token in `/api/lists/…`, and the values of secret-looking query keys. */
  path: string;
  /** The status sent; 0 when the connection closed before any answer was sent. */
  status: number;
  /** Present when the answer was not written out whole: the client went away, or a stop's deadline cut it. */
  cut?: true;
  duration_ms: number;
  request_id: string | undefined;
}

/**
 * An entry as its stdout line: the JSON the console logger wrote for it before (winston's `json` format after
 * `timestamp`: keys in alphabetical order, level and message beside the entry), without winston's stream pipeline
 * on every request.
 */
export function accessLogLine(entry: AccessLogEntry, at: Date): string {
  return JSON.stringify({
    ...(entry.cut ? { cut: true } : {}),
    duration_ms: entry.duration_ms,
    level: 'info',
    message: 'request',
    method: entry.method,
    path: entry.path,
    request_id: entry.request_id,
    status: entry.status,
    timestamp: at.toISOString(),
  });
}

/** Query keys whose values are never written down (`t` and `jwt` are common spellings of a token in a link). */
const SECRET_KEYS = /token|secret|key|password|signature|code|auth|^t$|jwt/i;

/** A JSON Web Token (three base64url parts, the header starting `{"`), wherever it appears. */
const JWT_LIKE = /^eyJ[\w-]*\.[\w-]+\.[\w-]*$/;

/** Health probes every few seconds would drown the lines that matter. */
const QUIET_PATHS = new Set(['/healthz', '/readyz']);

/**
 * One line per request, once its answer is sent (or the client went away): method, masked path, status, duration and
 * request id. Never the user, the token or the body.
 */
export function accessLog(write: (entry: AccessLogEntry) => void): RequestHandler {
  return (req, res, next) => {
    if (!QUIET_PATHS.has(req.path)) logWhenAnswered(req, res, write, () => requestIdOf(res));
    next();
  };
}

/** Writes the request's line once its answer is sent or its connection closed, whichever comes first. */
export function logWhenAnswered(
  req: IncomingMessage,
  res: ServerResponse,
  write: (entry: AccessLogEntry) => void,
  requestId: () => string | undefined,
): void {
  const started = process.hrtime.bigint();
  const path = maskedPath(req.url ?? '');
  let written = false;
  const done = (): void => {
    if (written) return;
    written = true;
    const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
    const complete = res.writableFinished;
    write({
      method: req.method ?? '',
      path,
      status: complete || res.headersSent ? res.statusCode : 0,
      ...(complete ? {} : { cut: true as const }),
      duration_ms: Math.round(durationMs * 10) / 10,
      request_id: requestId(),
    });
  };
  res.once('finish', done);
  res.once('close', done);
}

/**
 * Share tokens and secret query values masked; everything else as requested. Routing is case-insensitive at the
 * mount (`/API/lists/…` reaches the lists) and tolerates empty segments, so the path is matched segment by segment,
 * decoded and case-folded, never by one spelling.
 */
export function maskedPath(url: string): string {
  const [pathname = '', query] = url.split(/\?(.*)/s, 2);
  const path = maskedSegments(pathname);
  if (query === undefined || query === '') return path;
  const masked = query
    .split('&')
    .map((pair) => {
      const [key = '', value] = pair.split(/=(.*)/s, 2);
      if (value === undefined) return pair;
      return SECRET_KEYS.test(decodeSafely(key)) || JWT_LIKE.test(decodeSafely(value)) ? `${key}=***` : pair;
    })
    .join('&');
  return `${path}?${masked}`;
}

/** A list is read by id (digits) or by its share token, which is as good as a password; a JWT is one anywhere. */
function maskedSegments(pathname: string): string {
  const segments = pathname.split('/');
  const named = segments.map((segment) => decodeSafely(segment).toLowerCase());
  let previous = '';
  let beforePrevious = '';
  return segments
    .map((segment, i) => {
      const name = named[i]!;
      const afterLists = previous === 'lists' && beforePrevious === 'api';
      if (name !== '') {
        beforePrevious = previous;
        previous = name;
      }
      if (name === '') return segment;
      if (afterLists && !/^\d+$/.test(name)) return '***';
      return JWT_LIKE.test(decodeSafely(segment)) ? '***' : segment;
    })
    .join('/');
}

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
