import type { UserClaims } from '../../../application/users/user-directory.js';
import type { AuthFailureReason } from '../../../domain/logging/log-event.js';

/** JWT_MAX_AGE's default (config/config.ts): the development CLI's 30-day tokens must still pass. */
export const DEFAULT_MAX_AGE_SECONDS = 30 * 24 * 3600;

/** `sub` is opaque, up to 255 characters; `app_user.subject` is varchar(255), which counts code points. */
const SUBJECT_MAX = 255;
/** 64 (local part) + 1 + 255 (domain): anything longer is not an address an alert could reach. */
const EMAIL_MAX = 320;
/** Display only, so a longer name is shortened rather than refused. */
const NAME_MAX = 300;
/** C0, DEL and C1 controls: U+0000 makes PostgreSQL refuse the row (a 500), CR/LF would reach mail headers. */
const CONTROL = /\p{Cc}/u;
/** With the `u` flag only an unpaired surrogate matches: such text is not valid Unicode and cannot be stored faithfully. */
const LONE_SURROGATE = /\p{Cs}/u;

export type ClaimsOutcome = { ok: true; claims: UserClaims; expiresAt: number } | { ok: false; reason: AuthFailureReason };

export interface LifetimeRules {
  /** Longest accepted lifetime in seconds (JWT_MAX_AGE). */
  maxAgeSeconds: number;
  toleranceSeconds: number;
  nowSeconds: number;
}

/**
 * Reads the claims of a token whose signature, `exp`, `nbf`, issuer and audience jsonwebtoken has already checked.
 * Everything unusable is `invalid_claims`, decided here before any of it reaches the database or a log.
 */
export function readClaims(payload: Record<string, unknown>, rules: LifetimeRules): ClaimsOutcome {
  const invalid: ClaimsOutcome = { ok: false, reason: 'invalid_claims' };
  const { exp, iat, sub } = payload;
  if (typeof exp !== 'number' || !Number.isFinite(exp) || !lifetimeAcceptable(exp, iat, rules)) return invalid;
  if (typeof sub !== 'string' || sub.length === 0 || !plainText(sub) || codePoints(sub) > SUBJECT_MAX) return invalid;
  const email = optionalText(payload.email);
  const name = optionalText(payload.name);
  if (email === undefined || name === undefined) return invalid;
  if (email !== null && codePoints(email) > EMAIL_MAX) return invalid;
  return {
    ok: true,
    // Past this instant the full check runs again and reports the expiry.
    expiresAt: exp * 1000,
    claims: { subject: sub, email, name: name === null ? null : shorten(name, NAME_MAX) },
  };
}

/**
 * A token may live at most `maxAgeSeconds`: measured from `iat` when present (itself not in the future), else
 * from now, so a token "valid until 9999" is refused however it is dressed up.
 */
function lifetimeAcceptable(exp: number, iat: unknown, rules: LifetimeRules): boolean {
  if (iat === undefined) return exp - rules.nowSeconds <= rules.maxAgeSeconds + rules.toleranceSeconds;
  if (typeof iat !== 'number' || !Number.isFinite(iat)) return false;
  // Without this, a far-future `iat` would make any far-future `exp` look short-lived.
  if (iat > rules.nowSeconds + rules.toleranceSeconds) return false;
  return exp - iat <= rules.maxAgeSeconds;
}

/** Absent, null or empty: null (no information). A usable string: itself. Anything else: undefined (refuse). */
function optionalText(value: unknown): string | null | undefined {
  if (value === undefined || value === null || value === '') return null;
  return typeof value === 'string' && plainText(value) ? value : undefined;
}

function plainText(value: string): boolean {
  return !CONTROL.test(value) && !LONE_SURROGATE.test(value);
}

function codePoints(value: string): number {
  let count = 0;
  for (const _ of value) count++;
  return count;
}

/** Cuts at a code point boundary, so shortening never leaves half of a surrogate pair. */
function shorten(value: string, max: number): string {
  return codePoints(value) <= max ? value : Array.from(value).slice(0, max).join('');
}
