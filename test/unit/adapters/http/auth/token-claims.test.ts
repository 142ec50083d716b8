import jwt from 'jsonwebtoken';
import { describe, expect, it } from 'vitest';
import { StaticKeySource } from '../../../../../src/adapters/http/auth/static-key-source.js';
import { JwtVerifier, secretKey } from '../../../../../src/adapters/http/auth/jwt-verifier.js';
import { DEFAULT_MAX_AGE_SECONDS, readClaims } from '../../../../../src/adapters/http/auth/token-claims.js';
import { loadConfig } from '../../../../../config/config.js';

const NOW = 1_800_000_000;
const HOUR = 3600;
const rules = { maxAgeSeconds: HOUR, toleranceSeconds: 30, nowSeconds: NOW };
const read = (payload: Record<string, unknown>) => readClaims({ sub: 'alice', iat: NOW, exp: NOW + 60, ...payload }, rules);
const INVALID = { ok: false, reason: 'invalid_claims' };

describe('readClaims: lifetime', () => {
  it('measures exp - iat against the maximum', () => {
    expect(read({ iat: NOW - 100, exp: NOW - 100 + HOUR })).toMatchObject({ ok: true });
    expect(read({ iat: NOW - 100, exp: NOW - 100 + HOUR + 1 })).toEqual(INVALID);
  });

  it('measures exp - now without iat, allowing the clock tolerance', () => {
    expect(read({ iat: undefined, exp: NOW + HOUR + 30 })).toMatchObject({ ok: true });
    expect(read({ iat: undefined, exp: NOW + HOUR + 31 })).toEqual(INVALID);
  });

  it('refuses an iat in the future beyond the tolerance, or one that is not a finite number', () => {
    expect(read({ iat: NOW + 30, exp: NOW + 90 })).toMatchObject({ ok: true });
    expect(read({ iat: NOW + 31, exp: NOW + 91 })).toEqual(INVALID);
    for (const iat of ['1800000000', null, {}]) expect(read({ iat })).toEqual(INVALID);
  });

  it('gives the expiry in milliseconds for the verifier to remember', () => {
    expect(read({ exp: NOW + 60 })).toMatchObject({ ok: true, expiresAt: (NOW + 60) * 1000 });
  });
});

describe('readClaims: identity', () => {
  it.each([
    ['NUL', '\u0000'],
    ['line feed', '\n'],
    ['carriage return', '\r'],
    ['DEL', '\u007f'],
    ['C1 control', '\u009b'],
    ['unpaired high surrogate', '\uD83D'],
    ['unpaired low surrogate', '\uDCDA'],
  ])('refuses a %s in sub, email or name', (_label, bad) => {
    for (const claim of ['sub', 'email', 'name']) expect(read({ [claim]: `a${bad}b` }), claim).toEqual(INVALID);
  });

  it('keeps a surrogate pair (an emoji), which is one character', () => {
    expect(read({ sub: '📚', name: '📚 reader' })).toMatchObject({ ok: true, claims: { subject: '📚', name: '📚 reader' } });
  });

  it('limits sub to 255 characters counted as code points', () => {
    expect(read({ sub: '📚'.repeat(255) })).toMatchObject({ ok: true });
    expect(read({ sub: '📚'.repeat(256) })).toEqual(INVALID);
    expect(read({ sub: '' })).toEqual(INVALID);
  });

  it('maps absent, null and empty email/name to null and refuses other types', () => {
    for (const value of [undefined, null, '']) {
      expect(read({ email: value, name: value })).toMatchObject({ ok: true, claims: { email: null, name: null } });
    }
    for (const value of [0, true, ['x'], { x: 1 }]) {
      expect(read({ email: value })).toEqual(INVALID);
      expect(read({ name: value })).toEqual(INVALID);
    }
  });

  it('refuses an e-mail over 320 characters but shortens a long name at a character boundary', () => {
    expect(read({ email: `${'x'.repeat(64)}@${'d'.repeat(255)}` })).toMatchObject({ ok: true });
    expect(read({ email: `${'x'.repeat(65)}@${'d'.repeat(255)}` })).toEqual(INVALID);
    expect(read({ name: `a${'📚'.repeat(300)}` })).toMatchObject({ ok: true, claims: { name: `a${'📚'.repeat(299)}` } });
  });
});

describe('JwtVerifier lifetime', () => {
  const SECRET = 'unit-test-secret-unit-test-secret';
  const verifier = (maxAgeSeconds?: number): JwtVerifier =>
    new JwtVerifier({ algorithms: ['HS256'], keys: new StaticKeySource(secretKey(SECRET)), issuer: null, audience: null, maxAgeSeconds });
  const bearer = (expiresIn: number): string => `Bearer ${jwt.sign({ sub: 'alice' }, SECRET, { algorithm: 'HS256', expiresIn })}`;

  it('uses the configured maximum', async () => {
    expect(await verifier(HOUR).verify(bearer(HOUR))).toMatchObject({ ok: true });
    expect(await verifier(HOUR).verify(bearer(HOUR + 1))).toEqual(INVALID);
  });

  it('defaults to JWT_MAX_AGE’s default, 30 days', async () => {
    expect(loadConfig({}).auth.maxAgeSeconds).toBe(DEFAULT_MAX_AGE_SECONDS);
    expect(await verifier().verify(bearer(DEFAULT_MAX_AGE_SECONDS))).toMatchObject({ ok: true });
    expect(await verifier().verify(bearer(DEFAULT_MAX_AGE_SECONDS + 1))).toEqual(INVALID);
  });
});
