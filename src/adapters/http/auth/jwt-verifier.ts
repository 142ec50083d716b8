import { createPublicKey, createSecretKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { UserClaims } from '../../../application/users/user-directory.js';
import type { AuthFailureReason } from '../../../domain/logging/log-event.js';
import type { JwtKeySource } from './jwt-key-source.js';
import { DEFAULT_MAX_AGE_SECONDS, readClaims } from './token-claims.js';

export type JwtAlgorithm = 'HS256' | 'RS256' | 'ES256';

export interface JwtVerifierOptions {
  algorithms: JwtAlgorithm[];
  keys: JwtKeySource;
  issuer: string | null;
  /** The token's `aud` must contain this, or one of these. */
  audience: string | string[] | null;
  /** JWT_MAX_AGE: the longest lifetime a token may claim, in seconds (default 30 days). */
  maxAgeSeconds?: number;
}

type Failure = { ok: false; reason: AuthFailureReason };
export type VerifyOutcome = { ok: true; claims: UserClaims } | Failure;
type VerifiedToken = { ok: true; claims: UserClaims; expiresAt: number };

const CLOCK_TOLERANCE_SECONDS = 30;
const BASE64URL_SEGMENT = /^[A-Za-z0-9_-]*$/;
/** A verified token is trusted again for at most this long (and never past its `exp`), so key rotation takes effect soon. */
const REMEMBER_MS = 60_000;
const REMEMBER_MAX = 10_000;

interface Remembered {
  claims: UserClaims;
  until: number;
}

/**
 * Verifies `Authorization: Bearer <jwt>`: algorithms fixed by configuration (never read from the
 * token), `exp` required, 30 s tolerance, issuer/audience when configured; then the lifetime (JWT_MAX_AGE) and
 * the identity claims (token-claims.ts). Each failure has one reason.
 */
export class JwtVerifier {
  // Checking a signature is a large share of a cheap request, and clients send the same token again and again.
  private readonly remembered = new Map<string, Remembered>();

  constructor(private readonly options: JwtVerifierOptions) {}

  async verify(authorization: string | undefined): Promise<VerifyOutcome> {
    if (authorization === undefined || authorization.trim() === '') return fail('missing_token');
    const match = /^Bearer +(\S+)\s*$/i.exec(authorization);
    if (!match?.[1]) return fail('malformed_token');
    const token = match[1];
    const known = this.remembered.get(token);
    if (known && Date.now() <= known.until) return { ok: true, claims: known.claims };
    if (known) this.remembered.delete(token);
    const outcome = await this.verifyToken(token);
    if (outcome.ok) this.remember(token, outcome);
    return outcome;
  }

  private remember(token: string, outcome: VerifiedToken): void {
    if (this.remembered.size >= REMEMBER_MAX) this.remembered.clear();
    this.remembered.set(token, { claims: outcome.claims, until: Math.min(outcome.expiresAt, Date.now() + REMEMBER_MS) });
  }

  private async verifyToken(token: string): Promise<VerifiedToken | Failure> {
    const parts = token.split('.');
    if (parts.length !== 3 || !parts.every((p) => BASE64URL_SEGMENT.test(p)) || !parts[0] || !parts[1]) {
      return fail('malformed_token');
    }
    let decoded: jwt.Jwt | null;
    try {
      // Throws on a payload that is not JSON when the header says typ JWT.
      decoded = jwt.decode(token, { complete: true });
    } catch {
      return fail('malformed_token');
    }
    if (!decoded || typeof decoded.payload === 'string') return fail('malformed_token');

    let key: KeyObject | null;
    try {
      key = await this.options.keys.keyFor(decoded.header.kid);
    } catch {
      return fail('invalid_signature');
    }
    if (!key) return fail('invalid_signature');

    let payload: jwt.JwtPayload;
    try {
      payload = jwt.verify(token, key, {
        algorithms: this.options.algorithms,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        ...(this.options.issuer ? { issuer: this.options.issuer } : {}),
        ...(audienceOption(this.options.audience) ?? {}),
      }) as jwt.JwtPayload;
    } catch (error) {
      return fail(reasonOf(error));
    }
    return readClaims(payload, {
      maxAgeSeconds: this.options.maxAgeSeconds ?? DEFAULT_MAX_AGE_SECONDS,
      toleranceSeconds: CLOCK_TOLERANCE_SECONDS,
      nowSeconds: Math.floor(Date.now() / 1000),
    });
  }
}

function audienceOption(audience: string | string[] | null): { audience: string | [string, ...string[]] } | null {
  if (typeof audience === 'string') return audience ? { audience } : null;
  const [first, ...rest] = audience ?? [];
  return first === undefined ? null : { audience: [first, ...rest] };
}

function fail(reason: AuthFailureReason): Failure {
  return { ok: false, reason };
}

function reasonOf(error: unknown): AuthFailureReason {
  if (error instanceof jwt.TokenExpiredError) return 'token_expired';
  if (error instanceof jwt.NotBeforeError) return 'invalid_claims';
  const message = error instanceof Error ? error.message : '';
  if (/malformed|invalid token|must be provided|Unexpected token|JSON/i.test(message)) return 'malformed_token';
  if (/audience|issuer|subject|jwtid|maxAge|payload|exp value|nbf value|iat/i.test(message)) return 'invalid_claims';
  // Bad signature, missing signature (alg "none"), an algorithm not allowed, or a key of the wrong kind.
  return 'invalid_signature';
}

export function secretKey(secret: string): KeyObject {
  return createSecretKey(Buffer.from(secret, 'utf8'));
}

export function publicKeyFromPem(pem: string): KeyObject {
  return createPublicKey(pem);
}
