// The access log and request ids, on a real service process: one stdout line per request with method, masked path,
// status, duration and request id — never a token or a user — and X-Request-Id on every answer.
import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../support/database-for-tests.js';
import { spawnService, type ServiceProcess } from '../../support/service-process.js';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.js';
import { TEST_JWT_SECRET } from '../../support/test-service.js';

let db: TestDatabase;
let service: ServiceProcess;
let baseUrl: string;
const token = jwt.sign({ sub: 'access-log-reader', email: 'reader@example.org' }, TEST_JWT_SECRET, { algorithm: 'HS256', expiresIn: 600 });

beforeAll(async () => {
  db = await createTestDatabase();
  const port = await freePort();
  service = spawnService({
    NODE_ENV: 'test',
    ACCESS_LOG: 'on',
    DATABASE_URL: db.url,
    JWT_SECRET: TEST_JWT_SECRET,
    HOST: '127.0.0.1',
    PORT: String(port),
    METADATA_SOURCES: 'off',
  });
  await service.waitFor(/listening on/);
  baseUrl = `http://127.0.0.1:${port}`;
}, 60_000);
afterAll(async () => {
  service?.child.kill('SIGTERM');
  await service?.exited();
  await db?.drop();
});

/** The access log lines written so far, parsed. */
function accessLines(): Array<Record<string, unknown>> {
  return service
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((entry) => entry.message === 'request');
}

async function lineFor(requestId: string): Promise<Record<string, unknown>> {
  await service.waitFor(new RegExp(`"request_id":"${requestId}"`), 10_000);
  return accessLines().find((entry) => entry.request_id === requestId)!;
}

describe('access log', () => {
  it('writes one line per request with the caller\'s request id, and returns that id', async () => {
    const res = await fetch(`${baseUrl}/api/books?q=dune&per_page=5`, { headers: { authorization: `Bearer ${token}`, 'x-request-id': 'support-ticket-42' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe('support-ticket-42');
    const line = await lineFor('support-ticket-42');
    expect(line).toMatchObject({ method: 'GET', path: '/api/books?q=dune&per_page=5', status: 200, request_id: 'support-ticket-42' });
    expect(typeof line.duration_ms).toBe('number');
    expect(accessLines().filter((entry) => entry.request_id === 'support-ticket-42')).toHaveLength(1);
  });

  it('makes a new id for a missing or unfit one, and logs errors too', async () => {
    const res = await fetch(`${baseUrl}/api/books/999999`, { headers: { authorization: `Bearer ${token}`, 'x-request-id': 'has spaces and "quotes"' } });
    expect(res.status).toBe(404);
    const id = res.headers.get('x-request-id')!;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await lineFor(id)).toMatchObject({ method: 'GET', path: '/api/books/999999', status: 404 });
  });

  it('leaves the health probes out, so they do not drown the lines that matter', async () => {
    expect((await fetch(`${baseUrl}/healthz`, { headers: { 'x-request-id': 'probe-1' } })).status).toBe(200);
    await fetch(`${baseUrl}/api/openapi.json`, { headers: { 'x-request-id': 'after-probe-1' } });
    await lineFor('after-probe-1');
    expect(accessLines().some((entry) => entry.request_id === 'probe-1')).toBe(false);
  });

  it('never writes a token, a share token or who the user is', async () => {
    const shareToken = 'AbCdEfGhIjKlMnOpQrStUvWxYz012345';
    const res = await fetch(`${baseUrl}/api/lists/${shareToken}?token=${token}`, { headers: { 'x-request-id': 'masked-1' } });
    expect(res.status).toBe(404);
    expect(await lineFor('masked-1')).toMatchObject({ path: '/api/lists/***?token=***' });
    const output = service.output();
    expect(output).not.toContain(shareToken);
    expect(output).not.toContain(token);
    expect(output).not.toContain('access-log-reader');
    expect(output).not.toContain('reader@example.org');
  });
});
