// The embedded PostgreSQL is supervised: killed, it is restarted and the service answers again; when it cannot come
// back (its port taken meanwhile), the service exits non-zero with one clear line instead of answering 503 forever.
import { readFile, chmod, mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../support/database-for-tests.js';
import { type ServiceProcess, spawnService } from '../../support/service-process.js';
import { eventually } from '../../support/test-service.js';

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'shelfwatch-supervise-'));
  await chmod(folder, 0o755);
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

async function postmasterPid(dataDir: string): Promise<number> {
  return Number((await readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[0]);
}

function occupy(port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

describe('a supervised embedded PostgreSQL', () => {
  it('is restarted after it was killed; when it cannot be, the service exits 1 saying why', async () => {
    const dataDir = path.join(folder, 'data');
    const pgPort = await freePort();
    const port = await freePort();
    // NODE_ENV=test: no demonstration servers on their fixed ports.
    const service = spawnService({ NODE_ENV: 'test', DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort), PORT: String(port), HOST: '127.0.0.1' });
    let blocker: Server | undefined;
    try {
      await service.waitFor(/listening on/);
      const [, token] = await service.waitFor(/Development token[^\n]*\n(\S+)/);
      const base = `http://127.0.0.1:${port}`;
      const authors = () => fetch(`${base}/api/authors`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.status);
      expect(await authors()).toBe(200);

      process.kill(await postmasterPid(dataDir), 'SIGKILL');
      await service.waitFor(/Embedded PostgreSQL \(port \d+\) stopped unexpectedly \(SIGKILL\); restart 1 of 5/);
      await service.waitFor(/Embedded PostgreSQL \(port \d+\) is running again/, 30_000);
      await eventually(async () => expect((await fetch(`${base}/readyz`)).status).toBe(200), 15_000);
      await eventually(async () => expect(await authors()).toBe(200), 15_000);

      // Killed again, and its port taken before it can come back: every restart fails.
      process.kill(await postmasterPid(dataDir), 'SIGKILL');
      blocker = await eventually(() => occupy(pgPort), 5_000);
      expect(await service.exited(60_000)).toBe(1);
      expect(service.output()).toMatch(/Embedded PostgreSQL \(port \d+\) did not start \(FATAL: .+\); restart 2 of 5/);
      expect(service.output()).toMatch(/Embedded PostgreSQL \(port \d+\) stopped and could not be restarted after 5 attempts \(FATAL: .+\); exiting/);
    } finally {
      blocker?.close();
      await stopped(service);
    }
  }, 150_000);
});

/** A service still running after a failure is stopped gracefully first, so its embedded PostgreSQL stops too. */
async function stopped(service: ServiceProcess): Promise<void> {
  if (service.child.exitCode !== null || service.child.signalCode !== null) return;
  service.child.kill('SIGTERM');
  await service.exited(40_000).catch(() => service.child.kill('SIGKILL'));
}
