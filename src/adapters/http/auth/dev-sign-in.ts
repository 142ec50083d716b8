import express, { type Router } from 'express';
import { sendError } from '../errors/error-response.js';
import { signDevelopmentToken } from './dev-token.js';

/** Development user names: short and plain, so a token's `sub` is readable in the database. */
const USER_NAME = /^[A-Za-z0-9._@-]{1,64}$/;
/** Shorter than the CLI's tokens: a browser session, not a script's credential. */
const SIGN_IN_TTL_SECONDS = 12 * 3600;

/**
 * The web UI's development sign-in (C3.5), mounted only when DEV_SIGN_IN=on (refused in production by config).
 * `GET /dev/sign-in` tells the sign-in page that it exists; `POST {"user"}` answers `{"token"}`.
 * When it is off these routes do not exist (404), so the page hides its button.
 */
export function devSignInRoutes(hsSecret: string): Router {
  const router = express.Router();
  router.get('/dev/sign-in', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ enabled: true });
  });
  const json = express.json({ limit: '1kb' });
  router.post('/dev/sign-in', (req, res, next) => {
    if (req.is('application/json')) json(req, res, next);
    else sendError(res, 'unsupported_media_type', 'Send JSON: {"user": "name"}');
  }, (req, res) => {
    const body: unknown = req.body;
    const user = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).user : undefined;
    const unknownFields = typeof body === 'object' && body !== null ? Object.keys(body).filter((k) => k !== 'user') : [];
    const details = [
      ...(typeof user === 'string' && USER_NAME.test(user) ? [] : [{ field: 'user', message: '1 to 64 letters, digits or . _ @ -' }]),
      ...unknownFields.map((field) => ({ field, message: 'unknown field' })),
    ];
    if (details.length > 0) {
      sendError(res, 'validation_failed', 'Invalid development sign-in', { details });
      return;
    }
    res.setHeader('Cache-Control', 'no-store');
    res.json({ token: signDevelopmentToken(hsSecret, user as string, SIGN_IN_TTL_SECONDS) });
  });
  router.all('/dev/sign-in', (_req, res) => {
    sendError(res, 'method_not_allowed', 'Only GET and POST are allowed here', { headers: { Allow: 'GET, HEAD, POST' } });
  });
  return router;
}
