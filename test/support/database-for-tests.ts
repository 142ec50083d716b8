import { request } from 'node:http';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../../src/adapters/postgres/embedded-postgres.js';

export interface TestDatabaseServer {
  /** URL of a maintenance database on the server; tests create their own databases from it. */
  adminUrl: string;
  kind: 'testcontainers' | 'DATABASE_URL' | 'embedded';
  stop(): Promise<void>;
}

/** Testcontainers when a Docker engine answers, else DATABASE_URL, else an embedded PostgreSQL (needs only Node.js). */
export async function startTestDatabaseServer(env: NodeJS.ProcessEnv): Promise<TestDatabaseServer> {
  if (await dockerAnswers(env)) {
    const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
    const container = await new PostgreSqlContainer('postgres:16-alpine').start();
    return { adminUrl: container.getConnectionUri(), kind: 'testcontainers', stop: async () => void (await container.stop()) };
  }
  if (env.DATABASE_URL) return { adminUrl: env.DATABASE_URL, kind: 'DATABASE_URL', stop: async () => undefined };

  const folder = await mkdtemp(path.join(tmpdir(), 'shelfwatch-test-'));
  // mkdtemp makes 0700; as root the server runs as `postgres`, which must traverse this folder.
  await chmod(folder, 0o755);
  const port = await freePort();
  const db = await startEmbeddedPostgres({ clusterDir: path.join(folder, 'pg'), port, password: 'test', database: 'postgres' });
  return {
    adminUrl: db.url,
    kind: 'embedded',
    stop: async () => {
      await db.stop();
      await rm(folder, { recursive: true, force: true });
    },
  };
}

/** Importing testcontainers costs time and fails slowly; ask the engine directly first. */
async function dockerAnswers(env: NodeJS.ProcessEnv): Promise<boolean> {
  const host = env.DOCKER_HOST;
  let options: { host: string; port: number } | { socketPath: string };
  if (host?.startsWith('tcp://')) {
    const url = new URL(host.replace('tcp://', 'http://'));
    options = { host: url.hostname, port: Number(url.port) };
  } else {
    const socketPath = host?.startsWith('unix://') ? host.slice('unix://'.length) : '/var/run/docker.sock';
    if (!existsSync(socketPath)) return false;
    options = { socketPath };
  }
  return new Promise((resolve) => {
    const req = request({ ...options, path: '/_ping', method: 'GET', timeout: 1000 }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('error', () => resolve(false));
    req.on('timeout', () => {
      req.destroy();
      resolve(false);
    });
    req.end();
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
