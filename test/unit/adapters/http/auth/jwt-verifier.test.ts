import jwt from 'jsonwebtoken';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StaticKeySource } from '../../../../../src/adapters/http/auth/static-key-source.js';
import { JwtVerifier, secretKey } from '../../../../../src/adapters/http/auth/jwt-verifier.js';

const SECRET = 'unit-test-secret-unit-test-secret';
const verifier = (): JwtVerifier =>
  new JwtVerifier({ algorithms: ['HS256'], keys: new StaticKeySource(secretKey(SECRET)), issuer: null, audience: null });
const bearer = (claims: object): string => `Bearer ${jwt.sign(claims, SECRET, { algorithm: 'HS256' })}`;

afterEach(() => {
  vi.useRealTimers();
});

describe('JwtVerifier remembering verified tokens', () => {
  it('answers the same claims for a token it has seen', async () => {
    const v = verifier();
    const header = bearer({ sub: 'alice', email: 'a@example.org', exp: Math.floor(Date.now() / 1000) + 600 });
    const first = await v.verify(header);
    const second = await v.verify(header);
    expect(first).toMatchObject({ ok: true, claims: { subject: 'alice', email: 'a@example.org' } });
    expect(second).toEqual({ ok: true, claims: first.ok ? first.claims : null });
  });

  it('stops accepting a remembered token once it has expired beyond the tolerance', async () => {
    vi.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z'), toFake: ['Date'] });
    const v = verifier();
    const header = bearer({ sub: 'bob', exp: Math.floor(Date.now() / 1000) + 5 });
    expect((await v.verify(header)).ok).toBe(true);
    vi.setSystemTime(new Date('2026-01-01T00:00:20Z')); // 15 s after exp: within the 30 s tolerance
    expect((await v.verify(header)).ok).toBe(true);
    vi.setSystemTime(new Date('2026-01-01T00:00:40Z')); // 35 s after exp
    expect(await v.verify(header)).toEqual({ ok: false, reason: 'token_expired' });
  });

  it('checks a remembered token fully again after a minute', async () => {
    vi.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z'), toFake: ['Date'] });
    const v = verifier();
    const header = bearer({ sub: 'carol', exp: Math.floor(Date.now() / 1000) + 3600, nbf: Math.floor(Date.now() / 1000) - 1 });
    expect((await v.verify(header)).ok).toBe(true);
    const verify = vi.spyOn(jwt, 'verify');
    await v.verify(header);
    expect(verify).not.toHaveBeenCalled();
    vi.setSystemTime(new Date('2026-01-01T00:01:01Z'));
    expect((await v.verify(header)).ok).toBe(true);
    expect(verify).toHaveBeenCalledTimes(1);
    verify.mockRestore();
  });

  it('never remembers a failure', async () => {
    const v = verifier();
    const forged = `Bearer ${jwt.sign({ sub: 'mallory', exp: Math.floor(Date.now() / 1000) + 600 }, 'another-secret-another-secret-xx')}`;
    expect(await v.verify(forged)).toEqual({ ok: false, reason: 'invalid_signature' });
    expect(await v.verify(forged)).toEqual({ ok: false, reason: 'invalid_signature' });
  });
});
