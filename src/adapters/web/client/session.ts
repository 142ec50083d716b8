// The JWT lives in localStorage (the UI is a set of static pages; there is no server session to hold it). After an
// OpenID Connect sign-in it is the provider's ID token, and oidc-session.ts keeps what renewal and sign-out need.
import { endSessionUrl } from './oidc-protocol.js';
import { forgetOidcSession, getOidcSession } from './oidc-session.js';

const TOKEN_KEY = 'shelfwatch.token';
/** Set (per tab) while the provider ends its session, so the sign-in page it returns to says "You are signed out". */
const SIGNED_OUT_KEY = 'shelfwatch.signed-out';
/** Where the provider sends the browser back after signing in and after signing out: register it with the provider. */
export const OIDC_RETURN_PATH = '/sign-in.html';

export type SignInReason = 'expired' | 'missing' | 'signed-out';

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function setToken(token: string): void {
  localStorage.setItem(TOKEN_KEY, token);
}

/** Forgets the bearer token only; the provider's session record stays for the sign-out that may follow. */
export function clearToken(): void {
  localStorage.removeItem(TOKEN_KEY);
}

/** Forgets everything this browser holds for the sign-in: the token, and the refresh token and provider record. */
export function forgetSignIn(): void {
  clearToken();
  forgetOidcSession();
}

/** Thrown after a redirect to the sign-in page has started, so callers stop without showing an error. */
export class SignInRedirect extends Error {
  constructor(readonly reason: SignInReason) {
    super(`Redirecting to sign-in (${reason})`);
  }
}

let leaving = false;

/**
 * Leaves for the sign-in page, which shows why and returns here afterwards. Once only: a page whose requests all
 * answer 401 (its content and the navigation's badge) would otherwise start a second navigation that aborts the first.
 * Signing out after an OpenID Connect sign-in goes through the provider's end-session endpoint when it has one, so
 * the provider's session ends too; it sends the browser back to the sign-in page.
 */
export function goToSignIn(reason: SignInReason): SignInRedirect {
  if (!leaving) {
    leaving = true;
    const provider = reason === 'signed-out' ? getOidcSession() : null;
    if (reason === 'signed-out') forgetSignIn();
    if (provider?.endSessionEndpoint) {
      sessionStorage.setItem(SIGNED_OUT_KEY, '1');
      location.assign(endSessionUrl(provider.endSessionEndpoint, provider.idToken, provider.clientId, new URL(OIDC_RETURN_PATH, location.origin).href));
    } else {
      const back = reason === 'signed-out' ? '' : `&next=${encodeURIComponent(location.pathname + location.search)}`;
      location.assign(`/sign-in.html?reason=${reason}${back}`);
    }
  }
  return new SignInRedirect(reason);
}

/** Sign-out: forgets the sign-in here and, after an OpenID Connect sign-in, ends the provider's session. */
export function signOut(): SignInRedirect {
  return goToSignIn('signed-out');
}

/** True once after the provider has sent the browser back from its end-session endpoint. */
export function takeSignedOutNotice(): boolean {
  const signedOut = sessionStorage.getItem(SIGNED_OUT_KEY) !== null;
  sessionStorage.removeItem(SIGNED_OUT_KEY);
  return signedOut;
}

export function requireToken(): string {
  const token = getToken();
  if (!token) throw goToSignIn('missing');
  return token;
}
