import { createHash, type Hash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, chown, type FileHandle, lstat, mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  BackupArchiveError,
  type BackupHeader,
  type BackupTrailer,
  dataPath,
  HEADER_ENTRY,
  MANIFEST_ENTRY,
  parseBackupHeader,
  parseBackupTrailer,
  SECRETS_ENTRY,
  TRAILER_ENTRY,
} from './backup-archive.js';
import { commandFor } from '../../kits/console/operator-commands.js';
import { postgresUser } from '../embedded-binaries.js';
import { compareWithManifest, type ExtractedFile, ManifestError, parseBackupManifest } from './backup-manifest.js';
import { MAJOR_VERSION_DOC, shippedMajor } from './major-version.js';
import { formatBytes, progressReporter } from './progress.js';
import { readGzipTar } from './gzip-tar-reading.js';
import { type TarEvent, type TarHeader, TarFormatError } from './tar.js';

/**
 * `npm run restore`: unpacks a backup made by `npm run backup` (backup-archive.ts) into a data folder that is absent
 * or empty — never over a cluster — and checks every file against PostgreSQL's manifest. The folder then holds the
 * base backup with its WAL and backup_label: on its first start PostgreSQL replays that WAL up to the backup's end
 * position (and fsyncs the folder first, as after any crash) and is consistent from then on.
 */

export interface RestoreOptions {
  file: string;
  /** The cluster folder to create (the service's DATA_DIR/pg). */
  clusterDir: string;
  /** The data folder's secrets file (DATA_DIR/secrets.json), given the backup's; null leaves secrets alone. */
  secretsFile: string | null;
  onProgress?: (line: string) => void;
  signal?: AbortSignal;
  progressEveryMs?: number;
  /** The major version that will open the folder; by default the shipped binaries'. */
  serverMajor?: number;
}

export type SecretsOutcome = { kind: 'none' | 'written' | 'unchanged' } | { kind: 'replaced'; previousKeptAs: string };

export interface RestoreResult {
  header: BackupHeader;
  trailer: BackupTrailer;
  files: number;
  bytes: number;
  secrets: SecretsOutcome;
  durationMs: number;
}

/** The restore cannot start: one line saying why and what to do. */
export class RestoreRefusedError extends Error {}

const SMALL_ENTRY_LIMIT = 1024 * 1024;

/** Refuses a folder that holds anything, and says so differently when a server runs on it. */
export async function checkRestoreTarget(clusterDir: string): Promise<void> {
  let info;
  try {
    info = await stat(clusterDir);
  } catch {
    return;
  }
  if (!info.isDirectory()) throw new RestoreRefusedError(`${clusterDir} exists and is not a folder; the restore creates the data folder there: move it away first`);
  const pid = await runningPostmaster(clusterDir);
  if (pid !== null) {
    throw new RestoreRefusedError(
      `PostgreSQL (process ${pid}) is running on ${clusterDir}: stop Shelfwatch first; a restore never writes over a database (move the folder away once it is stopped)`,
    );
  }
  const entries = await readdir(clusterDir);
  if (entries.length > 0) {
    const what = entries.includes('PG_VERSION') ? 'already holds a database cluster' : `is not empty (${entries.length} entries)`;
    throw new RestoreRefusedError(`${clusterDir} ${what}; a restore only writes into an absent or empty folder: move it away (or delete it) first`);
  }
}

export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const started = Date.now();
  const say = options.onProgress ?? (() => undefined);
  await checkRestoreTarget(options.clusterDir);
  const fileSize = (await stat(options.file)).size;
  const serverMajor = options.serverMajor ?? (await shippedMajor());
  const createdFolder = !existsSync(options.clusterDir);
  const extracted = new Map<string, ExtractedFile>();
  const small = new Map<string, Buffer[]>();
  // Set by the event handler as the entries go by.
  const found: { header: BackupHeader | null; trailer: BackupTrailer | null } = { header: null, trailer: null };
  let targetReady = false;
  let current: { header: TarHeader; path: string | null; handle: FileHandle | null; hash: Hash; size: number } | null = null;
  let read = 0;
  let written = 0;
  let dataEntries = 0;
  const report = progressReporter(options.progressEveryMs ?? 2_000, () =>
    say(`Restore: ${formatBytes(read)} of ${formatBytes(fileSize)} read (${Math.floor((100 * read) / Math.max(fileSize, 1))}%), ${formatBytes(written)} written into ${options.clusterDir}`),
  );

  const prepareTarget = async (): Promise<void> => {
    // Parents with the default mode: as root, the postgres user must traverse them (a recursive mkdir would give
    // them all the folder's own 0700).
    await mkdir(path.dirname(options.clusterDir), { recursive: true });
    await mkdir(options.clusterDir, { recursive: true, mode: 0o700 });
    // PostgreSQL refuses a data folder others can read.
    await chmod(options.clusterDir, 0o700);
    targetReady = true;
  };

  const onEvent = async (event: TarEvent): Promise<void> => {
    if (event.kind === 'entry') {
      const name = event.header.name;
      if (found.trailer !== null) throw new BackupArchiveError(`The backup has an entry after its end marker (${name}): it is damaged`);
      if (found.header === null && name !== HEADER_ENTRY) throw new BackupArchiveError('This file is not a Shelfwatch backup (its backup command makes them)');
      const relative = dataPath(name);
      if (relative === null && ![HEADER_ENTRY, SECRETS_ENTRY, TRAILER_ENTRY].includes(name)) throw new BackupArchiveError(`Unexpected entry ${name} in the backup`);
      if (event.header.type === 'symlink') throw new BackupArchiveError(`The backup holds a symbolic link (${name}); tablespaces cannot be restored`);
      current = { header: event.header, path: relative === null ? null : path.join(options.clusterDir, relative), handle: null, hash: createHash('sha256'), size: 0 };
      if (current.path !== null) {
        dataEntries += 1;
        if (!targetReady) await prepareTarget();
        if (event.header.type === 'directory') await mkdir(current.path, { recursive: true, mode: event.header.mode || 0o700 });
        else {
          await mkdir(path.dirname(current.path), { recursive: true, mode: 0o700 });
          current.handle = await open(current.path, 'wx', event.header.mode || 0o600);
        }
      }
      if (relative === null || name === MANIFEST_ENTRY) small.set(name, []);
    } else if (event.kind === 'data') {
      const entry = current!;
      entry.size += event.chunk.length;
      if (entry.handle !== null) {
        entry.hash.update(event.chunk);
        await entry.handle.write(event.chunk);
        written += event.chunk.length;
      }
      const kept = small.get(entry.header.name);
      if (kept !== undefined) {
        // Our JSON entries are small; the manifest grows with the number of files (about 200 bytes each).
        if (entry.size > SMALL_ENTRY_LIMIT && entry.header.name !== MANIFEST_ENTRY) throw new BackupArchiveError(`${entry.header.name} is too large: the backup is damaged`);
        kept.push(Buffer.from(event.chunk));
      }
    } else {
      const entry = current!;
      current = null;
      if (entry.handle !== null) {
        await entry.handle.close();
        extracted.set(dataPath(entry.header.name)!, { size: entry.size, sha256: entry.hash.digest('hex') });
      }
      const name = entry.header.name;
      if (name === HEADER_ENTRY) {
        const header = parseBackupHeader(Buffer.concat(small.get(name)!).toString('utf8'));
        found.header = header;
        if (header.postgres.major !== serverMajor) {
          throw new RestoreRefusedError(
            `This backup was made by PostgreSQL ${header.postgres.major}; this build ships PostgreSQL ${serverMajor}, and a physical backup ` +
              `restores only on the same major version: restore it with the Shelfwatch version that made it, then carry the data over with ${commandFor('export')} there and ${commandFor('import')} here (see ${MAJOR_VERSION_DOC})`,
          );
        }
        say(`Restoring the backup "${header.label}" (PostgreSQL ${header.postgres.major}, taken ${header.createdAt}) into ${options.clusterDir} ...`);
      } else if (name === TRAILER_ENTRY) {
        found.trailer = parseBackupTrailer(Buffer.concat(small.get(name)!).toString('utf8'));
      }
    }
  };

  try {
    await readGzipTar(options.file, onEvent, {
      signal: options.signal,
      onBytesRead: (bytes) => {
        read += bytes;
        report.maybe();
      },
    });
    const { header, trailer: done } = found;
    if (header === null) throw new BackupArchiveError('This file is not a Shelfwatch backup (its backup command makes them)');
    if (done === null) throw new BackupArchiveError('The backup is incomplete (it has no end marker): it was cut short or is damaged');
    const manifestText = small.get(MANIFEST_ENTRY);
    if (manifestText === undefined) throw new BackupArchiveError('The backup has no backup_manifest: it is damaged');
    const manifest = parseBackupManifest(Buffer.concat(manifestText).toString('utf8'));
    const problems = compareWithManifest(manifest, extracted);
    if (problems.length > 0) throw new BackupArchiveError(`The backup does not match its manifest: ${problems.join('; ')}`);
    const dataBytes = [...extracted.values()].reduce((sum, file) => sum + file.size, 0);
    if (dataEntries !== done.dataEntries || dataBytes !== done.dataBytes) {
      throw new BackupArchiveError(
        `The backup does not match its end marker (${dataEntries} entries and ${dataBytes} bytes of data, ${done.dataEntries} and ${done.dataBytes} expected): it is damaged`,
      );
    }
    const owner = await clusterOwner();
    if (owner !== null) await chownTree(options.clusterDir, owner);
    const secrets = options.secretsFile === null ? { kind: 'none' as const } : await restoreSecrets(options.secretsFile, small.get(SECRETS_ENTRY));
    report.stop();
    say(`Restore done: ${formatBytes(dataBytes)} in ${extracted.size} files, checked against the backup manifest, in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    return { header, trailer: done, files: extracted.size, bytes: dataBytes, secrets, durationMs: Date.now() - started };
  } catch (error) {
    report.stop();
    const pending = current as { handle: FileHandle | null } | null;
    await pending?.handle?.close().catch(() => undefined);
    // The folder was absent or empty: whatever is in it now is this restore's.
    if (targetReady) await removeRestored(options.clusterDir, createdFolder);
    throw inWords(error, options.file);
  }
}

/**
 * zlib's own words for a cut or corrupt file ("unexpected end of file", "incorrect header check") say neither what
 * is wrong with the backup nor what to do: one line that says both.
 */
function inWords(error: unknown, file: string): unknown {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (code === 'Z_BUF_ERROR') {
    return new BackupArchiveError(
      `${file} is cut short: it ends in the middle of the archive (an incomplete copy or download; zlib: ${String(message)}). ` +
        'Nothing was restored: copy the backup again from where it was made (its size must match), or restore another backup.',
    );
  }
  const damage = code === 'Z_DATA_ERROR' ? `its compressed data does not check out (zlib: ${String(message)})` : error instanceof TarFormatError || error instanceof ManifestError ? `its archive is unreadable (${String(message)})` : null;
  if (damage !== null) {
    return new BackupArchiveError(`${file} is damaged: ${damage}. Nothing was restored: use another copy of this backup, or another backup.`);
  }
  return error;
}

async function removeRestored(clusterDir: string, createdFolder: boolean): Promise<void> {
  if (createdFolder) {
    await rm(clusterDir, { recursive: true, force: true });
    return;
  }
  for (const entry of await readdir(clusterDir)) await rm(path.join(clusterDir, entry), { recursive: true, force: true });
}

/** The backup's secrets become the data folder's: the restored cluster knows the backup's postgres password. */
export async function restoreSecrets(file: string, content: Buffer[] | undefined): Promise<SecretsOutcome> {
  if (content === undefined) return { kind: 'none' };
  const text = Buffer.concat(content).toString('utf8');
  const wanted = JSON.stringify(JSON.parse(text));
  if (existsSync(file)) {
    const present = await readFile(file, 'utf8');
    let same = false;
    try {
      same = JSON.stringify(JSON.parse(present)) === wanted;
    } catch {
      // Unreadable: replaced, and kept aside.
    }
    if (same) return { kind: 'unchanged' };
    const previousKeptAs = `${file}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    await rename(file, previousKeptAs);
    await writeSecrets(file, text);
    return { kind: 'replaced', previousKeptAs };
  }
  await writeSecrets(file, text);
  return { kind: 'written' };
}

async function writeSecrets(file: string, text: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, text, { mode: 0o600 });
  await chmod(file, 0o600);
}

/** The pid in postmaster.pid when that process is alive, else null (a stale file of a crashed server). */
async function runningPostmaster(clusterDir: string): Promise<number | null> {
  let text: string;
  try {
    text = await readFile(path.join(clusterDir, 'postmaster.pid'), 'utf8');
  } catch {
    return null;
  }
  const pid = Number(text.split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}

/** As root the server runs as the `postgres` user, which must own its folder; null when not root (the folder is ours). */
async function clusterOwner(): Promise<{ uid: number; gid: number } | null> {
  return process.getuid?.() === 0 ? postgresUser() : null;
}

async function chownTree(folder: string, owner: { uid: number; gid: number }): Promise<void> {
  await chown(folder, owner.uid, owner.gid);
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) await chownTree(full, owner);
    else if (!(await lstat(full)).isSymbolicLink()) await chown(full, owner.uid, owner.gid);
  }
}
