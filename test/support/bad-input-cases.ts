// The bad-input suites' shared machinery: cases, raw JSON literals, the error-body check and a runner that
// asserts nothing stored changed.
import { isDeepStrictEqual } from 'node:util';
import { expect } from 'vitest';
import type { ApiResponse, TestService } from './test-service.js';

export const MAX_SAFE = Number.MAX_SAFE_INTEGER;
export const LONG = 'x'.repeat(10_000);
export const NUL = 'a\u0000b';
export const MISSING_ID = 987654321;

/** A JSON literal written as is into the body (numbers JSON.stringify cannot produce). */
export class RawJson {
  constructor(readonly text: string) {}
}
export const raw = (text: string): RawJson => new RawJson(text);

export function serialize(body: unknown): string {
  const literals: string[] = [];
  const json = JSON.stringify(body, (_key, value: unknown) => {
    if (value instanceof RawJson) {
      literals.push(value.text);
      return `@@raw${literals.length - 1}@@`;
    }
    return value;
  });
  return json.replace(/"@@raw(\d+)@@"/g, (_m, i: string) => literals[Number(i)]!);
}

export const short = (value: unknown): string => {
  const text = value instanceof RawJson ? value.text : JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 37)}...(${text.length} chars)` : text;
};

export interface Case {
  label: string;
  method: string;
  path: string;
  body?: unknown;
  rawBody?: string | Buffer;
  headers?: Record<string, string>;
  token?: string | null;
  /** Acceptable statuses; anything 5xx is always wrong. */
  expected: number[];
}

const CODES_BY_STATUS: Record<number, string[]> = {
  400: ['validation_failed', 'invalid_cursor'],
  401: ['unauthorized'],
  404: ['not_found'],
  405: ['method_not_allowed'],
  413: ['payload_too_large'],
  415: ['unsupported_media_type'],
};

function errorBodyProblem(res: ApiResponse): string | null {
  const body = res.body;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return 'the body is not a JSON object';
  if (!(CODES_BY_STATUS[res.status] ?? []).includes(body.error)) return `error code ${JSON.stringify(body.error)} for ${res.status}`;
  if (typeof body.message !== 'string' || body.message === '') return 'no message';
  const extra = Object.keys(body).filter((k) => !['error', 'message', 'details'].includes(k));
  if (extra.length > 0) return `unexpected keys ${extra.join(', ')}`;
  if (body.details !== undefined) {
    if (body.error !== 'validation_failed') return 'details outside a validation failure';
    if (!Array.isArray(body.details) || !body.details.every((d: any) => typeof d?.field === 'string' && typeof d?.message === 'string')) {
      return 'details are not [{field, message}]';
    }
  }
  return null;
}

/**
 * Runs every case against the service, collecting all problems so one run reports every failing input:
 * an unexpected status, an error body that is not well formed, or stored data (as `snapshot` digests it) that changed.
 */
export async function runCases(t: TestService, snapshot: () => Promise<unknown>, cases: Case[]): Promise<void> {
  const problems: string[] = [];
  let before = await snapshot();
  for (const c of cases) {
    const options: Parameters<TestService['call']>[2] = { headers: c.headers, token: c.token };
    if (c.rawBody !== undefined) options.rawBody = c.rawBody;
    else if (c.body !== undefined) {
      options.rawBody = serialize(c.body);
      options.headers = { 'content-type': 'application/json', ...c.headers };
    }
    const res = await t.call(c.method, c.path, options);
    const where = `${c.method} ${c.path.length > 60 ? `${c.path.slice(0, 57)}...` : c.path} [${c.label}]`;
    if (!c.expected.includes(res.status)) problems.push(`${where}: expected ${c.expected.join('/')}, got ${res.status} ${res.text.slice(0, 150)}`);
    else if (res.status >= 400) {
      const problem = errorBodyProblem(res);
      if (problem) problems.push(`${where}: ${problem}: ${res.text.slice(0, 150)}`);
    }
    // A GET cannot store anything; the digest is only taken after requests that could.
    if (c.method !== 'GET') {
      const after = await snapshot();
      if (!isDeepStrictEqual(before, after)) problems.push(`${where}: stored data changed (status ${res.status})`);
      before = after;
    }
  }
  // The message lists every problem (a long array diff would be cut short).
  expect(problems, `\n${problems.join('\n')}\n`).toEqual([]);
}
