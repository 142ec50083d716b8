import { request } from 'node:http';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../../src/adapters/postgres/embedded-postgres.js';
import { ServerLogWatch } from './server-log-watch.js';

export const TEST_DATABASE_KINDS = ['testcontainers', 'DATABASE_URL', 'embedded'] as const;
export type TestDatabaseKind = (typeof TEST_DATABASE_KINDS)[number];

/** Needs Docker Hub; machines without it build one with scripts/ci/docker-engine.sh and name it in the env. */
export const DEFAULT_POSTGRES_IMAGE = 'postgres:16-alpine';

export interface TestDatabaseServer {
  /** URL of a maintenance database on the server; tests create their own databases from it. */
  adminUrl: string;
  kind: TestDatabaseKind;
  /** Why this path was taken, in words. */
  reason: string;
  /** The image Testcontainers runs (kind 'testcontainers' only). */
  image?: string;
  stop(): Promise<void>;
}

/**
 * The order: Testcontainers when a Docker engine answers and the image (env TESTCONTAINERS_POSTGRES_IMAGE, default
 * postgres:16-alpine) is present or can be pulled; else DATABASE_URL; else an embedded PostgreSQL (needs only
 * Node.js). An image that cannot be obtained prints a warning and falls through to the next path.
 * Env REQUIRE_TEST_DATABASE (one of TEST_DATABASE_KINDS) turns a different path into an error, raised before
 * anything is started; with REQUIRE_TEST_DATABASE=testcontainers a missing image is an error, not a fallback.
 */
export async function startTestDatabaseServer(
  env: NodeJS.ProcessEnv,
  warn: (line: string) => void = (line) => console.warn(line),
): Promise<TestDatabaseServer> {
  const required = requiredTestDatabase(env);
  const engine = await probeDockerEngine(env);
  let notTestcontainers: string;
  if (engine.answers) {
    const image = env.TESTCONTAINERS_POSTGRES_IMAGE?.trim() || DEFAULT_POSTGRES_IMAGE;
    const imageProblem = await obtainImage(image);
    if (imageProblem === undefined) {
      const reason = `a Docker engine answered at ${engine.where} and image ${image} is available`;
      refuseUnlessRequired(required, 'testcontainers', reason);
      return startContainer(image, reason, env);
    }
    notTestcontainers = `a Docker engine answered at ${engine.where}, but image ${image} could not be obtained (${imageProblem})`;
    if (required === 'testcontainers') refuseUnlessRequired(required, 'none', notTestcontainers);
    warn(
      `[tests] warning: ${notTestcontainers}; not using Testcontainers. ` +
        'Set TESTCONTAINERS_POSTGRES_IMAGE to an image the engine has (scripts/ci/docker-engine.sh builds one).',
    );
  } else {
    notTestcontainers = `no Docker engine answered at ${engine.where} (${engine.problem})`;
  }

  if (env.DATABASE_URL) {
    const reason = `${notTestcontainers}; DATABASE_URL is set`;
    refuseUnlessRequired(required, 'DATABASE_URL', reason);
    return { adminUrl: env.DATABASE_URL, kind: 'DATABASE_URL', reason, stop: async () => undefined };
  }

  const reason = `${notTestcontainers}; DATABASE_URL is not set`;
  refuseUnlessRequired(required, 'embedded', reason);
  const folder = await mkdtemp(path.join(tmpdir(), 'shelfwatch-test-'));
  // mkdtemp makes 0700; as root the server runs as `postgres`, which must traverse this folder.
  await chmod(folder, 0o755);
  const port = await freePort();
  const db = await startEmbeddedPostgres({ clusterDir: path.join(folder, 'pg'), port, password: 'test', database: 'postgres' });
  return {
    adminUrl: db.url,
    kind: 'embedded',
    reason,
    stop: async () => {
      await db.stop();
      await rm(folder, { recursive: true, force: true });
    },
  };
}

/** REQUIRE_TEST_DATABASE, checked: unset or one of TEST_DATABASE_KINDS. */
export function requiredTestDatabase(env: NodeJS.ProcessEnv): TestDatabaseKind | undefined {
  const value = env.REQUIRE_TEST_DATABASE?.trim();
  if (!value) return undefined;
  const kind = TEST_DATABASE_KINDS.find((k) => k === value);
  if (!kind) throw new Error(`REQUIRE_TEST_DATABASE=${value} is not one of ${TEST_DATABASE_KINDS.join(', ')}`);
  return kind;
}

function refuseUnlessRequired(required: TestDatabaseKind | undefined, taken: TestDatabaseKind | 'none', reason: string): void {
  if (required === undefined || required === taken) return;
  const path = taken === 'none' ? 'Testcontainers cannot be used' : `the tests would use ${taken}`;
  throw new Error(`REQUIRE_TEST_DATABASE=${required}, but ${path}: ${reason}`);
}

const TEST_SERVER_SHM_BYTES = 1024 ** 3;
const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * The run's throwaway server needs no durability: no flush to disk per commit, per checkpoint or per cloned database
 * (each test file clones the template). A crash loses the server, which the run would lose anyway.
 */
const TEST_SERVER_SETTINGS = ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off'];

async function startContainer(image: string, reason: string, env: NodeJS.ProcessEnv): Promise<TestDatabaseServer> {
  const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
  const { Wait } = await import('testcontainers');
  const log = new ServerLogWatch();
  try {
    const container = await new PostgreSqlContainer(image)
      // Docker's default /dev/shm is 64 MB; PostgreSQL keeps its statistics and parallel queries' memory there, and
      // the run creates and drops a database per test file, several services at a time.
      .withSharedMemorySize(TEST_SERVER_SHM_BYTES)
      // Ready when the real server (after the init server) says so. The module's own health check (pg_isready every
      // 250 ms through `docker exec`) would otherwise go on for the whole run: a runc process and a connection four
      // times a second, on the same two cores as the tests. Docker needs some check here; this one never comes due.
      .withHealthCheck({ test: ['CMD', 'true'], interval: DAY_MS })
      .withWaitStrategy(Wait.forAll([Wait.forLogMessage(/database system is ready to accept connections/, 2), Wait.forListeningPorts()]))
      .withCommand(['postgres', ...TEST_SERVER_SETTINGS.flatMap((setting) => ['-c', setting])])
      .withLogConsumer(log.consumer)
      .start();
    return {
      adminUrl: container.getConnectionUri(),
      kind: 'testcontainers',
      reason,
      image,
      stop: async () => {
        const crash = log.report();
        if (crash.length > 0) console.error(`[tests] PostgreSQL's log reported a crash or a failed allocation during the run:\n${crash.join('\n')}`);
        await container.stop();
      },
    };
  } catch (error) {
    const ryukHint =
      env.TESTCONTAINERS_RYUK_DISABLED === 'true'
        ? ''
        : ' (Testcontainers also starts its reaper, testcontainers/ryuk, from Docker Hub; without Docker Hub set TESTCONTAINERS_RYUK_DISABLED=true)';
    throw new Error(`Testcontainers could not start ${image}${ryukHint}: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
}

/** Undefined when the engine has the image or pulled it; else why not. */
async function obtainImage(image: string): Promise<string | undefined> {
  const { getContainerRuntimeClient, ImageName } = await import('testcontainers');
  try {
    const client = await getContainerRuntimeClient();
    const name = ImageName.fromString(image);
    if (await client.image.exists(name)) return undefined;
    // Testcontainers' pull ends quietly when the registry reports an error inside the stream; check again after.
    await client.image.pull(name);
    return (await client.image.exists(name)) ? undefined : 'not present, and the pull did not produce it';
  } catch (error) {
    return `not present, and the pull failed: ${(error instanceof Error ? error.message : String(error)).trim()}`;
  }
}

interface DockerEngineProbe {
  answers: boolean;
  /** The socket or host asked. */
  where: string;
  problem?: string;
}

/** Importing testcontainers costs time and fails slowly; ask the engine directly first. */
async function probeDockerEngine(env: NodeJS.ProcessEnv): Promise<DockerEngineProbe> {
  const host = env.DOCKER_HOST;
  let options: { host: string; port: number } | { socketPath: string };
  let where: string;
  if (host?.startsWith('tcp://')) {
    const url = new URL(host.replace('tcp://', 'http://'));
    options = { host: url.hostname, port: Number(url.port) };
    where = host;
  } else {
    const socketPath = host?.startsWith('unix://') ? host.slice('unix://'.length) : '/var/run/docker.sock';
    where = socketPath;
    if (!existsSync(socketPath)) return { answers: false, where, problem: 'the socket does not exist' };
    options = { socketPath };
  }
  return new Promise((resolve) => {
    const req = request({ ...options, path: '/_ping', method: 'GET', timeout: 1000 }, (res) => {
      res.resume();
      if (res.statusCode === 200) resolve({ answers: true, where });
      else resolve({ answers: false, where, problem: `GET /_ping answered HTTP ${res.statusCode}` });
    });
    req.on('error', (error) => resolve({ answers: false, where, problem: `GET /_ping failed: ${error.message}` }));
    req.on('timeout', () => {
      req.destroy();
      resolve({ answers: false, where, problem: 'GET /_ping timed out after 1 s' });
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
