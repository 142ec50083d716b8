// The service's side of OIDC: the provider's keys found through its discovery document, and the claims required.
import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AuthConfig, OidcConfig } from '../../../../../config/config.js';
import { expectedClaims } from '../../../../../src/adapters/http/auth/jwt-key-source-from-config.js';
import { discoverProvider, discoveryUrl, OidcJwksKeySource } from '../../../../../src/adapters/http/auth/oidc-discovery.js';

const ISSUER = 'https://auth.example.com/realms/home';
const JWKS_URI = `${ISSUER}/protocol/openid-connect/certs`;
const publicJwk = { ...generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ format: 'jwk' }), kid: 'k1', use: 'sig' };

/** A fake network: answers by URL, counting the requests. */
function network(routes: Record<string, () => Response>): { fetch: typeof fetch; asked: string[] } {
  const asked: string[] = [];
  const fake = ((input: string | URL | Request) => {
    const url = String(input);
    asked.push(url);
    const answer = routes[url];
    return answer ? Promise.resolve(answer()) : Promise.reject(new TypeError('fetch failed'));
  }) as typeof fetch;
  return { fetch: fake, asked };
}

const json = (body: unknown) => () => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

describe('discovery', () => {
  it('finds the document under the issuer, with or without its trailing slash', () => {
    expect(discoveryUrl(ISSUER)).toBe(`${ISSUER}/.well-known/openid-configuration`);
    expect(discoveryUrl('https://authentik.example/application/o/shelfwatch/')).toBe(
      'https://authentik.example/application/o/shelfwatch/.well-known/openid-configuration',
    );
  });

  it('reads jwks_uri from a document that names exactly this issuer', async () => {
    const net = network({ [discoveryUrl(ISSUER)]: json({ issuer: ISSUER, jwks_uri: JWKS_URI }) });
    expect(await discoverProvider(ISSUER, net.fetch)).toEqual({ issuer: ISSUER, jwksUri: JWKS_URI });
  });

  it('refuses a document of another issuer, one without a usable jwks_uri, and an error answer', async () => {
    const other = network({ [discoveryUrl(ISSUER)]: json({ issuer: `${ISSUER}/`, jwks_uri: JWKS_URI }) });
    await expect(discoverProvider(ISSUER, other.fetch)).rejects.toThrow(/names the issuer "https:\/\/auth.example.com\/realms\/home\/", not OIDC_ISSUER/);
    const plainHttp = network({ [discoveryUrl(ISSUER)]: json({ issuer: ISSUER, jwks_uri: 'http://auth.example.com/certs' }) });
    await expect(discoverProvider(ISSUER, plainHttp.fetch)).rejects.toThrow(/no usable jwks_uri/);
    const down = network({ [discoveryUrl(ISSUER)]: () => new Response('nope', { status: 502 }) });
    await expect(discoverProvider(ISSUER, down.fetch)).rejects.toThrow(/answered 502/);
  });
});

describe('OidcJwksKeySource', () => {
  it('discovers once, then serves the JWKS keys by kid', async () => {
    const net = network({ [discoveryUrl(ISSUER)]: json({ issuer: ISSUER, jwks_uri: JWKS_URI }), [JWKS_URI]: json({ keys: [publicJwk] }) });
    const keys = new OidcJwksKeySource(ISSUER, undefined, net.fetch);
    expect(await keys.warmUp()).toBe(true);
    expect((await keys.keyFor('k1'))?.asymmetricKeyType).toBe('rsa');
    expect(await keys.keyFor('k1')).not.toBeNull();
    expect(net.asked.filter((url) => url === discoveryUrl(ISSUER))).toHaveLength(1);
  });

  it('reports a failed discovery and does not ask again for 30 s', async () => {
    const net = network({});
    const failures: string[] = [];
    const keys = new OidcJwksKeySource(ISSUER, (error) => failures.push(error.message), net.fetch);
    expect(await keys.warmUp()).toBe(false);
    await expect(keys.keyFor('k1')).rejects.toThrow(/discovery .* failed/);
    expect(failures).toHaveLength(1);
    expect(net.asked).toHaveLength(1);
  });
});

describe('expectedClaims', () => {
  const auth: AuthConfig = { algorithms: ['RS256'], secret: null, publicKey: null, jwksUrl: null, issuer: null, audience: null, maxAgeSeconds: 3600 };
  const oidc: OidcConfig = { issuer: ISSUER, clientId: 'shelfwatch', scopes: ['openid'], providerName: 'Keycloak' };

  it('without OIDC: JWT_ISSUER and JWT_AUDIENCE as configured', () => {
    expect(expectedClaims({ ...auth, issuer: 'https://id.example', audience: 'api' }, null)).toEqual({ issuer: 'https://id.example', audience: 'api' });
  });

  it('with OIDC: the issuer, and the client id (the ID token\'s audience), or JWT_AUDIENCE too when set', () => {
    expect(expectedClaims(auth, oidc)).toEqual({ issuer: ISSUER, audience: 'shelfwatch' });
    expect(expectedClaims({ ...auth, audience: 'shelfwatch-api' }, oidc)).toEqual({ issuer: ISSUER, audience: ['shelfwatch', 'shelfwatch-api'] });
    expect(expectedClaims({ ...auth, audience: 'shelfwatch' }, oidc)).toEqual({ issuer: ISSUER, audience: 'shelfwatch' });
  });
});
