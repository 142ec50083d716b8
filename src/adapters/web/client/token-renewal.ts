// Keeps an OpenID Connect sign-in alive with the provider's refresh token: before the ID token expires, and when the
// API answers 401. Without a refresh token (or when the provider refuses it) there is nothing to renew: the caller
// sends the user to sign in again.
import { renewalDue } from './oidc-protocol.js';
import { getOidcSession, refreshIdToken } from './oidc-session.js';
import { getToken, setToken } from './session.js';

const LOCK_NAME = 'shelfwatch.token-renewal';
let inFlight: Promise<string | null> | null = null;

/**
 * A renewed token, or null. `stale` is the token that failed or is about to expire: when the stored token is already
 * another one (renewed by another request or tab meanwhile), that one is the answer. One renewal at a time, across
 * tabs too (Web Locks), since a public client's refresh token is spent by its first use.
 */
export function renewToken(stale: string | null): Promise<string | null> {
  inFlight ??= withLock(async () => {
    const current = getToken();
    if (current !== null && current !== stale) return current;
    const session = getOidcSession();
    if (!session?.refreshToken || session.idToken !== stale) return null;
    const renewed = await refreshIdToken(session);
    if (renewed) setToken(renewed);
    return renewed;
  }).finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/** The token to send now: the stored one, renewed first when it is about to expire and a refresh token exists. */
export async function currentToken(): Promise<string | null> {
  const token = getToken();
  if (token === null || !renewalDue(token, Math.floor(Date.now() / 1000)) || !getOidcSession()?.refreshToken) return token;
  return (await renewToken(token)) ?? token;
}

function withLock(work: () => Promise<string | null>): Promise<string | null> {
  // Web Locks exist in every current browser; without them (an old one) renewals are single per tab only.
  const locks = (navigator as Navigator & { locks?: LockManager }).locks;
  // `request` resolves with what the callback's promise resolves to (TypeScript's DOM types say a nested promise).
  return locks ? (locks.request(LOCK_NAME, work) as unknown as Promise<string | null>) : work();
}
