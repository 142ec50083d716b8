// Identity claims that PostgreSQL cannot store or that are not text, and what an `api_error` may
// say when the user's row cannot be written: never the subject, e-mail, name or the SQL that carried them.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startTestService, type TestService } from '../../support/test-service.js';
import { claimsFor, expectAccepted, expectUnauthorized, hs256, identity, nowSeconds, secretsOf, usersWithSubject } from './auth-test-kit.js';

let t: TestService;

beforeAll(async () => {
  t = await startTestService();
});
afterAll(async () => {
  await t.stop();
});

async function apiErrorCount(): Promise<number> {
  const [row] = await t.db.sql<{ n: number }>("select count(*)::int as n from log where log_event = 'api_error'");
  return row!.n;
}

/** The identity parts of `claims` that are strings: none of them may show up in a log row or an answer. */
const identityOf = (claims: Record<string, unknown>): string[] =>
  [claims.sub, claims.email, claims.name].filter((s): s is string => typeof s === 'string' && s.length >= 6);

describe('identity claims PostgreSQL cannot store', () => {
  it.each(['name', 'email', 'sub'] as const)('answers a NUL in %s with 401 invalid_claims, not 500, and stores nothing', async (claim) => {
    const before = await apiErrorCount();
    const claims = claimsFor(`nul-${claim}`);
    const valid = claims[claim];
    const token = hs256({ ...claims, [claim]: `${valid.slice(0, 8)}\u0000${valid.slice(8)}` });
    await expectUnauthorized(t, 'invalid_claims', { token }, [...secretsOf(token, claims), ...identityOf(claims)]);
    expect(await usersWithSubject(t, claims.sub)).toEqual([]);
    // expectUnauthorized waited for the auth row: anything logged before it (an api_error) is in the table too.
    expect(await apiErrorCount()).toBe(before);
  });

  const unusable: Array<[string, Record<string, unknown>]> = [
    ['a line feed in sub', { sub: `line\nfeed-${randomUUID()}` }],
    ['DEL in sub', { sub: `del\u007f-${randomUUID()}` }],
    ['a C1 control (NEL) in sub', { sub: `nel\u0085-${randomUUID()}` }],
    ['an unpaired high surrogate in sub', { sub: `half-\uD83D-${randomUUID()}` }],
    ['an unpaired low surrogate in name', { name: '\uDCDA name' }],
    ['CR LF in email (a mail header injection)', { email: 'user@example.org\r\nBcc: all@example.org' }],
    ['a tab in name', { name: 'Tab\tName' }],
    ['an e-mail of 321 characters', { email: `${'x'.repeat(64)}@${'d'.repeat(252)}.org` }],
    ['a number as email', { email: 42 }],
    ['an object as name', { name: { first: 'Ada' } }],
    ['an array as email', { email: ['a@example.org'] }],
    ['a boolean as name', { name: true }],
  ];
  it.each(unusable)('answers %s with invalid_claims', async (_label, bad) => {
    const claims = { ...claimsFor('unusable'), ...bad };
    const token = hs256(claims);
    await expectUnauthorized(t, 'invalid_claims', { token }, secretsOf(token, claims));
    expect(await usersWithSubject(t, String(claims.sub))).toEqual([]);
  });
});

describe('identity claims that are stored', () => {
  it('stores null for an absent, null or empty e-mail or name', async () => {
    for (const optional of [{}, { email: null, name: null }, { email: '', name: '' }]) {
      const { sub } = identity('optional');
      await expectAccepted(t, hs256({ sub, ...optional, exp: nowSeconds() + 600 }));
      expect(await usersWithSubject(t, sub)).toEqual([expect.objectContaining({ email: null, display_name: null })]);
    }
  });

  it('keeps non-ASCII text, emoji and spaces as they are', async () => {
    const sub = `Zoë Ørsted 📚 ${randomUUID()}`;
    const email = `zoë.${randomUUID()}@bücher.example`;
    const name = 'Zoë Ørsted 📚 – “reader”';
    await expectAccepted(t, hs256({ sub, email, name, exp: nowSeconds() + 600 }));
    expect(await usersWithSubject(t, sub)).toEqual([expect.objectContaining({ subject: sub, email, display_name: name })]);
  });

  it('counts sub in characters, as varchar(255) does: 255 emoji pass, 256 do not', async () => {
    const longest = `${randomUUID()}`.padEnd(36 + 219 * 2, '📚');
    expect(Array.from(longest)).toHaveLength(255);
    await expectAccepted(t, hs256({ sub: longest, exp: nowSeconds() + 600 }));
    expect(await usersWithSubject(t, longest)).toHaveLength(1);
    const tooLong = `${longest}📚`;
    const token = hs256({ sub: tooLong, exp: nowSeconds() + 600 });
    await expectUnauthorized(t, 'invalid_claims', { token }, secretsOf(token));
  });

  it('shortens a name over 300 characters without splitting an emoji', async () => {
    const { sub } = identity('long-name');
    const name = `a${'📚'.repeat(400)}`;
    await expectAccepted(t, hs256({ sub, name, exp: nowSeconds() + 600 }));
    const [row] = await usersWithSubject(t, sub);
    expect(row?.display_name).toBe(`a${'📚'.repeat(299)}`);
  });
});

describe('a database error while the user row is written', () => {
  const trigger = 'refuse_app_user_write';

  beforeAll(async () => {
    // PostgreSQL's own message quotes a value here, as `invalid input syntax ... "<value>"` or a NUL error would.
    await t.db.sql(`create function ${trigger}() returns trigger language plpgsql as $$
      begin raise exception 'refused write for % <%>', new.display_name, new.email; end $$`);
  });
  afterAll(async () => {
    await t.db.sql(`drop trigger if exists ${trigger} on app_user`);
    await t.db.sql(`drop function if exists ${trigger}()`);
  });

  it('answers 500 and logs an api_error without subject, e-mail, name or SQL', async () => {
    const claims = claimsFor('db-error');
    const before = await apiErrorCount();
    await t.db.sql(`create trigger ${trigger} before insert or update on app_user for each row execute function ${trigger}()`);
    try {
      const res = await t.call('GET', '/api/books', { token: hs256(claims) });
      expect(res.status, res.text).toBe(500);
      expect(res.body).toEqual({ error: 'internal_error', message: expect.any(String) });
    } finally {
      await t.db.sql(`drop trigger ${trigger} on app_user`);
    }
    const row = await eventually(async () => {
      const rows = await t.db.sql<{ log_detail: any; row_text: string }>(
        "select log_detail, l::text as row_text from log l where log_event = 'api_error' order by log_id",
      );
      expect(rows).toHaveLength(before + 1);
      return rows[before];
    });
    for (const secret of identityOf(claims)) expect(row!.row_text, 'api_error leaks identity').not.toContain(secret);
    expect(row!.row_text).not.toMatch(/insert into|on conflict|returning|values \(/i);
    expect(row!.row_text).not.toContain('refused write');
    // What is kept: the class, the SQLSTATE (P0001: raise exception) and where it happened.
    expect(row!.log_detail.message).toMatch(/SQLSTATE P0001/);
    expect(row!.log_detail.stack).toMatch(/\n\s+at /);
    expect(row!.log_detail.status).toBe(500);
  });
});
