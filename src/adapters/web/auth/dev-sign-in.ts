import express, { type Router } from 'express';
import { z } from 'zod';
import { sendError } from '../../kits/http/errors/error-response.js';
import { jsonBody, requireJson } from '../../kits/http/routing/json-body.js';
import { parseOrThrow } from '../../kits/http/routing/validate.js';
import { signDevelopmentToken } from './dev-token.js';

/** Development user names: short and plain, so a token's `sub` is readable in the database. */
const SignInBody = z.strictObject({
  user: z.string().regex(/^[A-Za-z0-9._@-]{1,64}$/, '1 to 64 letters, digits or . _ @ -'),
});
/** Shorter than the CLI's tokens: a browser session, not a script's credential. */
const SIGN_IN_TTL_SECONDS = 12 * 3600;

/**
 * The web UI's development sign-in, mounted only when DEV_SIGN_IN=on (refused in production by config).
 * `GET /dev/sign-in` tells the sign-in page that it exists; `POST {"user"}` answers `{"token"}`.
 * When it is off these routes do not exist (404), so the page hides its button.
 */
export function devSignInRoutes(hsSecret: string): Router {
  const router = express.Router();
  router.get('/dev/sign-in', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ enabled: true });
  });
  router.post('/dev/sign-in', requireJson, jsonBody, (req, res) => {
    const { user } = parseOrThrow(SignInBody, req.body, 'body');
    res.setHeader('Cache-Control', 'no-store');
    res.json({ token: signDevelopmentToken(hsSecret, user, SIGN_IN_TTL_SECONDS) });
  });
  router.all('/dev/sign-in', (_req, res) => {
    sendError(res, 'method_not_allowed', 'Only GET and POST are allowed here', { headers: { Allow: 'GET, HEAD, POST' } });
  });
  return router;
}
