import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnService, type ServiceProcess } from '../../support/service-process.js';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.js';
import { eventually, startTestService } from '../../support/test-service.js';
import { bodyWithNestedDetail } from '../../unit/logging/detail-shapes.js';
import { getLogs, LOGGING_ENV, postLog, SHARED_SECRET, tapConsole } from './logging-test-helpers.js';

// `npm run start:logging` as a real process, and the API in LOGGING_MODE=remote in front of it.
let db: TestDatabase;

/**
 * What a process just accepted is looked for this long: a fresh component or service writes through a log thread it
 * starts on first use, and on a loaded runner its first write took longer than `eventually`'s 5 s (CI, 2026-11-30).
 */
const written = <T>(check: () => Promise<T>): Promise<T> => eventually(check, 15_000);
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db?.drop());

function startComponent(env: Record<string, string> = {}): { process: ServiceProcess; url: Promise<string> } {
  const process = spawnService(
    { NODE_ENV: 'test', DATABASE_URL: db.url, HOST: '127.0.0.1', LOGGING_PORT: '0', ...LOGGING_ENV, ...env },
    'src/composition/entries/logging-component.ts',
  );
  return { process, url: process.waitFor(/listening on (http:\/\/\S+)/).then((m) => m[1]!) };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const count = async (name: string): Promise<number> =>
  Number((await db.sql<{ n: string }>('select count(*) as n from log where log_event = $1', [name]))[0]!.n);

describe('the standalone logging component', () => {
  it('takes events on its own port and, on SIGTERM, writes every accepted one', async () => {
    // A flush a minute away and a huge batch: only the graceful stop can write these rows.
    const component = startComponent({ LOG_FLUSH_MS: '60000', LOG_BATCH_MAX: '10000' });
    const url = await component.url;
    const N = 437;
    const statuses: number[] = [];
    for (let i = 0; i < N; i += 50) {
      const chunk = Array.from({ length: Math.min(50, N - i) }, (_, j) =>
        postLog(url, { log_level: 'info', log_source: 'scheduled_fetch', log_event: 'sigterm_probe', log_detail: { i: i + j } }),
      );
      statuses.push(...(await Promise.all(chunk)));
    }
    expect(statuses.filter((s) => s === 202)).toHaveLength(N);
    expect(await count('sigterm_probe')).toBe(0);
    component.process.child.kill('SIGTERM');
    expect(await component.process.exited()).toBe(0);
    expect(await count('sigterm_probe')).toBe(N);
    const distinct = await db.sql<{ n: string }>(`select count(distinct log_detail->>'i') as n from log where log_event = 'sigterm_probe'`);
    expect(Number(distinct[0]!.n)).toBe(N);
  });

  it('survives a POST /log nested 5,000 deep (it used to end the process): 400, and later events are written', async () => {
    const component = startComponent({ LOG_FLUSH_MS: '50' });
    try {
      const url = await component.url;
      const event = { log_level: 'error', log_source: 'api', log_event: 'deep_component_probe' };
      const deep = await fetch(`${url}/log`, {
        method: 'POST',
        headers: { authorization: `Bearer ${SHARED_SECRET}`, 'content-type': 'application/json' },
        body: bodyWithNestedDetail(event, 5000),
      });
      expect(deep.status, await deep.text()).toBe(400);
      expect(await postLog(url, { ...event, log_detail: { name: 'lone \ud800' } })).toBe(400);
      expect(await postLog(url, { ...event, log_event: 'alive_probe' })).toBe(202);
      await written(async () => expect(await count('alive_probe')).toBe(1));
      expect(component.process.child.exitCode).toBeNull();
      expect(await count('deep_component_probe')).toBe(0);
    } finally {
      component.process.child.kill('SIGTERM');
      await component.process.exited();
    }
  });

  it('answers the probes without a token: /healthz, and /readyz checking its database', async () => {
    const component = startComponent();
    try {
      const url = await component.url;
      const health = await fetch(`${url}/healthz`);
      expect([health.status, await health.json()]).toEqual([200, { status: 'ok' }]);
      const ready = await fetch(`${url}/readyz`);
      expect([ready.status, await ready.json()]).toEqual([200, { status: 'ok', checks: { database: 'ok' } }]);
    } finally {
      component.process.child.kill('SIGTERM');
      await component.process.exited();
    }
  });

  it('serves the viewer too, and says 404 elsewhere', async () => {
    const component = startComponent();
    try {
      const url = await component.url;
      expect(await postLog(url, { log_level: 'warn', log_source: 'alert', log_event: 'viewer_probe' })).toBe(202);
      const page = await written(async () => {
        const answer = await getLogs(url, '/logs?source=alert');
        expect(answer.body.data.map((r: { log_event: string }) => r.log_event)).toContain('viewer_probe');
        return answer;
      });
      expect(page.status).toBe(200);
      const missing = await fetch(`${url}/api/books`);
      expect(missing.status).toBe(404);
      expect(((await missing.json()) as { error: string }).error).toBe('not_found');
    } finally {
      component.process.child.kill('SIGTERM');
      await component.process.exited();
    }
  });
});

describe('the API in LOGGING_MODE=remote', () => {
  it('answers normally when the component is down, and writes each event as a console line instead', async () => {
    const tap = tapConsole();
    const api = await startTestService({ LOGGING_MODE: 'remote', LOGGING_URL: `http://127.0.0.1:${await freePort()}`, LOG_SHARED_SECRET: SHARED_SECRET });
    try {
      const started = Date.now();
      const refused = await api.call('GET', '/api/books', { token: null });
      expect(refused.status).toBe(401);
      expect(refused.body.error).toBe('unauthorized');
      expect(Date.now() - started).toBeLessThan(1000);
      expect((await api.call('GET', '/api/books')).status).toBe(200);
      const lines = await written(async () => {
        const found = tap.lines().filter((l) => l.log_event === 'auth_failed');
        expect(found).toHaveLength(1);
        return found;
      });
      expect(lines[0]).toMatchObject({ log_source: 'auth', log_detail: { reason: 'missing_token' }, fallback: 'logging_component_unavailable' });
      expect(JSON.stringify(tap.lines())).not.toContain(SHARED_SECRET);
      // In remote mode the API is not the logging component.
      expect((await fetch(`${api.baseUrl}/logs`)).status).toBe(404);
    } finally {
      tap.stop();
      await api.stop();
    }
  });

  it('sends events to the component, which stores them with their own log_time and the instance that sent them', async () => {
    const component = startComponent({ LOG_FLUSH_MS: '50' });
    const url = await component.url;
    const api = await startTestService({ LOGGING_MODE: 'remote', LOGGING_URL: url, LOG_SHARED_SECRET: SHARED_SECRET, INSTANCE_ID: 'api-7' });
    try {
      const before = Date.now();
      expect((await api.call('GET', '/api/books', { token: 'not.a.jwt' })).status).toBe(401);
      expect((await api.call('GET', '/api/books')).status).toBe(200);
      const rows = await written(async () => {
        const found = await db.sql<{ log_time: Date; log_detail: unknown; log_instance: string }>(`select log_time, log_detail, log_instance from log where log_event = 'auth_failed' and log_time >= $1`, [
          new Date(before - 5),
        ]);
        expect(found).toHaveLength(1);
        return found;
      });
      expect(rows[0]!.log_detail).toEqual({ reason: 'malformed_token' });
      expect(rows[0]!.log_instance).toBe('api-7');
      // A 2xx is never logged (the seed's "what is not logged").
      expect(await db.sql(`select 1 from log where log_source = 'api' and log_time >= $1`, [new Date(before - 5)])).toHaveLength(0);
    } finally {
      await api.stop();
      component.process.child.kill('SIGTERM');
      await component.process.exited();
    }
  });

  // A component process, a service and 300 requests: on a loaded CI machine the file's tests took 116 s, and this one
  // passed the default 30 s timeout once (2026-12-01); it checks delivery, not speed.
  it('under a burst of requests, every event reaches the component and is stored once', async () => {
    const component = startComponent({ LOG_FLUSH_MS: '50' });
    const url = await component.url;
    const api = await startTestService({ LOGGING_MODE: 'remote', LOGGING_URL: url, LOG_SHARED_SECRET: SHARED_SECRET });
    try {
      const before = new Date(Date.now() - 5);
      const N = 300;
      const statuses = await Promise.all(Array.from({ length: N }, () => api.call('GET', '/api/books', { token: 'burst.not.a-jwt' }).then((r) => r.status)));
      expect(statuses.every((s) => s === 401)).toBe(true);
      await written(async () => {
        const found = await db.sql<{ n: string }>(`select count(*) as n from log where log_event = 'auth_failed' and log_time >= $1`, [before]);
        expect(Number(found[0]!.n)).toBe(N);
      });
    } finally {
      await api.stop();
      component.process.child.kill('SIGTERM');
      await component.process.exited();
    }
  }, 90_000);
});
