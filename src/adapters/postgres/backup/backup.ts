import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { streamBaseBackup, type BaseBackupStart } from './base-backup.js';
import {
  BackupArchiveError,
  BackupArchiveWriter,
  type BackupHeader,
  type BackupTrailer,
  DATA_PREFIX,
  dataPath,
  FORMAT,
  FORMAT_VERSION,
  HEADER_ENTRY,
  MANIFEST_ENTRY,
  SECRETS_ENTRY,
  TRAILER_ENTRY,
} from './backup-archive.js';
import { parseBackupManifest } from './backup-manifest.js';
import { formatBytes, progressReporter } from './progress.js';
import { TarReader } from './tar.js';

/**
 * `npm run backup`: a physical backup of the running cluster through PostgreSQL's base-backup API (BASE_BACKUP on a
 * replication connection, see base-backup.ts), not a copy of our own tables.
 *
 * Why BASE_BACKUP rather than the low-level API (pg_backup_start, copy the folder, pg_backup_stop): the server reads
 * its own files, leaves out what must not be restored (postmaster.pid, temporary files, replication slots), writes
 * backup_label, verifies page checksums, lists every file with its SHA-256 in a manifest, and includes the WAL from
 * the backup's start to its end — the same machinery as pg_basebackup, so the result is a standard base backup.
 * The low-level API would have this process walk and copy a folder the server may be writing, and collect the WAL
 * itself, in a folder that (as root) belongs to another user.
 *
 * Consistent while the service runs: the backup is what a crash at its end position would have left, with every
 * WAL record needed to replay up to there. The restored cluster replays it on its first start; it then holds every
 * transaction committed before the backup started, and those committed during the backup up to its end position.
 */

export interface BackupOptions {
  /** The cluster's URL (a superuser or a role with REPLICATION; pg_hba must allow the replication connection). */
  url: string;
  file: string;
  /** The data folder's secrets, kept in the backup so that a restore into a new folder works with it. */
  secrets: unknown;
  label?: string;
  onProgress?: (line: string) => void;
  signal?: AbortSignal;
  /** gzip level, 1 (fastest) to 9 (smallest). */
  compressionLevel?: number;
  /** Milliseconds between progress lines. */
  progressEveryMs?: number;
}

export interface BackupResult {
  file: string;
  header: BackupHeader;
  trailer: BackupTrailer;
  /** Size of the backup file. */
  fileBytes: number;
  durationMs: number;
}

export class BackupRefusedError extends Error {}

export async function takeBackup(options: BackupOptions): Promise<BackupResult> {
  if (existsSync(options.file)) throw new BackupRefusedError(`${options.file} exists; a backup never overwrites a file: choose another name`);
  const started = Date.now();
  const say = options.onProgress ?? (() => undefined);
  const createdAt = new Date();
  const label = options.label ?? `shelfwatch ${createdAt.toISOString()}`;
  await mkdir(path.dirname(path.resolve(options.file)), { recursive: true });
  const writer = new BackupArchiveWriter(options.file, options.compressionLevel);
  let header: BackupHeader | null = null;
  let tar: TarReader | null = null;
  const manifest: Buffer[] = [];
  let dataEntries = 0;
  let dataBytes = 0;
  let estimate: number | null = null;
  let result: BackupResult | null = null;
  const report = progressReporter(options.progressEveryMs ?? 2_000, () => {
    const of = estimate === null ? '' : ` of about ${formatBytes(estimate)} (${Math.min(99, Math.floor((100 * dataBytes) / Math.max(estimate, 1)))}%)`;
    say(`Backup: ${formatBytes(dataBytes)}${of} read from PostgreSQL, ${formatBytes(writer.bytesWritten)} written to ${options.file}`);
  });
  try {
    for await (const event of streamBaseBackup(options.url, { label, signal: options.signal })) {
      switch (event.kind) {
        case 'start': {
          header = backupHeader(event, label, createdAt);
          const tablespaces = event.tablespaces.filter((space) => space.location !== null);
          if (tablespaces.length > 0) {
            throw new BackupRefusedError(`The cluster has tablespaces outside its data folder (${tablespaces.map((space) => space.location).join(', ')}); the backup does not handle them`);
          }
          estimate = event.tablespaces.reduce((sum, space) => sum + (space.estimatedBytes ?? 0), 0) || null;
          say(`Backing up PostgreSQL ${header.postgres.major} from ${header.startLsn} (about ${estimate === null ? '?' : formatBytes(estimate)} plus WAL) to ${options.file} ...`);
          await writer.addJson(HEADER_ENTRY, header);
          await writer.addFile(SECRETS_ENTRY, `${JSON.stringify(options.secrets, null, 2)}\n`);
          break;
        }
        case 'archive':
          if (tar !== null || event.location !== '') throw new BackupArchiveError(`Unexpected second archive ${event.name} (${event.location}) in the base backup`);
          tar = new TarReader();
          break;
        case 'data':
          if (tar === null) throw new BackupArchiveError('The base backup sent data before its archive');
          for (const part of tar.write(event.chunk)) {
            if (part.kind === 'entry') {
              // The server names a few entries "./pg_wal/…".
              const name = `${DATA_PREFIX}${part.header.name.split('/').filter((segment) => segment !== '.').join('/')}`;
              dataPath(name);
              if (part.header.type === 'symlink') throw new BackupRefusedError(`The data folder holds a symbolic link (${part.header.name}); the backup does not handle them`);
              await writer.beginEntry({ ...part.header, name });
              dataEntries += 1;
            } else if (part.kind === 'data') {
              await writer.write(part.chunk);
              dataBytes += part.chunk.length;
            } else {
              await writer.endEntry();
            }
          }
          report.maybe();
          break;
        case 'manifest':
          manifest.push(event.chunk);
          break;
        case 'progress':
          report.maybe();
          break;
        case 'end': {
          if (header === null || tar === null) throw new BackupArchiveError('The base backup ended before it began');
          tar.end();
          const text = Buffer.concat(manifest);
          // PostgreSQL's checksum of its manifest: checked now, so a bad one fails the backup, not the restore.
          parseBackupManifest(text.toString('utf8'));
          await writer.addFile(MANIFEST_ENTRY, text);
          const trailer: BackupTrailer = {
            endLsn: event.endLsn,
            timeline: event.timeline,
            completedAt: new Date().toISOString(),
            dataEntries: dataEntries + 1,
            dataBytes: dataBytes + text.length,
          };
          await writer.addJson(TRAILER_ENTRY, trailer);
          await writer.finish();
          report.stop();
          result = { file: options.file, header, trailer, fileBytes: writer.bytesWritten, durationMs: Date.now() - started };
          break;
        }
      }
    }
    // The loop ran to its end (not left at the end event): the replication connection closed politely.
    if (result === null) throw new BackupArchiveError('The base backup stream ended without its end position');
    say(
      `Backup done: ${options.file} (${formatBytes(result.fileBytes)}; ${formatBytes(result.trailer.dataBytes)} of data in ` +
        `${result.trailer.dataEntries} entries, consistent as of ${result.trailer.endLsn}) in ${(result.durationMs / 1000).toFixed(1)} s.`,
    );
    return result;
  } catch (error) {
    report.stop();
    await writer.abort();
    throw error;
  }
}

function backupHeader(start: BaseBackupStart, label: string, createdAt: Date): BackupHeader {
  return {
    format: FORMAT,
    formatVersion: FORMAT_VERSION,
    label,
    createdAt: createdAt.toISOString(),
    postgres: { major: Math.floor(start.serverVersionNum / 10000), versionNum: start.serverVersionNum },
    systemIdentifier: start.systemIdentifier,
    timeline: start.timeline,
    startLsn: start.startLsn,
  };
}
