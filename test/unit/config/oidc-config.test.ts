// OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_SCOPES, OIDC_PROVIDER_NAME and how they combine with the JWT settings.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config/config.js';
import { problemsOf } from './config-problems.js';

const OIDC = { OIDC_ISSUER: 'https://auth.example.com/application/o/shelfwatch/', OIDC_CLIENT_ID: 'shelfwatch' };

describe('OIDC configuration', () => {
  it('is off without an issuer and a client id', () => {
    expect(loadConfig({}).oidc).toBeNull();
  });

  it('reads the issuer exactly as given, the client id, the default scopes and the issuer\'s host as the name', () => {
    const config = loadConfig(OIDC);
    expect(config.oidc).toEqual({
      issuer: 'https://auth.example.com/application/o/shelfwatch/',
      clientId: 'shelfwatch',
      scopes: ['openid', 'profile', 'email'],
      providerName: 'auth.example.com',
    });
    // The provider's keys verify its tokens: RS256 by default, never HS256.
    expect(config.auth.algorithms).toEqual(['RS256']);
  });

  it('reads scopes separated by spaces or commas, once each, and a provider name', () => {
    const config = loadConfig({ ...OIDC, OIDC_SCOPES: 'openid  email,offline_access email', OIDC_PROVIDER_NAME: 'Authentik' });
    expect(config.oidc).toMatchObject({ scopes: ['openid', 'email', 'offline_access'], providerName: 'Authentik' });
  });

  it('needs an https issuer, http only on a loopback host', () => {
    expect(problemsOf({ ...OIDC, OIDC_ISSUER: 'http://auth.example.com' })).toEqual([expect.stringMatching(/^OIDC_ISSUER must start with https:\/\//)]);
    expect(problemsOf({ ...OIDC, OIDC_ISSUER: 'http://127.0.0.1.nip.io:9000' })).toEqual([expect.stringMatching(/^OIDC_ISSUER must start with https/)]);
    expect(problemsOf({ ...OIDC, OIDC_ISSUER: 'not a url' })).toEqual([expect.stringMatching(/^OIDC_ISSUER must be a URL/)]);
    expect(problemsOf({ ...OIDC, OIDC_ISSUER: 'https://auth.example.com/?tenant=1' })).toEqual([expect.stringMatching(/^OIDC_ISSUER must have no query/)]);
    for (const issuer of ['http://127.0.0.1:9000', 'http://localhost:9000/realms/x', 'http://[::1]:9000']) {
      expect(loadConfig({ ...OIDC, OIDC_ISSUER: issuer }).oidc?.issuer).toBe(issuer);
    }
  });

  it('needs both the issuer and the client id, and nothing OIDC without them', () => {
    expect(problemsOf({ OIDC_ISSUER: OIDC.OIDC_ISSUER })).toEqual([expect.stringMatching(/^OIDC_CLIENT_ID is required with OIDC_ISSUER/)]);
    expect(problemsOf({ OIDC_CLIENT_ID: 'shelfwatch' })).toEqual([expect.stringMatching(/^OIDC_ISSUER is required with OIDC_CLIENT_ID/)]);
    expect(problemsOf({ OIDC_SCOPES: 'openid' })).toEqual(['OIDC_SCOPES needs OIDC_ISSUER and OIDC_CLIENT_ID']);
    expect(problemsOf({ OIDC_PROVIDER_NAME: 'Dex' })).toEqual(['OIDC_PROVIDER_NAME needs OIDC_ISSUER and OIDC_CLIENT_ID']);
  });

  it('refuses scopes without openid or with characters a scope cannot hold, a client id with spaces, a long name', () => {
    expect(problemsOf({ ...OIDC, OIDC_SCOPES: 'profile email' })).toEqual([expect.stringMatching(/^OIDC_SCOPES must include openid/)]);
    expect(problemsOf({ ...OIDC, OIDC_SCOPES: 'openid "quoted"' })).toEqual([expect.stringMatching(/^OIDC_SCOPES must be scope names/)]);
    expect(problemsOf({ ...OIDC, OIDC_CLIENT_ID: 'my client' })).toEqual([expect.stringMatching(/^OIDC_CLIENT_ID must be 1 to 255 printable/)]);
    expect(problemsOf({ ...OIDC, OIDC_PROVIDER_NAME: 'x'.repeat(61) })).toEqual([expect.stringMatching(/^OIDC_PROVIDER_NAME must be at most 60/)]);
  });

  it('keeps the JWT settings that agree with it: JWT_JWKS_URL (the keys at another address), JWT_AUDIENCE, ES256, the same JWT_ISSUER', () => {
    const config = loadConfig({
      ...OIDC,
      JWT_JWKS_URL: 'http://authentik-server:9000/application/o/shelfwatch/jwks/',
      JWT_AUDIENCE: 'shelfwatch-api',
      JWT_ALGORITHMS: 'ES256,RS256',
      JWT_ISSUER: OIDC.OIDC_ISSUER,
    });
    expect(config.auth).toMatchObject({ algorithms: ['ES256', 'RS256'], audience: 'shelfwatch-api', jwksUrl: 'http://authentik-server:9000/application/o/shelfwatch/jwks/' });
  });

  it('refuses the combinations that would refuse every token of the provider, each named', () => {
    expect(problemsOf({ ...OIDC, JWT_ISSUER: 'https://other.example.com' })).toEqual([expect.stringMatching(/^JWT_ISSUER contradicts OIDC_ISSUER/)]);
    expect(problemsOf({ ...OIDC, JWT_PUBLIC_KEY: '-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----' })).toEqual([
      expect.stringMatching(/^JWT_PUBLIC_KEY cannot be combined with OIDC_ISSUER/),
    ]);
    expect(problemsOf({ ...OIDC, JWT_ALGORITHMS: 'HS256' })).toEqual([expect.stringMatching(/^JWT_ALGORITHMS HS256 cannot be combined with OIDC_ISSUER/)]);
    expect(problemsOf({ ...OIDC, DEV_SIGN_IN: 'on' })).toEqual([expect.stringMatching(/^DEV_SIGN_IN cannot be combined with OIDC_ISSUER/)]);
  });

  it('needs no JWT_SECRET with an external database', () => {
    expect(loadConfig({ ...OIDC, DATABASE_URL: 'postgres://u:p@db.example/shelfwatch' }).oidc?.clientId).toBe('shelfwatch');
  });
});
