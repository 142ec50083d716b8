// The pure parts of the browser's OpenID Connect sign-in: PKCE, the authorization request, discovery, the callback,
// the ID token's claims, renewal timing and the end-session address.
import { describe, expect, it } from 'vitest';
import {
  authorizationUrl, base64url, endSessionUrl, idTokenProblem, jwtPayload, pkceChallenge, randomToken, readCallback, readDiscovery, renewalDue,
} from '../../../../src/adapters/web/client/oidc-protocol.js';

const ISSUER = 'https://auth.example.com/realms/home';
const unsigned = (claims: Record<string, unknown>): string =>
  `${Buffer.from('{"alg":"RS256"}').toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.c2ln`;

describe('PKCE', () => {
  it('derives the S256 challenge of RFC 7636 appendix B', async () => {
    expect(await pkceChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });

  it('makes verifiers, states and nonces of 43 base64url characters, never the same twice', () => {
    const tokens = new Set(Array.from({ length: 200 }, () => randomToken()));
    expect(tokens.size).toBe(200);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('encodes base64url without padding', () => {
    expect(base64url(new Uint8Array([0xfb, 0xff]))).toBe('-_8');
  });
});

describe('the authorization request', () => {
  const request = {
    authorizationEndpoint: 'https://auth.example.com/authorize?tenant=home',
    clientId: 'shelfwatch',
    redirectUri: 'https://shelf.example/sign-in.html',
    scopes: ['openid', 'profile', 'email'],
    state: 'the-state',
    nonce: 'the-nonce',
    codeChallenge: 'the-challenge',
  };

  it('asks for a code with PKCE S256, state and nonce, keeping the endpoint\'s own parameters', () => {
    const url = new URL(authorizationUrl(request));
    expect(url.origin + url.pathname).toBe('https://auth.example.com/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      tenant: 'home',
      response_type: 'code',
      client_id: 'shelfwatch',
      redirect_uri: 'https://shelf.example/sign-in.html',
      scope: 'openid profile email',
      state: 'the-state',
      nonce: 'the-nonce',
      code_challenge: 'the-challenge',
      code_challenge_method: 'S256',
    });
  });

  it('asks for consent when it asks for offline access (a refresh token)', () => {
    const url = new URL(authorizationUrl({ ...request, scopes: ['openid', 'offline_access'] }));
    expect(url.searchParams.get('prompt')).toBe('consent');
    expect(new URL(authorizationUrl(request)).searchParams.has('prompt')).toBe(false);
  });
});

describe('the discovery document', () => {
  const doc = {
    issuer: ISSUER,
    authorization_endpoint: `${ISSUER}/protocol/openid-connect/auth`,
    token_endpoint: `${ISSUER}/protocol/openid-connect/token`,
    end_session_endpoint: `${ISSUER}/protocol/openid-connect/logout`,
    code_challenge_methods_supported: ['plain', 'S256'],
  };

  it('gives the endpoints', () => {
    expect(readDiscovery(doc, ISSUER)).toEqual({
      authorizationEndpoint: doc.authorization_endpoint,
      tokenEndpoint: doc.token_endpoint,
      endSessionEndpoint: doc.end_session_endpoint,
    });
    expect(readDiscovery({ ...doc, end_session_endpoint: undefined }, ISSUER).endSessionEndpoint).toBeNull();
  });

  it('refuses a document of another issuer (even one slash apart), without PKCE S256, or with a token endpoint elsewhere', () => {
    expect(() => readDiscovery({ ...doc, issuer: `${ISSUER}/` }, ISSUER)).toThrow(/another issuer/);
    expect(() => readDiscovery({ ...doc, code_challenge_methods_supported: ['plain'] }, ISSUER)).toThrow(/S256/);
    expect(() => readDiscovery({ ...doc, token_endpoint: 'https://tokens.example.net/token' }, ISSUER)).toThrow(/not on the issuer's origin/);
    expect(() => readDiscovery({ ...doc, authorization_endpoint: 'http://auth.example.com/auth' }, ISSUER)).toThrow(/not an https URL/);
    expect(() => readDiscovery({ ...doc, token_endpoint: undefined }, ISSUER)).toThrow(/no token_endpoint/);
    expect(() => readDiscovery(null, ISSUER)).toThrow(/another issuer/);
  });

  it('accepts http endpoints only from an http (loopback) issuer', () => {
    const local = 'http://127.0.0.1:9000';
    const endpoints = readDiscovery({ issuer: local, authorization_endpoint: `${local}/auth`, token_endpoint: `${local}/token` }, local);
    expect(endpoints.tokenEndpoint).toBe(`${local}/token`);
  });
});

describe('the callback', () => {
  it('reads a code with its state (and the issuer of RFC 9207), an error, or nothing', () => {
    expect(readCallback('?code=abc&state=xyz&iss=https%3A%2F%2Fauth.example.com')).toEqual({ kind: 'code', code: 'abc', state: 'xyz', iss: 'https://auth.example.com' });
    expect(readCallback('?code=abc&state=xyz')).toEqual({ kind: 'code', code: 'abc', state: 'xyz', iss: null });
    expect(readCallback('?error=access_denied&error_description=No%20thanks&state=xyz')).toEqual({
      kind: 'error', error: 'access_denied', description: 'No thanks', state: 'xyz',
    });
    expect(readCallback('?code=abc')).toBeNull();
    expect(readCallback('?reason=expired&next=%2Fbooks.html')).toBeNull();
  });
});

describe('the ID token', () => {
  const now = 1_800_000_000;
  const good = { iss: ISSUER, aud: 'shelfwatch', sub: 'user-1', exp: now + 300, iat: now, nonce: 'n-1' };
  const expect1 = { issuer: ISSUER, clientId: 'shelfwatch', nowSeconds: now, nonce: 'n-1' };

  it('reads the payload of a JWT, and nothing from what is not one', () => {
    expect(jwtPayload(unsigned({ sub: 'é' }))).toEqual({ sub: 'é' });
    expect(jwtPayload('not-a-jwt')).toBeNull();
    expect(jwtPayload('a.bm90IGpzb24.c')).toBeNull();
    expect(jwtPayload(`a.${Buffer.from('[1]').toString('base64url')}.c`)).toBeNull();
  });

  it('accepts a token that answers this sign-in', () => {
    expect(idTokenProblem(unsigned(good), expect1)).toBeNull();
    expect(idTokenProblem(unsigned({ ...good, aud: ['shelfwatch', 'api'], azp: 'shelfwatch' }), expect1)).toBeNull();
  });

  it('says what is wrong with one that does not', () => {
    expect(idTokenProblem(unsigned({ ...good, iss: 'https://evil.example' }), expect1)).toMatch(/another issuer/);
    expect(idTokenProblem(unsigned({ ...good, aud: 'other' }), expect1)).toMatch(/another client/);
    expect(idTokenProblem(unsigned({ ...good, aud: ['shelfwatch', 'other'], azp: 'other' }), expect1)).toMatch(/issued to another client/);
    expect(idTokenProblem(unsigned({ ...good, exp: now }), expect1)).toMatch(/expired/);
    expect(idTokenProblem(unsigned({ ...good, nonce: 'replayed' }), expect1)).toMatch(/nonce/);
    expect(idTokenProblem(unsigned({ ...good, nonce: undefined }), expect1)).toMatch(/nonce/);
    expect(idTokenProblem(unsigned({ ...good, sub: '' }), expect1)).toMatch(/no user/);
    expect(idTokenProblem('garbage', expect1)).toMatch(/not a JWT/);
  });

  it('wants a renewed token to name the same user, nonce or not', () => {
    const renewal = { issuer: ISSUER, clientId: 'shelfwatch', nowSeconds: now, subject: 'user-1' };
    expect(idTokenProblem(unsigned({ ...good, nonce: undefined }), renewal)).toBeNull();
    expect(idTokenProblem(unsigned({ ...good, sub: 'user-2' }), renewal)).toMatch(/another user/);
  });
});

describe('renewal timing', () => {
  const now = 1_800_000_000;
  it('renews within a minute of expiry, or a quarter of a short lifetime, and never a token without exp', () => {
    expect(renewalDue(unsigned({ iat: now - 3000, exp: now + 600 }), now)).toBe(false);
    expect(renewalDue(unsigned({ iat: now - 3000, exp: now + 60 }), now)).toBe(true);
    expect(renewalDue(unsigned({ iat: now - 3000, exp: now - 10 }), now)).toBe(true);
    // A 2-minute token: renewed in its last 30 s, not at once.
    expect(renewalDue(unsigned({ iat: now, exp: now + 120 }), now)).toBe(false);
    expect(renewalDue(unsigned({ iat: now, exp: now + 120 }), now + 91)).toBe(true);
    expect(renewalDue(unsigned({ sub: 'x' }), now)).toBe(false);
    expect(renewalDue('pasted-opaque', now)).toBe(false);
  });
});

describe('the end-session address', () => {
  it('names the ID token, the client and where to come back, keeping the endpoint\'s parameters', () => {
    const url = new URL(endSessionUrl('https://auth.example.com/logout?x=1', 'id.tok.en', 'shelfwatch', 'https://shelf.example/sign-in.html'));
    expect(Object.fromEntries(url.searchParams)).toEqual({
      x: '1', id_token_hint: 'id.tok.en', client_id: 'shelfwatch', post_logout_redirect_uri: 'https://shelf.example/sign-in.html',
    });
  });
});
