// With OIDC_ISSUER and OIDC_CLIENT_ID, the service verifies the provider's ID tokens through the provider's own
// discovery document and JWKS (a real oidc-provider on 127.0.0.1): issuer and audience checked, the subject is the
// user. The sign-in settings are public at GET /api/auth/config, and the pages may fetch from the issuer's origin.
import { generateKeyPairSync } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OIDC_TEST_ACCOUNT, type OidcTestProvider, startOidcTestProvider } from '../../support/oidc-test-provider.js';
import { startTestService, type TestService } from '../../support/test-service.js';
import { expectAccepted, expectUnauthorized, nowSeconds, usersWithSubject } from './auth-test-kit.js';

let op: OidcTestProvider;
let t: TestService;

beforeAll(async () => {
  op = await startOidcTestProvider({ clientId: 'shelfwatch-test' });
  t = await startTestService({ OIDC_ISSUER: op.issuer, OIDC_CLIENT_ID: op.clientId });
  op.register({ redirectUris: [`${t.baseUrl}/sign-in.html`], postLogoutRedirectUris: [`${t.baseUrl}/sign-in.html`] });
});
afterAll(async () => {
  await t?.stop();
  await op?.close();
});

const idToken = (claims: Record<string, unknown> = {}): string =>
  op.sign({ iss: op.issuer, aud: op.clientId, sub: OIDC_TEST_ACCOUNT.subject, iat: nowSeconds(), exp: nowSeconds() + 600, ...claims });

describe('verifying the provider\'s tokens', () => {
  it('accepts an ID token of the issuer for the client id, as the token\'s subject', async () => {
    await expectAccepted(t, idToken({ email: OIDC_TEST_ACCOUNT.email, name: OIDC_TEST_ACCOUNT.name }));
    const [user] = await usersWithSubject(t, OIDC_TEST_ACCOUNT.subject);
    expect(user).toMatchObject({ subject: OIDC_TEST_ACCOUNT.subject, email: OIDC_TEST_ACCOUNT.email, display_name: OIDC_TEST_ACCOUNT.name });
  });

  it('accepts a token whose audiences include the client id', async () => {
    await expectAccepted(t, idToken({ aud: ['some-api', op.clientId], azp: op.clientId }));
  });

  it('refuses a token meant for another audience', async () => {
    await expectUnauthorized(t, 'invalid_claims', { token: idToken({ aud: 'another-client' }) });
  });

  it('refuses a token of another issuer, even signed with the provider\'s key', async () => {
    await expectUnauthorized(t, 'invalid_claims', { token: idToken({ iss: 'http://127.0.0.1:1' }) });
    await expectUnauthorized(t, 'invalid_claims', { token: idToken({ iss: `${op.issuer}/` }) });
  });

  it('refuses an expired token, a token signed with another key, and the HS256 tokens of the JWT secret', async () => {
    await expectUnauthorized(t, 'token_expired', { token: idToken({ iat: nowSeconds() - 7200, exp: nowSeconds() - 3600 }) });
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const header = JSON.parse(Buffer.from(idToken().split('.')[0]!, 'base64url').toString()) as { kid: string };
    const forged = jwt.sign({ iss: op.issuer, aud: op.clientId, sub: 'mallory', exp: nowSeconds() + 600 }, privateKey, { algorithm: 'RS256', keyid: header.kid });
    await expectUnauthorized(t, 'invalid_signature', { token: forged });
    await expectUnauthorized(t, 'invalid_signature', { token: t.token('hs256-user') });
  });
});

describe('the public sign-in settings', () => {
  it('names the issuer, the client id and the scopes at GET /api/auth/config, without a token', async () => {
    const res = await t.call('GET', '/api/auth/config', { token: null });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      oidc: { issuer: op.issuer, client_id: op.clientId, scopes: ['openid', 'profile', 'email'], provider_name: new URL(op.issuer).host },
    });
    const doc = await t.call('GET', '/api/openapi.json', { token: null });
    const operation = doc.body.paths['/api/auth/config'].get;
    expect(operation.security).toEqual([]);
    expect(operation.responses['200'].content['application/json'].schema).toBeDefined();
  });

  it('lets the pages fetch from the issuer\'s origin and nowhere else', async () => {
    const res = await fetch(`${t.baseUrl}/sign-in.html`);
    expect(res.headers.get('content-security-policy')).toContain(`connect-src 'self' ${op.issuer};`);
  });
});

describe('without OIDC', () => {
  it('answers {"oidc": null} and keeps the pages to their own origin', async () => {
    const plain = await startTestService();
    try {
      const res = await plain.call('GET', '/api/auth/config', { token: null });
      expect(res.status, res.text).toBe(200);
      expect(res.body).toEqual({ oidc: null });
      const page = await fetch(`${plain.baseUrl}/sign-in.html`);
      expect(page.headers.get('content-security-policy')).toContain("connect-src 'self';");
    } finally {
      await plain.stop();
    }
  });
});
