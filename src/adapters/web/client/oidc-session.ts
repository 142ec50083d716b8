// What an OpenID Connect sign-in leaves behind in this browser, beside the bearer token (session.ts): the provider's
// endpoints for renewal and sign-out, the refresh token, and the ID token as the sign-out's hint.
import { idTokenProblem } from './oidc-protocol.js';

const SESSION_KEY = 'shelfwatch.oidc';

export interface OidcSession {
  issuer: string;
  clientId: string;
  tokenEndpoint: string;
  endSessionEndpoint: string | null;
  /** The latest ID token: the bearer token the UI sends, and `id_token_hint` at sign-out. */
  idToken: string;
  /** Null when the provider gave none: an expired sign-in then means signing in again. */
  refreshToken: string | null;
  subject: string;
}

export function getOidcSession(): OidcSession | null {
  const text = localStorage.getItem(SESSION_KEY);
  if (!text) return null;
  try {
    const session = JSON.parse(text) as Partial<OidcSession>;
    return typeof session.idToken === 'string' && typeof session.tokenEndpoint === 'string' ? (session as OidcSession) : null;
  } catch {
    return null;
  }
}

export function saveOidcSession(session: OidcSession): void {
  localStorage.setItem(SESSION_KEY, JSON.stringify(session));
}

export function forgetOidcSession(): void {
  localStorage.removeItem(SESSION_KEY);
}

/** The token endpoint's answer, or why there is none. */
export interface TokenResponse {
  id_token?: string;
  refresh_token?: string;
}

/** POSTs a form to the token endpoint (a public client: `client_id`, no secret); throws with the provider's words. */
export async function tokenRequest(tokenEndpoint: string, form: Record<string, string>): Promise<TokenResponse> {
  let response: Response;
  try {
    response = await fetch(tokenEndpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: new URLSearchParams(form),
    });
  } catch {
    throw new Error('The identity provider cannot be reached from this page (network, or its CORS settings do not allow this site).');
  }
  let body: Record<string, unknown> = {};
  try {
    body = (await response.json()) as Record<string, unknown>;
  } catch {
    // An answer that is not JSON: the status says enough.
  }
  if (!response.ok) {
    const words = typeof body.error_description === 'string' ? body.error_description : typeof body.error === 'string' ? body.error : `status ${response.status}`;
    throw new Error(`The identity provider refused: ${words}`);
  }
  return {
    id_token: typeof body.id_token === 'string' ? body.id_token : undefined,
    refresh_token: typeof body.refresh_token === 'string' ? body.refresh_token : undefined,
  };
}

/**
 * A fresh ID token through the refresh token, or null when there is none or the provider refuses it (then the
 * refresh token is forgotten: it will not work again). The new ID token must name the same issuer, client and user.
 */
export async function refreshIdToken(session: OidcSession): Promise<string | null> {
  if (!session.refreshToken) return null;
  let answer: TokenResponse;
  try {
    answer = await tokenRequest(session.tokenEndpoint, {
      grant_type: 'refresh_token',
      refresh_token: session.refreshToken,
      client_id: session.clientId,
    });
  } catch {
    saveOidcSession({ ...session, refreshToken: null });
    return null;
  }
  const idToken = answer.id_token;
  const problem = idToken
    ? idTokenProblem(idToken, { issuer: session.issuer, clientId: session.clientId, subject: session.subject, nowSeconds: Math.floor(Date.now() / 1000) })
    : 'no ID token';
  if (!idToken || problem) {
    saveOidcSession({ ...session, refreshToken: null });
    return null;
  }
  // Providers rotate a public client's refresh token: the old one is spent.
  saveOidcSession({ ...session, idToken, refreshToken: answer.refresh_token ?? session.refreshToken });
  return idToken;
}
