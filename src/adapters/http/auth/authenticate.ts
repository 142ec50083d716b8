import type { RequestHandler } from 'express';
import type { LogSink } from '../../../application/logging/log-sink.js';
import type { Clock } from '../../../application/shared/clock.js';
import type { UserDirectory } from '../../../application/users/user-directory.js';
import { authFailed } from '../../../domain/logging/log-event.js';
import { sendError } from '../../kits/http/errors/error-response.js';
import type { JwtVerifier } from './jwt-verifier.js';

const MESSAGES = {
  missing_token: 'Authentication required: send Authorization: Bearer <token>',
  malformed_token: 'The bearer token is malformed',
  invalid_signature: 'The bearer token signature is invalid',
  token_expired: 'The bearer token has expired',
  invalid_claims: 'The bearer token claims are invalid',
} as const;

/** Verifies the JWT, logs one `auth_failed` (reason only) per failure, and attaches the user id. */
export function authenticate(verifier: JwtVerifier, users: UserDirectory, logs: LogSink, clock: Clock): RequestHandler {
  return async (req, res, next) => {
    const outcome = await verifier.verify(req.headers.authorization);
    if (!outcome.ok) {
      logs.record(authFailed(outcome.reason, clock.now()));
      sendError(res, 'unauthorized', MESSAGES[outcome.reason], { headers: { 'WWW-Authenticate': 'Bearer' } });
      return;
    }
    res.locals.userId = await users.ensure(outcome.claims);
    next();
  };
}
