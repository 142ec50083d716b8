import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrate } from '../src/adapters/postgres/database.js';
import { startEmbeddedPostgres } from '../src/adapters/postgres/embedded-postgres.js';
import { countAsOwn, parentPid } from './cpu.js';

export interface BenchDatabase {
  /** URL of the benchmark's own database. */
  url: string;
  /** How the server was obtained, for the report. */
  kind: 'embedded' | 'DATABASE_URL';
  /** Stops the embedded server and deletes its files, or drops the benchmark's database on an external server. */
  stop(): Promise<void>;
  /** Last-resort cleanup from a synchronous `exit` handler (embedded: removes the cluster folder). */
  stopSync(): void;
}

const DATABASE_NAME_PREFIX = 'shelfwatch_bench';

export interface PostgresInfo {
  version: string;
  sharedBuffers: string;
  workMem: string;
}

/**
 * The benchmark's database, migrated: started (and handed to `teardown`, which stops it), the migrations applied, the
 * server's version and memory settings read; each step said on the console.
 */
export async function startMigratedDatabase(
  teardown: { database: BenchDatabase | null },
  say: (line: string) => void,
): Promise<{ db: BenchDatabase; postgres: PostgresInfo }> {
  const db = await startBenchDatabase(process.env, say);
  teardown.database = db;
  say('Applying migrations ...');
  await migrate(db.url);
  const postgres = await postgresInfo(db.url);
  say(`PostgreSQL ${postgres.version} (${db.kind}; shared_buffers ${postgres.sharedBuffers}, work_mem ${postgres.workMem})`);
  return { db, postgres };
}

/** The server's version and the memory settings the reports quote. */
export async function postgresInfo(url: string): Promise<PostgresInfo> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ v: string; sb: string; wm: string }>(
      `select current_setting('server_version') as v, current_setting('shared_buffers') as sb, current_setting('work_mem') as wm`,
    );
    return { version: rows[0]?.v ?? '?', sharedBuffers: rows[0]?.sb ?? '?', workMem: rows[0]?.wm ?? '?' };
  } finally {
    await client.end();
  }
}

/**
 * The server the benchmark runs on: the one in DATABASE_URL when set (the benchmark creates and later drops a
 * database of its own there), else an embedded PostgreSQL in a fresh folder under the system temp folder.
 */
export async function startBenchDatabase(env: NodeJS.ProcessEnv, say: (line: string) => void): Promise<BenchDatabase> {
  const external = env.DATABASE_URL?.trim();
  return external ? externalDatabase(external, say) : embeddedDatabase(say);
}

async function externalDatabase(serverUrl: string, say: (line: string) => void): Promise<BenchDatabase> {
  const name = `${DATABASE_NAME_PREFIX}_${randomBytes(4).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}`);
  say(`Using the server in DATABASE_URL; created database ${name} (dropped at the end)`);
  const postmaster = await localPostmasterOf(serverUrl);
  if (postmaster !== null) {
    countAsOwn(postmaster);
    say(`  the server runs on this machine (postmaster ${postmaster}): its CPU counts as the benchmark's own`);
  }
  const url = withDatabase(serverUrl, name);
  let dropped = false;
  return {
    url,
    kind: 'DATABASE_URL',
    async stop() {
      if (dropped) return;
      dropped = true;
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    },
    stopSync() {
      // A database cannot be dropped synchronously; the async stop() runs on Ctrl-C before exiting.
    },
  };
}

async function embeddedDatabase(say: (line: string) => void): Promise<BenchDatabase> {
  const folder = await mkdtemp(path.join(tmpdir(), 'shelfwatch-bench-'));
  // mkdtemp makes 0700; as root the server runs as `postgres`, which must traverse this folder.
  await chmod(folder, 0o755);
  let removed = false;
  const removeFolder = async (): Promise<void> => {
    await rm(folder, { recursive: true, force: true });
    removed = true;
  };
  const port = await freePort();
  say(`Starting an embedded PostgreSQL in ${folder} on port ${port} ...`);
  let db;
  try {
    db = await startEmbeddedPostgres({
      clusterDir: path.join(folder, 'pg'),
      port,
      password: randomBytes(12).toString('base64url'),
      database: DATABASE_NAME_PREFIX,
      onProgress: say,
    });
  } catch (error) {
    await removeFolder();
    throw error;
  }
  const server = db;
  let stopped = false;
  return {
    url: server.url,
    kind: 'embedded',
    async stop() {
      if (!stopped) {
        stopped = true;
        await server.stop();
      }
      await removeFolder();
    },
    stopSync() {
      // On Ctrl-C, embedded-postgres' own exit hook stops the server and exits the process, possibly before the
      // asynchronous removal above has finished: this runs from the `exit` event and completes it.
      if (!removed) rmSync(folder, { recursive: true, force: true });
    },
  };
}

/**
 * The postmaster of the server at `url` when it runs on this machine: the parent of the backend serving a connection
 * (as /proc shows it). null for a server elsewhere, or in a container whose processes this machine does not show.
 */
async function localPostmasterOf(url: string): Promise<number | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    const [row] = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows;
    const backend = row?.pid ?? null;
    if (backend === null || parentPid(backend) === null) return null;
    // The same pid on another machine would be another process: it must be a PostgreSQL backend here.
    const command = readFileSync(`/proc/${backend}/cmdline`, 'utf8');
    return command.startsWith('postgres') ? parentPid(backend) : null;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The same server's URL for another database. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port'))));
    });
  });
}
