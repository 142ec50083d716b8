import express, { type RequestHandler } from 'express';
import { HttpProblem } from '../errors/http-problem.js';

const JSON_BODY_LIMIT = '1mb';

const hasBody = (req: express.Request): boolean =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

/** Refuses a body of another media type with 415 and an empty body with 400, before reading it. */
export function requireBodyOf(mediaTypes: readonly string[], describe: string): RequestHandler {
  return (req, _res, next) => {
    if (!hasBody(req)) {
      next(new HttpProblem('validation_failed', `The request body is empty; send ${describe}`, {}, [{ field: 'body', message: 'required' }]));
      return;
    }
    if (!req.is([...mediaTypes])) {
      next(new HttpProblem('unsupported_media_type', `Send the body as Content-Type: ${mediaTypes.join(' or ')}`));
      return;
    }
    next();
  };
}

/** JSON routes take `application/json` only. */
export const requireJson = requireBodyOf(['application/json'], 'a JSON object');

/** Parses `application/json` bodies up to JSON_BODY_LIMIT (413 beyond); malformed JSON is a 400. */
export const jsonBody = express.json({ limit: JSON_BODY_LIMIT, strict: true, type: 'application/json' });
