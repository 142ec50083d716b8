// GET /healthz and GET /readyz on a real service process: no token, 503 naming what is down while the database does
// not answer, ready again once it does, and absent from the access log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../support/database-for-tests.js';
import { spawnService } from '../../support/service-process.js';
import { startTcpProxy, type TcpProxy } from '../../support/tcp-proxy.js';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.js';
import { eventually, TEST_JWT_SECRET } from '../../support/test-service.js';

let db: TestDatabase;
let proxy: TcpProxy;
beforeAll(async () => {
  db = await createTestDatabase();
  const target = new URL(db.url);
  proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
});
afterAll(async () => {
  await proxy?.close();
  await db?.drop();
});

async function probe(url: string): Promise<{ status: number; body: unknown; cache: string | null }> {
  const res = await fetch(url);
  return { status: res.status, body: await res.json(), cache: res.headers.get('cache-control') };
}

describe('health probes', () => {
  it('answer without a token: /healthz while the process is up, /readyz 503 naming the dependencies down until they answer again', async () => {
    const port = await freePort();
    const service = spawnService({
      NODE_ENV: 'test',
      DATABASE_URL: proxy.via(db.url),
      JWT_SECRET: TEST_JWT_SECRET,
      HOST: '127.0.0.1',
      PORT: String(port),
      ACCESS_LOG: 'on',
    });
    try {
      await service.waitFor(/listening on/);
      const base = `http://127.0.0.1:${port}`;
      expect(await probe(`${base}/healthz`)).toEqual({ status: 200, body: { status: 'ok' }, cache: 'no-store' });
      expect(await probe(`${base}/readyz`)).toEqual({
        status: 200,
        body: { status: 'ok', checks: { database: 'ok', job_queue: 'ok' } },
        cache: 'no-store',
      });

      await proxy.cut();
      const started = Date.now();
      expect(await probe(`${base}/readyz`)).toEqual({
        status: 503,
        body: { status: 'unavailable', checks: { database: 'down', job_queue: 'down' }, down: ['database', 'job_queue'] },
        cache: 'no-store',
      });
      // Cheap even then: each dependency gets at most 2 s.
      expect(Date.now() - started).toBeLessThan(3_000);
      expect((await probe(`${base}/healthz`)).status).toBe(200);

      await proxy.restore();
      await eventually(async () => expect((await probe(`${base}/readyz`)).status).toBe(200), 20_000);
      expect(service.output()).not.toMatch(/healthz|readyz/);
    } finally {
      service.child.kill('SIGTERM');
      expect(await service.exited()).toBe(0);
    }
  }, 90_000);
});
