// The JWT lives in localStorage (the UI is a set of static pages; there is no server session to hold it).

const TOKEN_KEY = 'shelfwatch.token';

export type SignInReason = 'expired' | 'missing' | 'signed-out';

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function setToken(token: string): void {
  localStorage.setItem(TOKEN_KEY, token);
}

export function clearToken(): void {
  localStorage.removeItem(TOKEN_KEY);
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
 */
export function goToSignIn(reason: SignInReason): SignInRedirect {
  if (!leaving) {
    leaving = true;
    const back = reason === 'signed-out' ? '' : `&next=${encodeURIComponent(location.pathname + location.search)}`;
    location.assign(`/sign-in.html?reason=${reason}${back}`);
  }
  return new SignInRedirect(reason);
}

export function requireToken(): string {
  const token = getToken();
  if (!token) throw goToSignIn('missing');
  return token;
}
