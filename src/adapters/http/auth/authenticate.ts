import type { LogSink } from '../../../application/logging/log-sink.js';
import type { Clock } from '../../../application/shared/clock.js';
import type { UserDirectory } from '../../../application/users/user-directory.js';
import { authFailed } from '../../../domain/logging/log-event.js';
import { HttpProblem } from '../../kits/http/errors/http-problem.js';
import type { Authentication } from '../../kits/http/routing/route-auth.js';
import type { JwtVerifier } from './jwt-verifier.js';

const MESSAGES = {
  missing_token: 'Authentication required: send Authorization: Bearer <token>',
  malformed_token: 'The bearer token is malformed',
  invalid_signature: 'The bearer token signature is invalid',
  token_expired: 'The bearer token has expired',
  invalid_claims: 'The bearer token claims are invalid',
} as const;

/** Verifies the JWT, logs one `auth_failed` (reason only) per failure, and gives the user's id. */
export function authenticate(verifier: JwtVerifier, users: UserDirectory, logs: LogSink, clock: Clock): Authentication {
  return async (authorization) => {
    const outcome = await verifier.verify(authorization);
    if (!outcome.ok) {
      logs.record(authFailed(outcome.reason, clock.now()));
      throw new HttpProblem('unauthorized', MESSAGES[outcome.reason], { 'WWW-Authenticate': 'Bearer' });
    }
    return users.ensure(outcome.claims);
  };
}
