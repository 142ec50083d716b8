// A real restart of the PostgreSQL server under a running service, idle and under load: /readyz and the API answer
// 503 while the server is down, and afterwards the same service process answers again from the same pool, with every
// write it acknowledged.
// The server is this file's own (the run's shared one must stay up for the other files): a container when this run
// uses Testcontainers, an embedded PostgreSQL otherwise. Both are stopped and started for real; only the way differs.
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import jwt from 'jsonwebtoken';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../../config/config.js';
import { startEmbeddedPostgres, type EmbeddedDatabase, type EmbeddedOptions } from '../../../src/adapters/postgres/embedded-postgres.js';
import { type RunningService, startService } from '../../../src/composition/api-service.js';
import { freePort } from '../../support/database-for-tests.js';
import { eventually, TEST_JWT_SECRET } from '../../support/test-service.js';

interface RestartableServer {
  how: string;
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  dispose(): Promise<void>;
}

async function containerServer(image: string): Promise<RestartableServer> {
  const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
  const { getContainerRuntimeClient } = await import('testcontainers');
  // A fixed host port: the service's DATABASE_URL must still point at the server after it comes back.
  const port = await freePort();
  const container = await new PostgreSqlContainer(image).withExposedPorts({ container: 5432, host: port }).start();
  const client = await getContainerRuntimeClient();
  const handle = client.container.getById(container.getId());
  const url = container.getConnectionUri();
  return {
    how: `container ${image} on port ${port}`,
    url,
    stop: () => client.container.stop(handle, { timeout: 10 }),
    start: async () => {
      await client.container.start(handle);
      await eventually(() => connectOnce(url), 30_000);
    },
    dispose: async () => void (await container.stop()),
  };
}

async function embeddedServer(): Promise<RestartableServer> {
  const folder = await mkdtemp(path.join(tmpdir(), 'shelfwatch-restart-'));
  // mkdtemp makes 0700; as root the server runs as `postgres`, which must traverse this folder.
  await chmod(folder, 0o755);
  const options: EmbeddedOptions = { clusterDir: path.join(folder, 'pg'), port: await freePort(), password: 'test', database: 'shelfwatch' };
  let db: EmbeddedDatabase | undefined = await startEmbeddedPostgres(options);
  return {
    how: `embedded PostgreSQL on port ${options.port}`,
    url: db.url,
    stop: async () => {
      await db?.stop();
      db = undefined;
    },
    start: async () => {
      db = await startEmbeddedPostgres(options);
    },
    dispose: async () => {
      await db?.stop();
      await rm(folder, { recursive: true, force: true });
    },
  };
}

async function connectOnce(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
  } finally {
    await client.end().catch(() => undefined);
  }
}

let server: RestartableServer;
let service: RunningService;
let base: string;
beforeAll(async () => {
  server = inject('databaseKind') === 'testcontainers' ? await containerServer(inject('testcontainersImage')) : await embeddedServer();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: server.url,
    JWT_SECRET: TEST_JWT_SECRET,
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_FLUSH_MS: '50',
  });
  service = await startService(config);
  base = `http://127.0.0.1:${service.port}`;
}, 120_000);
afterAll(async () => {
  await service?.stop();
  await server?.dispose();
});

const token = () => `Bearer ${jwt.sign({ sub: 'alice' }, TEST_JWT_SECRET, { algorithm: 'HS256', expiresIn: 3600 })}`;
async function call(method: string, url: string, body?: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(base + url, {
    method,
    headers: { authorization: token(), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}
const readyz = async () => {
  const res = await fetch(`${base}/readyz`);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

describe('a PostgreSQL restart under the running service', () => {
  it('reports the database down while it is, then serves from the same process with the data kept', async () => {
    expect((await readyz()).status, server.how).toBe(200);
    const before = await call('POST', '/api/authors', { author_name: 'Before The Restart' });
    expect(before.status, JSON.stringify(before.body)).toBe(201);

    await server.stop();
    const down = await readyz();
    expect(down.status, server.how).toBe(503);
    expect(down.body).toMatchObject({ status: 'unavailable', checks: { database: 'down' } });
    const refused = await call('GET', `/api/authors/${before.body.author_id}`);
    expect(refused.status).toBe(503);
    expect(refused.body.error).toBe('service_unavailable');

    await server.start();
    await eventually(async () => expect((await readyz()).status).toBe(200), 30_000);
    const kept = await call('GET', `/api/authors/${before.body.author_id}`);
    expect(kept.status).toBe(200);
    expect(kept.body.author_name).toBe('Before The Restart');
    const after = await call('POST', '/api/authors', { author_name: 'After The Restart' });
    expect(after.status, JSON.stringify(after.body)).toBe(201);
  }, 90_000);

  it('under load, answers 503 and never an error while the server restarts, and keeps every write it acknowledged', async () => {
    let running = true;
    const statuses = new Map<number, number>();
    const acknowledged: number[] = [];
    let n = 0;
    // Eight clients writing and reading back to back, for the whole restart.
    const client = async (): Promise<void> => {
      while (running) {
        const i = n++;
        const answer = i % 2 === 0 ? await call('POST', '/api/authors', { author_name: `Under Load ${i}` }) : await call('GET', '/api/books?per_page=5');
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        if (answer.status === 201) acknowledged.push(answer.body.author_id as number);
      }
    };
    const clients = Array.from({ length: 8 }, client);
    await eventually(async () => expect(acknowledged.length).toBeGreaterThan(20), 10_000);
    await server.stop();
    await eventually(async () => expect(statuses.get(503) ?? 0).toBeGreaterThan(0), 10_000);
    await server.start();
    await eventually(async () => expect((await readyz()).status).toBe(200), 30_000);
    const writtenBefore = acknowledged.length;
    await eventually(async () => expect(acknowledged.length).toBeGreaterThan(writtenBefore + 20), 10_000);
    running = false;
    await Promise.all(clients);

    expect([...statuses.keys()].sort(), JSON.stringify(Object.fromEntries(statuses))).toEqual([200, 201, 503]);
    for (const id of acknowledged) expect((await call('GET', `/api/authors/${id}`)).status, `author ${id}`).toBe(200);
  }, 120_000);
});
