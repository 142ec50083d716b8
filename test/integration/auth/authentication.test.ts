// Authentication (Bearer JWT) and the `auth_failed` event, over real HTTP against the real service.
import { generateKeyPairSync, randomUUID, type KeyObject } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eventually, startTestService, TEST_JWT_SECRET, type TestService } from '../../support/test-service.js';
import {
  authRowsAfter,
  b64url,
  claimsFor,
  craft,
  expectAccepted,
  expectUnauthorized,
  hmac,
  hs256,
  identity,
  lastLogId,
  logRowsAfter,
  nowSeconds,
  secretsOf,
  usersWithSubject,
} from './auth-test-kit.js';
// ---------------------------------------------------------------------------------------------------------------
// Keys and a JWKS endpoint

const rsaKeys = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
const ecKeys = () => generateKeyPairSync('ec', { namedCurve: 'P-256' });
const pemOf = (key: KeyObject): string => key.export({ type: 'spki', format: 'pem' }).toString();

interface JwksServer {
  url: string;
  keys: Array<Record<string, unknown>>;
  hits: () => number;
  close(): Promise<void>;
}

async function startJwksServer(): Promise<JwksServer> {
  let hits = 0;
  const keys: Array<Record<string, unknown>> = [];
  const server: Server = createServer((_req, res) => {
    hits += 1;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ keys }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/.well-known/jwks.json`,
    keys,
    hits: () => hits,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

const jwkOf = (publicKey: KeyObject, kid: string): Record<string, unknown> => ({
  ...publicKey.export({ format: 'jwk' }),
  kid,
  use: 'sig',
  alg: 'RS256',
});

// ---------------------------------------------------------------------------------------------------------------
// HS256 (the default configuration)

describe('authentication with HS256 (JWT_SECRET)', () => {
  let t: TestService;
  beforeAll(async () => {
    t = await startTestService();
  });
  afterAll(async () => {
    await t.stop();
  });

  it('accepts a valid token', async () => {
    await expectAccepted(t, t.token('alice'));
  });

  it('accepts the scheme name in any case', async () => {
    const res = await t.call('GET', '/api/books', { headers: { authorization: `bearer ${t.token('alice')}` } });
    expect(res.status).toBe(200);
  });

  it('answers a request without Authorization header with missing_token', async () => {
    await expectUnauthorized(t, 'missing_token', { token: null });
  });

  it('answers every protected method and path without a token with 401', async () => {
    for (const [method, path] of [
      ['GET', '/api/authors'],
      ['POST', '/api/authors'],
      ['GET', '/api/books/1'],
      ['PUT', '/api/books/1'],
      ['DELETE', '/api/books/1'],
      ['GET', '/api/books/1/editions'],
      ['GET', '/api/editions/1'],
    ] as const) {
      await expectUnauthorized(t, 'missing_token', { method, path, token: null });
    }
  });

  const validLooking = () => hs256(claimsFor('malformed'));
  const malformed: Array<[string, () => string]> = [
    ['another scheme (Basic xyz)', () => 'Basic xyz'],
    ['Bearer with nothing after it', () => 'Bearer'],
    ['Bearer followed by blanks only', () => 'Bearer    '],
    ['a token without scheme', () => validLooking()],
    ['two segments (Bearer a.b)', () => 'Bearer a.b'],
    ['one segment', () => 'Bearer abcdef'],
    ['four segments', () => `Bearer ${validLooking()}.abc`],
    ['two tokens', () => `Bearer ${validLooking()} ${validLooking()}`],
    ['characters outside base64url', () => 'Bearer @@@.###.$$$'],
    ['standard base64 instead of base64url', () => `Bearer ${validLooking().replace(/\./, '+/.')}`],
    ['an empty header segment', () => `Bearer .${b64url({ sub: 'x', exp: nowSeconds() + 60 })}.c2ln`],
    ['an empty payload segment', () => `Bearer ${b64url({ alg: 'HS256', typ: 'JWT' })}..c2ln`],
    ['a header segment that is not JSON', () => `Bearer ${b64url('this is not json')}.${b64url(claimsFor('x'))}.c2ln`],
    ['a header that is JSON null', () => `Bearer ${b64url('null')}.${b64url(claimsFor('x'))}.c2ln`],
    ['a payload that is not JSON', () => `Bearer ${craft({ alg: 'HS256' }, 'this is not json', hmac(TEST_JWT_SECRET))}`],
  ];
  it.each(malformed)('answers %s with malformed_token', async (_name, header) => {
    const value = header();
    await expectUnauthorized(t, 'malformed_token', { headers: { authorization: value } }, value.length >= 6 ? [value.trim()] : []);
  });

  it('answers a payload that is not JSON, under a header that says typ JWT, with malformed_token', async () => {
    const token = craft({ alg: 'HS256', typ: 'JWT' }, 'this is not json', hmac(TEST_JWT_SECRET));
    await expectUnauthorized(t, 'malformed_token', { token }, secretsOf(token));
  });

  it('answers a token signed with another secret with invalid_signature', async () => {
    const claims = claimsFor('wrong-secret');
    const token = hs256(claims, 'another-secret-that-is-long-enough-for-hs256-xxxxx');
    await expectUnauthorized(t, 'invalid_signature', { token }, secretsOf(token, claims));
  });

  it('answers a token whose payload was changed after signing with invalid_signature', async () => {
    const claims = claimsFor('tampered');
    const [header, , signature] = hs256(claims).split('.');
    const token = `${header}.${b64url({ ...claims, sub: `${claims.sub}-admin` })}.${signature}`;
    await expectUnauthorized(t, 'invalid_signature', { token }, secretsOf(token, claims));
  });

  it('rejects alg "none" with an empty signature as invalid_signature', async () => {
    const claims = claimsFor('alg-none');
    for (const alg of ['none', 'None', 'NONE']) {
      const token = craft({ alg, typ: 'JWT' }, claims, () => '');
      expect(token.endsWith('.')).toBe(true);
      await expectUnauthorized(t, 'invalid_signature', { token }, secretsOf(token, claims));
    }
  });

  it('rejects an RS256 token (algorithms come from configuration, not from the token)', async () => {
    const claims = claimsFor('rs-on-hs');
    const token = jwt.sign(claims, rsaKeys().privateKey, { algorithm: 'RS256' });
    await expectUnauthorized(t, 'invalid_signature', { token }, secretsOf(token, claims));
  });

  it('answers a token expired more than 30 s ago with token_expired', async () => {
    const claims = { ...identity('expired'), iat: nowSeconds() - 3600, exp: nowSeconds() - 60 };
    const token = hs256(claims);
    await expectUnauthorized(t, 'token_expired', { token }, secretsOf(token, claims));
  });

  it('accepts a token that expired 10 s ago (30 s clock tolerance)', async () => {
    await expectAccepted(t, hs256({ sub: 'tolerance', iat: nowSeconds() - 3600, exp: nowSeconds() - 10 }));
  });

  it('answers a token without exp with invalid_claims', async () => {
    const claims = { ...identity('no-exp'), iat: nowSeconds() };
    const token = hs256(claims);
    await expectUnauthorized(t, 'invalid_claims', { token }, secretsOf(token, claims));
  });

  it('answers a token whose exp is not a number with invalid_claims', async () => {
    const claims = { ...identity('exp-string'), exp: String(nowSeconds() + 3600) };
    const token = hs256(claims);
    await expectUnauthorized(t, 'invalid_claims', { token }, secretsOf(token, claims));
  });

  it('answers a token whose nbf is not a number with invalid_claims', async () => {
    const claims = { ...claimsFor('nbf-string'), nbf: String(nowSeconds() - 60) };
    const token = hs256(claims);
    await expectUnauthorized(t, 'invalid_claims', { token }, secretsOf(token, claims));
  });

  it('answers a token that is not valid yet (nbf beyond the tolerance) with invalid_claims', async () => {
    const claims = { ...claimsFor('nbf'), nbf: nowSeconds() + 600 };
    const token = hs256(claims);
    await expectUnauthorized(t, 'invalid_claims', { token }, secretsOf(token, claims));
  });

  it('answers a token without sub with invalid_claims', async () => {
    const { email, name } = identity('no-sub');
    const claims = { email, name, exp: nowSeconds() + 3600 };
    const token = hs256(claims);
    await expectUnauthorized(t, 'invalid_claims', { token }, secretsOf(token, claims));
  });

  it('answers an empty or non-string sub with invalid_claims', async () => {
    for (const sub of ['', 12345678, null, ['a-subject']]) {
      const claims = { ...claimsFor('bad-sub'), sub };
      const token = hs256(claims);
      await expectUnauthorized(t, 'invalid_claims', { token }, secretsOf(token, claims));
    }
  });

  it('answers a sub of 256 characters with invalid_claims and accepts one of 255', async () => {
    const tooLong = `long-subject-${randomUUID()}-`.padEnd(256, 'x');
    expect(tooLong).toHaveLength(256);
    const bad = { ...claimsFor('long-sub'), sub: tooLong };
    const badToken = hs256(bad);
    await expectUnauthorized(t, 'invalid_claims', { token: badToken }, [...secretsOf(badToken, bad), tooLong.slice(0, 60)]);
    expect(await usersWithSubject(t, tooLong)).toEqual([]);

    const longest = tooLong.slice(0, 255);
    await expectAccepted(t, hs256({ sub: longest, exp: nowSeconds() + 3600 }));
    expect(await usersWithSubject(t, longest)).toHaveLength(1);
  });

  it('logs nothing under source auth for successful requests', async () => {
    const mark = await lastLogId(t);
    await expectAccepted(t, t.token('quiet-user', { email: 'quiet@example.com', name: 'Quiet' }));
    await expectAccepted(t, hs256({ sub: 'quiet-user-2', exp: nowSeconds() - 5 }));
    const created = await t.call('POST', '/api/authors', { token: t.token('quiet-user'), body: { author_name: 'Quiet Author' } });
    expect(created.status).toBe(201);
    // A failure afterwards is the barrier: once its row is in, every earlier event has been written too.
    await t.call('GET', '/api/books', { token: null });
    const auth = (await authRowsAfter(t, mark)).filter((r) => r.log_source === 'auth');
    expect(auth).toHaveLength(1);
    expect(auth[0]!.log_detail).toStrictEqual({ reason: 'missing_token' });
  });

  it('writes one row per failure when several fail in a row', async () => {
    const mark = await lastLogId(t);
    await t.call('GET', '/api/books', { token: null });
    await t.call('GET', '/api/books', { headers: { authorization: 'Basic xyz' } });
    await t.call('GET', '/api/books', { token: hs256(claimsFor('row'), 'another-secret-that-is-long-enough-for-hs256-xxxxx') });
    const rows = await eventually(async () => {
      const r = await logRowsAfter(t, mark);
      expect(r.length).toBeGreaterThanOrEqual(3);
      return r;
    });
    expect(rows.map((r) => [r.log_source, r.log_event, r.log_detail])).toEqual([
      ['auth', 'auth_failed', { reason: 'missing_token' }],
      ['auth', 'auth_failed', { reason: 'malformed_token' }],
      ['auth', 'auth_failed', { reason: 'invalid_signature' }],
    ]);
  });

  describe('users', () => {
    it('creates a user row with e-mail and name on first sight, and no second row later', async () => {
      const { sub, email, name } = identity('first-sight');
      expect(await usersWithSubject(t, sub)).toEqual([]);
      const before = await t.db.sql<{ n: number }>('select count(*)::int as n from app_user');

      await expectAccepted(t, t.token(sub, { email, name }));
      const first = await usersWithSubject(t, sub);
      expect(first).toHaveLength(1);
      expect(first[0]).toMatchObject({ subject: sub, email, display_name: name });

      await expectAccepted(t, t.token(sub, { email, name }));
      expect(await usersWithSubject(t, sub)).toEqual(first);
      const after = await t.db.sql<{ n: number }>('select count(*)::int as n from app_user');
      expect(after[0]!.n).toBe(before[0]!.n + 1);
    });

    it('stores null e-mail and name when the token has none', async () => {
      const { sub } = identity('bare');
      await expectAccepted(t, t.token(sub));
      expect(await usersWithSubject(t, sub)).toEqual([expect.objectContaining({ subject: sub, email: null, display_name: null })]);
    });

    it('keeps one row when the e-mail in the token changes, and stores the new one', async () => {
      const { sub, email, name } = identity('moving');
      await expectAccepted(t, t.token(sub, { email, name }));
      const [first] = await usersWithSubject(t, sub);
      await expectAccepted(t, t.token(sub, { email: `new.${email}`, name }));
      const rows = await usersWithSubject(t, sub);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ user_id: first!.user_id, email: `new.${email}`, display_name: name });
    });

    it('creates one row when the first requests of a user arrive together', async () => {
      const { sub, email } = identity('together');
      const token = t.token(sub, { email });
      const answers = await Promise.all(Array.from({ length: 8 }, () => t.call('GET', '/api/books', { token })));
      expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
      expect(await usersWithSubject(t, sub)).toHaveLength(1);
    });

    it('creates no user for a token that fails verification', async () => {
      const claims = claimsFor('rejected');
      const token = hs256(claims, 'another-secret-that-is-long-enough-for-hs256-xxxxx');
      await expectUnauthorized(t, 'invalid_signature', { token }, secretsOf(token, claims));
      const expired = { ...claimsFor('rejected-expired'), exp: nowSeconds() - 120 };
      await expectUnauthorized(t, 'token_expired', { token: hs256(expired) });
      expect(await usersWithSubject(t, claims.sub)).toEqual([]);
      expect(await usersWithSubject(t, expired.sub)).toEqual([]);
    });
  });

  describe('public routes and ordering', () => {
    it('serves GET /api/openapi.json without a token, and ignores a bad one there', async () => {
      const mark = await lastLogId(t);
      const open = await t.call('GET', '/api/openapi.json', { token: null });
      expect(open.status).toBe(200);
      expect(open.body.openapi).toMatch(/^3\.1\./);
      const withGarbage = await t.call('GET', '/api/openapi.json', { headers: { authorization: 'Bearer a.b' } });
      expect(withGarbage.status).toBe(200);
      // Barrier: the only auth row after the mark is this one.
      await t.call('GET', '/api/books', { token: null });
      const auth = (await authRowsAfter(t, mark)).filter((r) => r.log_source === 'auth');
      expect(auth).toHaveLength(1);
    });

    it('checks authentication before the body: a bad body without token is 401, not 400', async () => {
      const bad = { book_original_title: '', unknown_field: true };
      await expectUnauthorized(t, 'missing_token', { method: 'POST', path: '/api/books', token: null, body: bad });
      await expectUnauthorized(t, 'missing_token', {
        method: 'POST',
        path: '/api/books',
        token: null,
        rawBody: '{"book_original_title": ',
        headers: { 'content-type': 'application/json' },
      });
      await expectUnauthorized(t, 'missing_token', {
        method: 'POST',
        path: '/api/books',
        token: null,
        rawBody: 'title=x',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      const claims = claimsFor('body-order');
      const token = hs256(claims, 'another-secret-that-is-long-enough-for-hs256-xxxxx');
      await expectUnauthorized(t, 'invalid_signature', { method: 'POST', path: '/api/books', token, body: bad }, secretsOf(token, claims));
      // The same body with a valid token is indeed a validation failure.
      const authorised = await t.call('POST', '/api/books', { body: bad });
      expect(authorised.status).toBe(400);
      expect(authorised.body.error).toBe('validation_failed');
    });
  });
});

// ---------------------------------------------------------------------------------------------------------------
// RS256 with a PEM public key

describe('authentication with RS256 (JWT_PUBLIC_KEY)', () => {
  const { publicKey, privateKey } = rsaKeys();
  const pem = pemOf(publicKey);
  let t: TestService;
  beforeAll(async () => {
    t = await startTestService({ JWT_PUBLIC_KEY: pem, JWT_SECRET: '' });
  });
  afterAll(async () => {
    await t.stop();
  });

  it('accepts a token signed with the matching private key', async () => {
    const { sub, email, name } = identity('rs256');
    await expectAccepted(t, jwt.sign({ sub, email, name }, privateKey, { algorithm: 'RS256', expiresIn: 600 }));
    expect(await usersWithSubject(t, sub)).toEqual([expect.objectContaining({ email, display_name: name })]);
  });

  it('answers a token signed with another RSA key with invalid_signature', async () => {
    const claims = claimsFor('other-rsa');
    const token = jwt.sign(claims, rsaKeys().privateKey, { algorithm: 'RS256' });
    await expectUnauthorized(t, 'invalid_signature', { token }, secretsOf(token, claims));
  });

  it('rejects HS/RS confusion: HS256 signed with the PEM text as the HMAC secret', async () => {
    const claims = claimsFor('confusion');
    for (const secret of [pem, pem.trim(), publicKey.export({ type: 'spki', format: 'der' })]) {
      const token = craft({ alg: 'HS256', typ: 'JWT' }, claims, hmac(secret));
      await expectUnauthorized(t, 'invalid_signature', { token }, secretsOf(token, claims));
    }
    expect(await usersWithSubject(t, claims.sub)).toEqual([]);
  });

  it('rejects HS256 signed with the old default secret', async () => {
    const claims = claimsFor('hs-on-rs');
    const token = hs256(claims);
    await expectUnauthorized(t, 'invalid_signature', { token }, secretsOf(token, claims));
  });

  it('rejects alg "none"', async () => {
    const claims = claimsFor('none-on-rs');
    const token = craft({ alg: 'none', typ: 'JWT' }, claims, () => '');
    await expectUnauthorized(t, 'invalid_signature', { token }, secretsOf(token, claims));
  });

  it('applies the exp rules to RS256 tokens too', async () => {
    const expired = { ...identity('rs-expired'), exp: nowSeconds() - 60 };
    const token = jwt.sign(expired, privateKey, { algorithm: 'RS256' });
    await expectUnauthorized(t, 'token_expired', { token }, secretsOf(token, expired));
    const noExp = identity('rs-no-exp');
    const noExpToken = jwt.sign(noExp, privateKey, { algorithm: 'RS256' });
    await expectUnauthorized(t, 'invalid_claims', { token: noExpToken }, secretsOf(noExpToken, noExp));
  });
});

// ---------------------------------------------------------------------------------------------------------------
// ES256 with a PEM public key

describe('authentication with ES256 (JWT_ALGORITHMS=ES256)', () => {
  const { publicKey, privateKey } = ecKeys();
  const pem = pemOf(publicKey);
  let t: TestService;
  beforeAll(async () => {
    t = await startTestService({ JWT_PUBLIC_KEY: pem, JWT_ALGORITHMS: 'ES256', JWT_SECRET: '' });
  });
  afterAll(async () => {
    await t.stop();
  });

  it('accepts a token signed with the matching P-256 key', async () => {
    await expectAccepted(t, jwt.sign({ sub: 'es256-user' }, privateKey, { algorithm: 'ES256', expiresIn: 600 }));
  });

  it('answers a token signed with another P-256 key with invalid_signature', async () => {
    const claims = claimsFor('other-ec');
    const token = jwt.sign(claims, ecKeys().privateKey, { algorithm: 'ES256' });
    await expectUnauthorized(t, 'invalid_signature', { token }, secretsOf(token, claims));
  });

  it('rejects RS256 and HS256 tokens', async () => {
    const claims = claimsFor('wrong-alg-on-es');
    const rs = jwt.sign(claims, rsaKeys().privateKey, { algorithm: 'RS256' });
    await expectUnauthorized(t, 'invalid_signature', { token: rs }, secretsOf(rs, claims));
    const confusion = craft({ alg: 'HS256', typ: 'JWT' }, claims, hmac(pem));
    await expectUnauthorized(t, 'invalid_signature', { token: confusion }, secretsOf(confusion, claims));
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Issuer and audience

describe('authentication with JWT_ISSUER and JWT_AUDIENCE', () => {
  const issuer = 'https://idp.shelfwatch.example/';
  const audience = 'shelfwatch-api';
  let t: TestService;
  beforeAll(async () => {
    t = await startTestService({ JWT_ISSUER: issuer, JWT_AUDIENCE: audience });
  });
  afterAll(async () => {
    await t.stop();
  });

  it('accepts a token with the configured issuer and audience', async () => {
    await expectAccepted(t, hs256({ ...claimsFor('iss-aud'), iss: issuer, aud: audience }));
    await expectAccepted(t, hs256({ ...claimsFor('aud-list'), iss: issuer, aud: ['another-api', audience] }));
  });

  const mismatches: Array<[string, Record<string, unknown>]> = [
    ['another issuer', { iss: 'https://evil.example/', aud: audience }],
    ['no issuer', { aud: audience }],
    ['another audience', { iss: issuer, aud: 'another-api' }],
    ['no audience', { iss: issuer }],
  ];
  it.each(mismatches)('answers a token with %s with invalid_claims', async (_name, extra) => {
    const claims = { ...claimsFor('iss-aud-mismatch'), ...extra };
    const token = hs256(claims);
    await expectUnauthorized(t, 'invalid_claims', { token }, secretsOf(token, claims));
    expect(await usersWithSubject(t, claims.sub)).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// JWKS of an external identity provider

describe('authentication with JWT_JWKS_URL', () => {
  const first = rsaKeys();
  const second = rsaKeys();
  let jwks: JwksServer;
  let t: TestService;
  beforeAll(async () => {
    jwks = await startJwksServer();
    jwks.keys.push(jwkOf(first.publicKey, 'key-2026-01'));
    t = await startTestService({ JWT_JWKS_URL: jwks.url, JWT_SECRET: '' });
  });
  afterAll(async () => {
    vi.useRealTimers();
    await t?.stop();
    await jwks?.close();
  });

  const signed = (key: KeyObject, kid: string, claims: Record<string, unknown> = claimsFor('jwks')): string => {
    const options: jwt.SignOptions = { algorithm: 'RS256', keyid: kid };
    if (claims.exp === undefined) options.expiresIn = 600;
    return jwt.sign(claims, key, options);
  };

  it('accepts a token whose kid is in the JWKS', async () => {
    const { sub, email } = identity('jwks-user');
    await expectAccepted(t, signed(first.privateKey, 'key-2026-01', { sub, email }));
    expect(jwks.hits()).toBeGreaterThan(0);
    expect(await usersWithSubject(t, sub)).toEqual([expect.objectContaining({ email })]);
  });

  it('answers a token with an unknown kid with invalid_signature', async () => {
    const claims = claimsFor('unknown-kid');
    const token = signed(first.privateKey, 'no-such-key', claims);
    await expectUnauthorized(t, 'invalid_signature', { token }, secretsOf(token, claims));
  });

  it('answers a token with a known kid but signed by another key with invalid_signature', async () => {
    const claims = claimsFor('wrong-key-for-kid');
    const token = signed(second.privateKey, 'key-2026-01', claims);
    await expectUnauthorized(t, 'invalid_signature', { token }, secretsOf(token, claims));
  });

  it('rejects HS256 signed with the JWK as secret, and alg "none"', async () => {
    const claims = claimsFor('jwks-confusion');
    const confusion = craft({ alg: 'HS256', typ: 'JWT', kid: 'key-2026-01' }, claims, hmac(JSON.stringify(jwks.keys[0])));
    await expectUnauthorized(t, 'invalid_signature', { token: confusion }, secretsOf(confusion, claims));
    const none = craft({ alg: 'none', typ: 'JWT', kid: 'key-2026-01' }, claims, () => '');
    await expectUnauthorized(t, 'invalid_signature', { token: none }, secretsOf(none, claims));
  });

  it('picks up a key added to the JWKS later (rotation), and drops a retired one', async () => {
    // The key source refetches for an unknown kid at most every 30 s and re-reads the whole set every 10 min.
    // Only the service's clock is moved forward here (Date); timers and I/O run for real.
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    try {
      jwks.keys.push(jwkOf(second.publicKey, 'key-2026-02'));
      vi.setSystemTime(Date.now() + 31_000);
      await expectAccepted(t, signed(second.privateKey, 'key-2026-02'));
      await expectAccepted(t, signed(first.privateKey, 'key-2026-01'));

      jwks.keys.splice(0, 1);
      vi.setSystemTime(Date.now() + 11 * 60_000);
      const claims = claimsFor('retired-kid');
      const retired = signed(first.privateKey, 'key-2026-01', claims);
      await expectUnauthorized(t, 'invalid_signature', { token: retired }, secretsOf(retired, claims));
      await expectAccepted(t, signed(second.privateKey, 'key-2026-02'));
    } finally {
      vi.useRealTimers();
    }
  });
});
