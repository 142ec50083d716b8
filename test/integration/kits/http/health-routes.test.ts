import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { healthRoutes, type ReadinessCheck } from '../../../../src/adapters/kits/http/health-routes.js';
import { listen, type RunningServer } from '../../../../src/adapters/kits/http/http-server.js';

let server: RunningServer | undefined;
afterEach(async () => {
  await server?.close(Date.now());
  server = undefined;
});

async function serve(checks: Record<string, ReadinessCheck>, stopping = false): Promise<string> {
  const app = express();
  app.use(healthRoutes({ checks, stopping: () => stopping }));
  server = await listen(app, 0, '127.0.0.1');
  return `http://127.0.0.1:${server.port}`;
}

const get = async (url: string) => {
  const res = await fetch(url);
  return { status: res.status, body: (await res.json()) as unknown };
};

describe('health routes', () => {
  it('/healthz answers while the process is up, whatever its dependencies', async () => {
    const base = await serve({ database: () => Promise.reject(new Error('down')) });
    expect(await get(`${base}/healthz`)).toEqual({ status: 200, body: { status: 'ok' } });
  });

  it('/readyz names the dependencies down, and a hanging one counts as down within about 2 s', async () => {
    const base = await serve({
      database: async () => undefined,
      job_queue: () => new Promise(() => undefined),
      mail: () => Promise.reject(new Error('refused')),
    });
    const started = Date.now();
    expect(await get(`${base}/readyz`)).toEqual({
      status: 503,
      body: { status: 'unavailable', checks: { database: 'ok', job_queue: 'down', mail: 'down' }, down: ['job_queue', 'mail'] },
    });
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('/readyz is 200 when every dependency answers, and 503 "stopping" once the stop began', async () => {
    const ok = await serve({ database: async () => undefined });
    expect(await get(`${ok}/readyz`)).toEqual({ status: 200, body: { status: 'ok', checks: { database: 'ok' } } });
    await server?.close(Date.now());
    const stopping = await serve({ database: async () => undefined }, true);
    expect(await get(`${stopping}/readyz`)).toEqual({ status: 503, body: { status: 'stopping' } });
  });
});
