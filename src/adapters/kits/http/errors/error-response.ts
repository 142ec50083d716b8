import type { ServerResponse } from 'node:http';
import type { ErrorRequestHandler, Request, Response } from 'express';
import { apiError } from '../../../../domain/logging/log-event.js';
import { DomainError, RateLimitedError, ServiceUnavailableError, type FieldProblem } from '../../../../domain/shared/domain-error.js';
import type { LogSink } from '../../../../application/logging/log-sink.js';
import type { Clock } from '../../../../application/shared/clock.js';
import { type ErrorCode, statusOf } from './error-table.js';
import { HttpProblem } from './http-problem.js';
import { loggableError } from './loggable-error.js';
import { requestIdOf } from '../request-id.js';

export interface ErrorBody {
  error: string;
  message: string;
  details?: FieldProblem[];
}

/** The error's JSON answer, on any node:http response (Express's, or one the direct routes answer). */
export function sendError(
  res: ServerResponse,
  code: ErrorCode,
  message: string,
  extra: { details?: FieldProblem[]; headers?: Record<string, string | string[]> } = {},
): void {
  const body: ErrorBody = { error: code, message };
  if (extra.details && extra.details.length > 0) body.details = extra.details;
  for (const [name, value] of Object.entries(extra.headers ?? {})) res.setHeader(name, value);
  const text = JSON.stringify(body);
  res.statusCode = statusOf(code);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}

/**
 * Errors raised by express and body-parser for bad requests (malformed percent-encoding in a path, a body that
 * claims gzip but is not, ...) carry a 4xx `status`; they are the client's fault, never a 500.
 */
function clientProblem(error: unknown): HttpProblem | null {
  const type = (error as { type?: unknown })?.type;
  if (type === 'entity.too.large') return new HttpProblem('payload_too_large', 'The request body is too large');
  if (type === 'entity.parse.failed') return new HttpProblem('validation_failed', 'The request body is not valid JSON');
  if (type === 'encoding.unsupported' || type === 'charset.unsupported') {
    return new HttpProblem('unsupported_media_type', 'Unsupported body encoding or charset');
  }
  const status = (error as { status?: unknown; statusCode?: unknown })?.status ?? (error as { statusCode?: unknown })?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    if (status === 413) return new HttpProblem('payload_too_large', 'The request body is too large');
    if (status === 415) return new HttpProblem('unsupported_media_type', 'Unsupported body encoding or media type');
    return new HttpProblem('validation_failed', 'The request could not be read (malformed encoding or body)');
  }
  return null;
}

/** Where an error happened, for its `api_error` event: the route template (`GET /api/books/:id`) and the request's id. */
export interface ErrorContext {
  endpoint: string;
  requestId: string | undefined;
}

/** Answers an error on a response not yet sent. */
export type ErrorAnswer = (error: unknown, res: ServerResponse, context: ErrorContext) => void;

/**
 * Maps known errors by code, turns everything else into 500/503 and logs it. `isUnavailable` recognises "the
 * database is down" (supplied by the persistence adapter) for 503 answers.
 */
export function errorAnswer(logs: LogSink, clock: Clock, isUnavailable: (error: unknown) => boolean): ErrorAnswer {
  return (error, res, context) => {
    if (res.headersSent) return;
    if (error instanceof DomainError) {
      const headers: Record<string, string> =
        error instanceof RateLimitedError || error instanceof ServiceUnavailableError ? { 'Retry-After': String(error.retryAfterSeconds) } : {};
      sendError(res, error.code, error.message, { details: error.details, headers });
      return;
    }
    const problem = error instanceof HttpProblem ? error : clientProblem(error);
    if (problem) {
      sendError(res, problem.code, problem.message, { details: problem.details, headers: problem.headers });
      return;
    }
    const unavailable = isUnavailable(error);
    const status = unavailable ? 503 : 500;
    // Never the raw message of a database error: it carries the statement with the user's values inlined.
    const { message, stack } = loggableError(error);
    const requestId = context.requestId;
    logs.record(apiError({ endpoint: context.endpoint, status, message, stack, ...(requestId ? { request_id: requestId } : {}) }, clock.now()));
    if (unavailable) {
      sendError(res, 'service_unavailable', 'The database is unavailable; try again shortly', { headers: { 'Retry-After': '5' } });
    } else {
      // Never a stack trace or SQL in the answer; what may be told went to the log.
      sendError(res, 'internal_error', 'An unexpected error occurred');
    }
  };
}

/** The central error handler of an Express application. */
export function errorHandler(logs: LogSink, clock: Clock, isUnavailable: (error: unknown) => boolean): ErrorRequestHandler {
  const answer = errorAnswer(logs, clock, isUnavailable);
  return (error: unknown, req, res, _next) => answer(error, res, { endpoint: endpointOf(req, res), requestId: requestIdOf(res) });
}

/** The route template (`GET /api/books/:id`) set by mountRoutes, else the path without its query. */
function endpointOf(req: Request, res: Response): string {
  const endpoint = res.locals.endpoint as string | undefined;
  return endpoint ?? `${req.method} ${req.originalUrl.split('?')[0]}`;
}
