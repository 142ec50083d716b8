// OpenID Connect in the browser, the pure parts: PKCE, the authorization request, the discovery document, the
// callback's parameters and the ID token's claims. No storage, no navigation: those are oidc-sign-in.ts's.

/** What `GET /api/auth/config` says about the provider (null there: no OIDC sign-in). */
export interface OidcClientConfig {
  issuer: string;
  client_id: string;
  scopes: string[];
  provider_name: string;
}

/** The endpoints the browser uses, read from `<issuer>/.well-known/openid-configuration`. */
export interface ProviderEndpoints {
  authorizationEndpoint: string;
  tokenEndpoint: string;
  /** RP-initiated logout; null when the provider offers none (sign-out then only forgets the tokens here). */
  endSessionEndpoint: string | null;
}

export function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** 32 random bytes → 43 base64url characters: a PKCE verifier (RFC 7636: 43 to 128 characters), a state, a nonce. */
export function randomToken(byteLength = 32): string {
  return base64url(crypto.getRandomValues(new Uint8Array(byteLength)));
}

/** RFC 7636 S256: BASE64URL(SHA-256(ASCII(code_verifier))). */
export async function pkceChallenge(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64url(new Uint8Array(digest));
}

export function discoveryUrl(issuer: string): string {
  return `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
}

/** An endpoint URL the browser may use: https, or http when the issuer itself is http (a loopback test provider). */
function endpoint(value: unknown, issuerUrl: URL, name: string): string {
  if (typeof value !== 'string') throw new Error(`The identity provider's discovery document has no ${name}.`);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`The identity provider's ${name} is not a URL.`);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && issuerUrl.protocol === 'http:')) {
    throw new Error(`The identity provider's ${name} is not an https URL.`);
  }
  return url.href;
}

/**
 * Reads the discovery document, refusing one that speaks for another issuer (OpenID Connect Discovery §4.3), a
 * provider without PKCE S256, and a token endpoint outside the issuer's origin: the page may only fetch from there
 * (its Content-Security-Policy allows the issuer's origin and no other).
 */
export function readDiscovery(document: unknown, issuer: string): ProviderEndpoints {
  const doc = (typeof document === 'object' && document !== null ? document : {}) as Record<string, unknown>;
  if (doc.issuer !== issuer) throw new Error(`The identity provider's discovery document names another issuer (${String(doc.issuer)}).`);
  const issuerUrl = new URL(issuer);
  const methods = doc.code_challenge_methods_supported;
  if (Array.isArray(methods) && !methods.includes('S256')) {
    throw new Error('The identity provider does not offer PKCE with S256, which this sign-in needs.');
  }
  const tokenEndpoint = endpoint(doc.token_endpoint, issuerUrl, 'token_endpoint');
  if (new URL(tokenEndpoint).origin !== issuerUrl.origin) {
    throw new Error(`The identity provider's token endpoint (${tokenEndpoint}) is not on the issuer's origin, which is the only one this page may contact.`);
  }
  return {
    authorizationEndpoint: endpoint(doc.authorization_endpoint, issuerUrl, 'authorization_endpoint'),
    tokenEndpoint,
    endSessionEndpoint: doc.end_session_endpoint === undefined ? null : endpoint(doc.end_session_endpoint, issuerUrl, 'end_session_endpoint'),
  };
}

export interface AuthorizationRequest {
  authorizationEndpoint: string;
  clientId: string;
  redirectUri: string;
  scopes: string[];
  state: string;
  nonce: string;
  codeChallenge: string;
}

/**
 * The authorization code request with PKCE (S256). `offline_access` asks for a refresh token, which OpenID Connect
 * Core §11 grants only with `prompt=consent`, so that scope brings the prompt along.
 */
export function authorizationUrl(request: AuthorizationRequest): string {
  const url = new URL(request.authorizationEndpoint);
  const params: Record<string, string> = {
    response_type: 'code',
    client_id: request.clientId,
    redirect_uri: request.redirectUri,
    scope: request.scopes.join(' '),
    state: request.state,
    nonce: request.nonce,
    code_challenge: request.codeChallenge,
    code_challenge_method: 'S256',
  };
  if (request.scopes.includes('offline_access')) params.prompt = 'consent';
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.href;
}

export type CallbackParams =
  | { kind: 'code'; code: string; state: string; iss: string | null }
  | { kind: 'error'; error: string; description: string | null; state: string | null };

/** The provider's answer in the redirect's query (`code` and `state`, or `error`); null when this is no callback. */
export function readCallback(search: string): CallbackParams | null {
  const params = new URLSearchParams(search);
  const error = params.get('error');
  if (error) return { kind: 'error', error, description: params.get('error_description'), state: params.get('state') };
  const code = params.get('code');
  const state = params.get('state');
  if (code === null || state === null) return null;
  return { kind: 'code', code, state, iss: params.get('iss') };
}

/** A JWT's payload, unverified (the service verifies the signature; the page only reads and cross-checks). */
export function jwtPayload(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const binary = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    const json = new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
    const payload: unknown = JSON.parse(json);
    return typeof payload === 'object' && payload !== null && !Array.isArray(payload) ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export interface IdTokenExpectations {
  issuer: string;
  clientId: string;
  nowSeconds: number;
  /** The nonce sent with the authorization request (a fresh sign-in). */
  nonce?: string;
  /** The subject of the first ID token (a refreshed one must name the same user, Core §12.2). */
  subject?: string;
}

/**
 * Why an ID token straight from the token endpoint must not be used, or null: issuer, audience (and `azp` when
 * several audiences), expiry, nonce (the answer belongs to this tab's request, not a replayed one), subject.
 */
export function idTokenProblem(token: string, expect: IdTokenExpectations): string | null {
  const claims = jwtPayload(token);
  if (!claims) return 'the ID token is not a JWT';
  if (claims.iss !== expect.issuer) return 'the ID token comes from another issuer';
  const audience = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!audience.includes(expect.clientId)) return 'the ID token is meant for another client';
  if (audience.length > 1 && claims.azp !== expect.clientId) return 'the ID token was issued to another client';
  if (typeof claims.exp !== 'number' || claims.exp <= expect.nowSeconds) return 'the ID token has expired';
  if (typeof claims.sub !== 'string' || claims.sub === '') return 'the ID token names no user';
  if (expect.nonce !== undefined && claims.nonce !== expect.nonce) return 'the ID token does not answer this sign-in (nonce)';
  if (expect.subject !== undefined && claims.sub !== expect.subject) return 'the renewed ID token names another user';
  return null;
}

/**
 * Whether a token should be renewed before it is sent: within a minute of `exp`, or within a quarter of its
 * lifetime for short-lived tokens (so a renewal never yields a token that is due again at once).
 */
export function renewalDue(token: string, nowSeconds: number): boolean {
  const claims = jwtPayload(token);
  if (!claims || typeof claims.exp !== 'number') return false;
  const lifetime = typeof claims.iat === 'number' ? claims.exp - claims.iat : 3600;
  return claims.exp - nowSeconds <= Math.min(60, lifetime / 4);
}

/** RP-initiated logout 1.0: ends the provider's session, then comes back to `postLogoutRedirectUri`. */
export function endSessionUrl(endSessionEndpoint: string, idToken: string, clientId: string, postLogoutRedirectUri: string): string {
  const url = new URL(endSessionEndpoint);
  url.searchParams.set('id_token_hint', idToken);
  url.searchParams.set('client_id', clientId);
  url.searchParams.set('post_logout_redirect_uri', postLogoutRedirectUri);
  return url.href;
}
