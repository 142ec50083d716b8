// OpenID Connect sign-in from the sign-in page: authorization code flow with PKCE as a public client. The state,
// nonce and PKCE verifier of a started sign-in stay in this tab's sessionStorage until the provider sends it back.
import {
  authorizationUrl, discoveryUrl, idTokenProblem, jwtPayload, pkceChallenge, randomToken, readDiscovery,
  type CallbackParams, type OidcClientConfig, type ProviderEndpoints,
} from './oidc-protocol.js';
import { saveOidcSession, tokenRequest } from './oidc-session.js';
import { OIDC_RETURN_PATH } from './session.js';

const PENDING_KEY = 'shelfwatch.oidc.pending';

/** A started sign-in, as kept until the provider's redirect comes back. */
interface PendingSignIn {
  state: string;
  nonce: string;
  verifier: string;
  /** Where to go once signed in: a whole same-origin URL from `safeNextPage`. */
  next: string;
  issuer: string;
  clientId: string;
  redirectUri: string;
  endpoints: ProviderEndpoints;
}

/** The sign-in's outcome: the ID token to send as Bearer, and the page to continue to. */
export interface FinishedSignIn {
  token: string;
  next: string;
  /** Stores the provider's record (renewal, sign-out) once the service has accepted the token. */
  keep(): void;
}

async function discover(config: OidcClientConfig): Promise<ProviderEndpoints> {
  let response: Response;
  try {
    response = await fetch(discoveryUrl(config.issuer), { headers: { Accept: 'application/json' } });
  } catch {
    throw new Error(`${config.provider_name} cannot be reached from this page (network, or its CORS settings do not allow this site).`);
  }
  if (!response.ok) throw new Error(`${config.provider_name}'s discovery document answered ${response.status}.`);
  return readDiscovery(await response.json(), config.issuer);
}

/** Leaves for the provider's sign-in; the provider comes back to the sign-in page with a code. */
export async function startOidcSignIn(config: OidcClientConfig, next: string): Promise<void> {
  const endpoints = await discover(config);
  const pending: PendingSignIn = {
    state: randomToken(),
    nonce: randomToken(),
    verifier: randomToken(),
    next,
    issuer: config.issuer,
    clientId: config.client_id,
    redirectUri: new URL(OIDC_RETURN_PATH, location.origin).href,
    endpoints,
  };
  sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
  location.assign(
    authorizationUrl({
      authorizationEndpoint: endpoints.authorizationEndpoint,
      clientId: pending.clientId,
      redirectUri: pending.redirectUri,
      scopes: config.scopes,
      state: pending.state,
      nonce: pending.nonce,
      codeChallenge: await pkceChallenge(pending.verifier),
    }),
  );
}

/** The sign-in this tab started, taken once: a callback can be used only one time. */
function takePending(): PendingSignIn | null {
  const text = sessionStorage.getItem(PENDING_KEY);
  sessionStorage.removeItem(PENDING_KEY);
  if (!text) return null;
  try {
    return JSON.parse(text) as PendingSignIn;
  } catch {
    return null;
  }
}

const NOT_STARTED_HERE = 'This sign-in was not started on this page, or was already used. Please sign in again.';

/**
 * Finishes the sign-in the provider sent back: the state must be this tab's (no one else's code is taken), the code
 * is exchanged with the PKCE verifier, and the ID token must answer this request (issuer, client, nonce).
 */
export async function finishOidcSignIn(callback: CallbackParams): Promise<FinishedSignIn> {
  const pending = takePending();
  if (!pending || callback.state !== pending.state) throw new Error(NOT_STARTED_HERE);
  if (callback.kind === 'error') {
    throw new Error(`The identity provider did not sign you in: ${callback.description ?? callback.error}.`);
  }
  // RFC 9207: a provider that names itself in the answer must be the one asked (no mix-up between providers).
  if (callback.iss !== null && callback.iss !== pending.issuer) throw new Error('The answer came from another identity provider.');
  const answer = await tokenRequest(pending.endpoints.tokenEndpoint, {
    grant_type: 'authorization_code',
    code: callback.code,
    redirect_uri: pending.redirectUri,
    client_id: pending.clientId,
    code_verifier: pending.verifier,
  });
  const token = answer.id_token;
  if (!token) throw new Error('The identity provider gave no ID token (is the openid scope allowed for this client?).');
  const problem = idTokenProblem(token, {
    issuer: pending.issuer,
    clientId: pending.clientId,
    nonce: pending.nonce,
    nowSeconds: Math.floor(Date.now() / 1000),
  });
  if (problem) throw new Error(`The sign-in cannot be used: ${problem}.`);
  return {
    token,
    next: pending.next,
    keep() {
      saveOidcSession({
        issuer: pending.issuer,
        clientId: pending.clientId,
        tokenEndpoint: pending.endpoints.tokenEndpoint,
        endSessionEndpoint: pending.endpoints.endSessionEndpoint,
        idToken: token,
        refreshToken: answer.refresh_token ?? null,
        subject: String(jwtPayload(token)?.sub),
      });
    },
  };
}
