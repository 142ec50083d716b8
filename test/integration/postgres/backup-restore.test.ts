// npm run backup / npm run restore on real embedded clusters: a backup taken while a writer commits, restored into a
// fresh folder and started on another port, holds every transaction committed before the backup started and is
// consistent (amcheck); restores never write over a cluster; a folder of another major version is refused in one line.
import { cp, chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { takeBackup } from '../../../src/adapters/postgres/backup/backup.js';
import { MajorVersionMismatchError, shippedMajor } from '../../../src/adapters/postgres/backup/major-version.js';
import { restoreBackup, RestoreRefusedError } from '../../../src/adapters/postgres/backup/restore.js';
import { migrate } from '../../../src/adapters/postgres/database.js';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../../../src/adapters/postgres/embedded-postgres.js';
import { freePort } from '../../support/database-for-tests.js';
import { runScript } from '../../support/job-process.js';

const PASSWORD = 'backup-test-password';
const SECRETS = { jwtSecret: 'j'.repeat(43), postgresPassword: PASSWORD };
const SEEDED_USERS = 200;

let folder: string;
let sourceDataDir: string;
let sourcePort: number;
let source: EmbeddedDatabase;
/** Clusters a test started; stopped at the end whatever happened. */
const started: EmbeddedDatabase[] = [];

async function query<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

async function startCluster(clusterDir: string): Promise<EmbeddedDatabase> {
  const db = await startEmbeddedPostgres({ clusterDir, port: await freePort(), password: PASSWORD, database: 'shelfwatch' });
  started.push(db);
  return db;
}

/** One writer committing transactions that insert into two tables; `committed` is the last one acknowledged. */
function startWriter(url: string) {
  const client = new pg.Client({ connectionString: url });
  let committed = 0;
  let stopping = false;
  const loop = (async () => {
    await client.connect();
    for (let seq = 1; !stopping; seq++) {
      await client.query('begin');
      await client.query('insert into app_user (subject) values ($1)', [`writer-${seq}`]);
      await client.query(`insert into log (log_time, log_level, log_source, log_event, log_detail) values (now(), 'info', 'backup-test', 'tick', $1)`, [
        { seq },
      ]);
      await client.query('commit');
      committed = seq;
    }
  })();
  return {
    committed: () => committed,
    async waitFor(count: number): Promise<void> {
      while (committed < count) await new Promise((resolve) => setTimeout(resolve, 10));
    },
    async stop(): Promise<number> {
      stopping = true;
      await loop;
      await client.end();
      return committed;
    },
  };
}

/** Exactly this environment: no DATABASE_URL from the shell. */
const runEntry = (entry: 'backup' | 'restore', args: string[], env: Record<string, string>) =>
  runScript(`src/composition/entries/${entry}.ts`, args, env);

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'shelfwatch-backup-'));
  // mkdtemp makes 0700; as root the server runs as `postgres`, which must traverse this folder.
  await chmod(folder, 0o755);
  sourceDataDir = path.join(folder, 'source');
  await mkdir(sourceDataDir);
  await writeFile(path.join(sourceDataDir, 'secrets.json'), JSON.stringify(SECRETS, null, 2), { mode: 0o600 });
  sourcePort = await freePort();
  source = await startEmbeddedPostgres({ clusterDir: path.join(sourceDataDir, 'pg'), port: sourcePort, password: PASSWORD, database: 'shelfwatch' });
  started.push(source);
  // The real schema, and rows of real tables.
  await migrate(source.url);
  await query(source.url, `insert into app_user (subject, email) select 'seeded-' || n, 'reader' || n || '@example.org' from generate_series(1, ${SEEDED_USERS}) n`);
  await query(source.url, `insert into author (author_name, name_search) select 'Author ' || n, 'author ' || n from generate_series(1, 500) n`);
});

afterAll(async () => {
  for (const db of started.reverse()) await db.stop().catch(() => undefined);
  if (folder) await rm(folder, { recursive: true, force: true });
});

describe('backup and restore of the embedded database', () => {
  let backupFile: string;
  let restoredDir: string;

  it('restores every transaction committed before a backup taken under writes, into a consistent database', { timeout: 180_000 }, async () => {
    backupFile = path.join(folder, 'shelfwatch.tar.gz');
    const writer = startWriter(source.url);
    let committedBefore: number;
    let committedAtEnd: number;
    const progress: string[] = [];
    try {
      await writer.waitFor(50);
      committedBefore = writer.committed();
      const backup = await takeBackup({ url: source.url, file: backupFile, secrets: SECRETS, onProgress: (line) => progress.push(line), progressEveryMs: 0 });
      committedAtEnd = writer.committed();
      expect(backup.header.postgres.major).toBe(await shippedMajor());
      expect(backup.fileBytes).toBe((await stat(backupFile)).size);
      console.log(`[backup] ${(backup.fileBytes / 1024 / 1024).toFixed(1)} MiB in ${backup.durationMs} ms, ${committedAtEnd - committedBefore} commits during it`);
    } finally {
      await writer.stop();
    }
    // The writer kept committing while the backup ran: the backup really was taken under writes.
    expect(committedAtEnd).toBeGreaterThan(committedBefore);
    expect(progress.some((line) => /^Backup: .* read from PostgreSQL/.test(line))).toBe(true);
    expect(progress.at(-1)).toMatch(/^Backup done: /);
    expect(existsSync(`${backupFile}.partial`)).toBe(false);
    expect((await stat(backupFile)).mode & 0o077).toBe(0);

    restoredDir = path.join(folder, 'restored');
    const restoreProgress: string[] = [];
    const restored = await restoreBackup({
      file: backupFile,
      clusterDir: path.join(restoredDir, 'pg'),
      secretsFile: path.join(restoredDir, 'secrets.json'),
      onProgress: (line) => restoreProgress.push(line),
      progressEveryMs: 0,
    });
    console.log(`[restore] ${restored.files} files in ${restored.durationMs} ms`);
    expect(restored.secrets).toEqual({ kind: 'written' });
    expect(JSON.parse(await readFile(path.join(restoredDir, 'secrets.json'), 'utf8'))).toEqual(SECRETS);
    expect(restoreProgress.some((line) => /^Restore: .* read \(\d+%\)/.test(line))).toBe(true);
    expect(restoreProgress.at(-1)).toMatch(/checked against the backup manifest/);

    const firstStart = Date.now();
    const copy = await startCluster(path.join(restoredDir, 'pg'));
    console.log(`[restore] first start (WAL replay) in ${Date.now() - firstStart} ms`);
    const [recovery] = await query<{ recovering: boolean }>(copy.url, 'select pg_is_in_recovery() as recovering');
    expect(recovery?.recovering).toBe(false);

    // A prefix of the writer's transactions, each whole (its two rows or none), holding every one committed before.
    const logged = (await query<{ seq: number }>(copy.url, `select (log_detail->>'seq')::int as seq from log where log_source = 'backup-test' order by 1`)).map((row) => row.seq);
    const users = (await query<{ seq: number }>(copy.url, `select substring(subject from 8)::int as seq from app_user where subject like 'writer-%' order by 1`)).map((row) => row.seq);
    expect(users).toEqual(logged);
    expect(logged).toEqual(Array.from({ length: logged.length }, (_, i) => i + 1));
    expect(logged.length).toBeGreaterThanOrEqual(committedBefore);
    expect(logged.length).toBeLessThanOrEqual(committedAtEnd + 1);
    console.log(`[restore] ${logged.length} writer transactions restored: ${committedBefore} committed before the backup, ${committedAtEnd} by its end`);

    const [seeded] = await query<{ count: string }>(copy.url, `select count(*) from app_user where subject like 'seeded-%'`);
    expect(Number(seeded?.count)).toBe(SEEDED_USERS);
    const migrations = 'select name from mikro_orm_migrations order by name';
    expect(await query(copy.url, migrations)).toEqual(await query(source.url, migrations));

    // PostgreSQL's own checks: every B-tree index against its table, every table's pages and tuples.
    await query(copy.url, 'create extension if not exists amcheck');
    const indexes = await query<{ index: string }>(
      copy.url,
      `select c.oid::regclass::text as index from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am am on am.oid = c.relam
        where am.amname = 'btree' and c.relnamespace = 'public'::regnamespace`,
    );
    expect(indexes.length).toBeGreaterThan(10);
    for (const { index } of indexes) await query(copy.url, 'select bt_index_check($1::regclass, true)', [index]);
    const corrupt = await query(
      copy.url,
      `select c.relname, v.msg from pg_class c cross join lateral verify_heapam(c.oid) v where c.relkind = 'r' and c.relnamespace = 'public'::regnamespace`,
    );
    expect(corrupt).toEqual([]);
    await copy.stop();
  });

  it('stops a backup when asked, leaving no file and no replication slot behind', { timeout: 60_000 }, async () => {
    const file = path.join(folder, 'stopped.tar.gz');
    const controller = new AbortController();
    const stopAtFirstProgress = (line: string): void => {
      if (line.startsWith('Backup: ')) controller.abort(new Error('stop requested'));
    };
    const outcome = await takeBackup({ url: source.url, file, secrets: SECRETS, signal: controller.signal, onProgress: stopAtFirstProgress, progressEveryMs: 0 }).catch(
      (error: unknown) => error,
    );
    expect(controller.signal.aborted).toBe(true);
    expect((outcome as Error).message).toBe('stop requested');
    expect(existsSync(file)).toBe(false);
    expect(existsSync(`${file}.partial`)).toBe(false);
    // The server ended the backup with the connection: its temporary slot and its WAL sender are gone.
    for (let tries = 0; ; tries++) {
      const [left] = await query<{ slots: string; senders: string }>(
        source.url,
        `select (select count(*) from pg_replication_slots) as slots, (select count(*) from pg_stat_activity where backend_type = 'walsender') as senders`,
      );
      if (Number(left?.slots) === 0 && Number(left?.senders) === 0) break;
      if (tries > 100) throw new Error(`still ${left?.slots} slot(s) and ${left?.senders} WAL sender(s)`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });

  it("gives the data folder the backup's secrets, keeping different ones aside", { timeout: 60_000 }, async () => {
    const dataDir = path.join(folder, 'replaced');
    await mkdir(dataDir);
    const secretsFile = path.join(dataDir, 'secrets.json');
    const previous = { jwtSecret: 'k'.repeat(43), postgresPassword: 'another-password' };
    await writeFile(secretsFile, JSON.stringify(previous), { mode: 0o600 });
    const result = await restoreBackup({ file: backupFile, clusterDir: path.join(dataDir, 'pg'), secretsFile });
    expect(result.secrets.kind).toBe('replaced');
    expect(JSON.parse(await readFile(secretsFile, 'utf8'))).toEqual(SECRETS);
    expect((await stat(secretsFile)).mode & 0o077).toBe(0);
    if (result.secrets.kind === 'replaced') expect(JSON.parse(await readFile(result.secrets.previousKeptAs, 'utf8'))).toEqual(previous);
  });

  it('never restores over a cluster, running or not, nor into a folder that holds anything', { timeout: 60_000 }, async () => {
    const restore = (clusterDir: string) => restoreBackup({ file: backupFile, clusterDir, secretsFile: null });
    const sourceDir = path.join(sourceDataDir, 'pg');
    const before = await readdir(sourceDir);
    await expect(restore(sourceDir)).rejects.toThrow(/^PostgreSQL \(process \d+\) is running on .*: stop Shelfwatch first/);
    expect(await readdir(sourceDir)).toEqual(before);

    // The restored cluster of the first test, stopped.
    await expect(restore(path.join(restoredDir, 'pg'))).rejects.toThrow(/already holds a database cluster; a restore only writes into an absent or empty folder/);
    const other = path.join(folder, 'not-empty');
    await mkdir(other);
    await writeFile(path.join(other, 'notes.txt'), 'mine');
    const refusal = await restore(other).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(RestoreRefusedError);
    expect((refusal as Error).message).toMatch(/is not empty \(1 entries\)/);
    expect((refusal as Error).message).not.toContain('\n');
    expect(await readdir(other)).toEqual(['notes.txt']);
  });

  it('refuses a cut backup and leaves no half-restored folder behind', { timeout: 60_000 }, async () => {
    const cut = path.join(folder, 'cut.tar.gz');
    await cp(backupFile, cut);
    await truncate(cut, Math.floor((await stat(cut)).size / 2));
    const target = path.join(folder, 'from-cut', 'pg');
    const error = (await restoreBackup({ file: cut, clusterDir: target, secretsFile: null }).catch((e: unknown) => e)) as Error;
    expect(error.message).toMatch(new RegExp(`^${cut.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is cut short: .*Nothing was restored: copy the backup again`));
    expect(error.message).not.toContain('\n');
    expect(existsSync(target)).toBe(false);
  });

  it('refuses a backup whose compressed data was altered, saying it is damaged, and leaves nothing behind', { timeout: 60_000 }, async () => {
    const flipped = path.join(folder, 'flipped.tar.gz');
    const bytes = await readFile(backupFile);
    for (let i = Math.floor(bytes.length / 3); i < Math.floor(bytes.length / 3) + 64; i++) bytes[i] = bytes[i]! ^ 0xff;
    await writeFile(flipped, bytes);
    const target = path.join(folder, 'from-flipped', 'pg');
    const error = (await restoreBackup({ file: flipped, clusterDir: target, secretsFile: null }).catch((e: unknown) => e)) as Error;
    expect(error.message).toMatch(/ is damaged: .*Nothing was restored: use another copy/);
    expect(error.message).not.toContain('\n');
    expect(existsSync(target)).toBe(false);
  });

  it('refuses, in one line, a data folder or a backup of another PostgreSQL major version', { timeout: 60_000 }, async () => {
    const ships = await shippedMajor();
    const older = path.join(folder, 'older', 'pg');
    await cp(path.join(restoredDir, 'pg'), older, { recursive: true });
    await writeFile(path.join(older, 'PG_VERSION'), `${ships - 1}\n`);
    const error = await startEmbeddedPostgres({ clusterDir: older, port: await freePort(), password: PASSWORD, database: 'shelfwatch' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MajorVersionMismatchError);
    const message = (error as Error).message;
    expect(message).not.toContain('\n');
    expect(message).toMatch(new RegExp(`^The data folder ${older.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} was made by PostgreSQL ${ships - 1}; this build ships PostgreSQL ${ships}`));
    expect(message).toMatch(/npm run export -- FILE.*npm run import -- FILE.*docs\/backup-restore\.md/);
    expect(existsSync(path.join(older, 'postmaster.pid'))).toBe(false);

    const target = path.join(folder, 'newer', 'pg');
    await expect(restoreBackup({ file: backupFile, clusterDir: target, secretsFile: null, serverMajor: ships + 1 })).rejects.toThrow(
      new RegExp(`^This backup was made by PostgreSQL ${ships}; this build ships PostgreSQL ${ships + 1}`),
    );
    expect(existsSync(target)).toBe(false);
  });

  it('runs as npm run backup / npm run restore, with the service running or not, and refuses an external database', { timeout: 180_000 }, async () => {
    const viaService = path.join(folder, 'via-service.tar.gz');
    const running = await runEntry('backup', [viaService], { DATA_DIR: sourceDataDir, EMBEDDED_PG_PORT: String(sourcePort) });
    expect(running.stderr).toBe('');
    expect(running.code).toBe(0);
    expect(running.stdout).toMatch(/Using the embedded PostgreSQL already running/);
    expect(running.stdout).toMatch(/Backup done: /);
    // The backup does not stop a cluster it did not start.
    expect(await query(source.url, 'select 1 as one')).toEqual([{ one: 1 }]);

    const cliDataDir = path.join(folder, 'cli-restored');
    const restored = await runEntry('restore', [viaService], { DATA_DIR: cliDataDir, EMBEDDED_PG_PORT: String(await freePort()) });
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toMatch(/Restored: the database is consistent as of /);
    expect(JSON.parse(await readFile(path.join(cliDataDir, 'secrets.json'), 'utf8'))).toEqual(SECRETS);
    expect(existsSync(path.join(cliDataDir, 'pg', 'postmaster.pid'))).toBe(false);
    const again = await runEntry('restore', [viaService], { DATA_DIR: cliDataDir, EMBEDDED_PG_PORT: String(await freePort()) });
    expect(again.code).toBe(1);
    expect(again.stderr.trim()).toMatch(/already holds a database cluster/);
    expect(again.stderr.trim()).not.toContain('\n');

    const external = await runEntry('backup', [path.join(folder, 'external.tar.gz')], { DATABASE_URL: 'postgres://someone@127.0.0.1:5432/shelfwatch' });
    expect(external.code).toBe(1);
    expect(external.stderr.trim()).toMatch(/^DATABASE_URL is set: .*pg_dump.*docs\/backup-restore\.md$/);

    // Without the service: the command starts the embedded PostgreSQL for the backup and stops it afterwards.
    await source.stop();
    const alone = path.join(folder, 'alone.tar.gz');
    const stopped = await runEntry('backup', [alone], { DATA_DIR: sourceDataDir, EMBEDDED_PG_PORT: String(sourcePort) });
    expect(stopped.code).toBe(0);
    expect(stopped.stdout).toMatch(/Shelfwatch is not running: starting the embedded PostgreSQL/);
    expect(existsSync(alone)).toBe(true);
    expect(existsSync(path.join(sourceDataDir, 'pg', 'postmaster.pid'))).toBe(false);
  });
});
