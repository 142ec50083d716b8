// Tokens crafted by hand and the checks every authentication failure must pass: shared by the auth tests.
import { createHmac, randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { eventually, TEST_JWT_SECRET, type ApiResponse, type RequestOptions, type TestService } from '../../support/test-service.js';

export type Reason = 'missing_token' | 'malformed_token' | 'invalid_signature' | 'token_expired' | 'invalid_claims';

// ---------------------------------------------------------------------------------------------------------------
// Tokens

export const nowSeconds = (): number => Math.floor(Date.now() / 1000);
export const b64url = (value: unknown): string =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/** A token assembled by hand, so that tests are not limited to what jsonwebtoken is willing to sign. */
export function craft(header: unknown, payload: unknown, sign: (signingInput: string) => string): string {
  const input = `${b64url(header)}.${b64url(payload)}`;
  return `${input}.${sign(input)}`;
}

export const hmac = (secret: string | Buffer) => (input: string) => createHmac('sha256', secret).update(input).digest('base64url');

/** An HS256 token with exactly these claims (no defaults added). */
export const hs256 = (payload: Record<string, unknown>, secret: string = TEST_JWT_SECRET): string =>
  craft({ alg: 'HS256', typ: 'JWT' }, payload, hmac(secret));

/** A subject, e-mail and name that must never show up in a log row. */
export function identity(label: string) {
  const id = randomUUID();
  return { sub: `${label}-${id}`, email: `${label}.${id}@leak.example`, name: `Name ${label} ${id}` };
}

/** Valid-looking claims for a distinctive identity, one hour ahead. */
export function claimsFor(label: string): Record<string, unknown> & ReturnType<typeof identity> {
  return { ...identity(label), iat: nowSeconds(), exp: nowSeconds() + 3600 };
}

/** Strings a log row must not contain for this token: the token, its payload and signature, the identity. */
export function secretsOf(token: string, claims: Record<string, unknown> = {}): string[] {
  const [, payload, signature] = token.split('.');
  return [token, payload, signature, claims.sub, claims.email, claims.name].filter(
    (s): s is string => typeof s === 'string' && s.length >= 6,
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Log and response checks

export interface LogRow {
  log_id: string;
  log_level: string;
  log_source: string;
  log_event: string;
  log_detail: unknown;
  row_text: string;
}

export async function lastLogId(t: TestService): Promise<number> {
  const [row] = await t.db.sql<{ max: string | null }>('select max(log_id) as max from log');
  return Number(row?.max ?? 0);
}

export function logRowsAfter(t: TestService, mark: number): Promise<LogRow[]> {
  return t.db.sql<LogRow & Record<string, unknown>>(
    'select log_id, log_level, log_source, log_event, log_detail, l::text as row_text from log l where log_id > $1 order by log_id',
    [mark],
  );
}

/** Waits until at least one `auth` row follows `mark`; the buffer is FIFO, so everything logged before is in too. */
export function authRowsAfter(t: TestService, mark: number): Promise<LogRow[]> {
  return eventually(async () => {
    const rows = await logRowsAfter(t, mark);
    expect(rows.filter((r) => r.log_source === 'auth').length).toBeGreaterThan(0);
    return rows;
  });
}

/** Sends a request that logs one `missing_token` and waits for it: everything logged before it is written then. */
export async function drainLog(t: TestService): Promise<void> {
  const mark = await lastLogId(t);
  await t.call('GET', '/api/books', { token: null });
  await authRowsAfter(t, mark);
}

export interface Attempt extends RequestOptions {
  method?: string;
  path?: string;
}

/**
 * Sends one request that must fail authentication and checks everything promised about it: 401, the
 * `WWW-Authenticate: Bearer` header, the error body, exactly one `auth_failed` row (and nothing else) with
 * `log_detail` = {"reason": R}, and no trace of the token, subject or e-mail in the row or the answer.
 */
export async function expectUnauthorized(t: TestService, reason: Reason, attempt: Attempt, secrets: string[] = []): Promise<ApiResponse> {
  const mark = await lastLogId(t);
  const { method = 'GET', path = '/api/books', ...options } = attempt;
  const res = await t.call(method, path, options);
  try {
    expect(res.status, res.text).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer(\s|$)/);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body).toEqual({ error: 'unauthorized', message: expect.any(String) });
    expect(res.body.message.length).toBeGreaterThan(0);
  } catch (error) {
    // Let whatever this request logged reach the table, so that it is not counted by the next test.
    await drainLog(t);
    throw error;
  }

  const rows = await authRowsAfter(t, mark);
  expect(rows, 'one auth_failed row and nothing else').toHaveLength(1);
  const [row] = rows;
  expect(row).toMatchObject({ log_source: 'auth', log_event: 'auth_failed' });
  expect(['info', 'warn', 'error']).toContain(row!.log_level);
  expect(row!.log_detail).toStrictEqual({ reason });
  for (const secret of secrets) {
    expect(row!.row_text, 'log row leaks a secret').not.toContain(secret);
    expect(res.text, 'response leaks a secret').not.toContain(secret);
  }
  return res;
}

export async function expectAccepted(t: TestService, token: string): Promise<void> {
  const res = await t.call('GET', '/api/books', { token });
  expect(res.status, res.text).toBe(200);
  expect(Array.isArray(res.body.data)).toBe(true);
}

export async function usersWithSubject(t: TestService, subject: string) {
  return t.db.sql<{ user_id: string; subject: string; email: string | null; display_name: string | null }>(
    'select user_id, subject, email, display_name from app_user where subject = $1',
    [subject],
  );
}
