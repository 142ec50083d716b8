import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { z } from 'zod';
import { encodeTarHeader, TAR_END, type TarHeader, tarPadding } from './tar.js';

/**
 * The backup file: one gzip-compressed tar archive, readable with `tar -xzf`, holding in this order
 *   shelfwatch-backup.json       ours: format, label, date, PostgreSQL version, system identifier, start position
 *   secrets.json                 the data folder's secrets (the postgres password the cluster knows, the JWT secret)
 *   pgdata/…                     PostgreSQL's base backup of the data folder, WAL included (pg_wal/…), as the server
 *                                sent it, one tar entry for one entry
 *   pgdata/backup_manifest       PostgreSQL's manifest: every file with its size and SHA-256
 *   shelfwatch-backup-end.json   ours: end position, byte and file counts; a backup without it is incomplete
 * gzip's own CRC covers the whole file, the manifest every file of the data folder.
 */

export const HEADER_ENTRY = 'shelfwatch-backup.json';
export const SECRETS_ENTRY = 'secrets.json';
export const DATA_PREFIX = 'pgdata/';
export const MANIFEST_ENTRY = `${DATA_PREFIX}backup_manifest`;
export const TRAILER_ENTRY = 'shelfwatch-backup-end.json';

export const FORMAT = 'shelfwatch-backup';
export const FORMAT_VERSION = 1;

const headerSchema = z.object({
  format: z.literal(FORMAT),
  formatVersion: z.number().int(),
  label: z.string(),
  createdAt: z.string(),
  postgres: z.object({ major: z.number(), versionNum: z.number().int() }),
  systemIdentifier: z.string(),
  timeline: z.number().int(),
  startLsn: z.string(),
});
export type BackupHeader = z.infer<typeof headerSchema>;

const trailerSchema = z.object({
  endLsn: z.string(),
  timeline: z.number().int(),
  completedAt: z.string(),
  /** Entries and content bytes under pgdata/, the manifest included. */
  dataEntries: z.number().int(),
  dataBytes: z.number().int(),
});
export type BackupTrailer = z.infer<typeof trailerSchema>;

export class BackupArchiveError extends Error {}

export function parseBackupHeader(text: string): BackupHeader {
  const json = parseJson(text, HEADER_ENTRY);
  if (typeof json === 'object' && json !== null && (json as { format?: unknown }).format !== FORMAT) {
    throw new BackupArchiveError('This file is not a Shelfwatch backup (its backup command makes them)');
  }
  const parsed = headerSchema.safeParse(json);
  if (!parsed.success) throw new BackupArchiveError(`${HEADER_ENTRY} is damaged: ${parsed.error.issues[0]?.message ?? 'unexpected shape'}`);
  if (parsed.data.formatVersion > FORMAT_VERSION) {
    throw new BackupArchiveError(`This backup has format ${parsed.data.formatVersion}; this Shelfwatch version reads format ${FORMAT_VERSION}: restore it with a newer version`);
  }
  return parsed.data;
}

export function parseBackupTrailer(text: string): BackupTrailer {
  const parsed = trailerSchema.safeParse(parseJson(text, TRAILER_ENTRY));
  if (!parsed.success) throw new BackupArchiveError(`${TRAILER_ENTRY} is damaged: ${parsed.error.issues[0]?.message ?? 'unexpected shape'}`);
  return parsed.data;
}

/**
 * The relative path inside the data folder of an entry under pgdata/, refusing anything that could land outside it
 * (absolute paths, `..`, empty segments). null for an entry outside pgdata/.
 */
export function dataPath(entryName: string): string | null {
  if (!entryName.startsWith(DATA_PREFIX)) return null;
  const relative = entryName.slice(DATA_PREFIX.length);
  const segments = relative.split('/');
  if (relative === '' || segments.some((segment) => segment === '' || segment === '.' || segment === '..' || segment.includes('\\'))) {
    throw new BackupArchiveError(`The backup holds an entry with an unsafe name: ${JSON.stringify(entryName)}`);
  }
  return relative;
}

function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new BackupArchiveError(`${what} is not JSON: the file is damaged or not a Shelfwatch backup`);
  }
}

/**
 * Writes the archive to `<file>.partial`, compressed on the fly; finish() makes it durable (fsync) and renames it to
 * its name, so a file under the name asked for is always a complete backup. abort() removes the partial file.
 */
export class BackupArchiveWriter {
  private readonly gzip;
  private readonly output;
  private readonly done: Promise<void>;
  private readonly partial: string;
  private entryBytes = 0;

  constructor(
    private readonly file: string,
    level = 3,
  ) {
    this.partial = `${file}.partial`;
    this.gzip = createGzip({ level });
    // The backup holds every user's data and the data folder's secrets: readable by its owner only.
    this.output = createWriteStream(this.partial, { mode: 0o600 });
    this.done = pipeline(this.gzip, this.output);
    this.done.catch(() => undefined);
  }

  /** Compressed bytes written to the file so far. */
  get bytesWritten(): number {
    return this.output.bytesWritten;
  }

  async addFile(name: string, content: Buffer | string, mode = 0o600): Promise<void> {
    const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
    await this.beginEntry({ name, type: 'file', mode, size: bytes.length, mtime: Date.now() / 1000 });
    await this.write(bytes);
    await this.endEntry();
  }

  async addJson(name: string, value: unknown): Promise<void> {
    await this.addFile(name, `${JSON.stringify(value, null, 2)}\n`, 0o644);
  }

  async beginEntry(header: Partial<TarHeader> & Pick<TarHeader, 'name' | 'type'>): Promise<void> {
    this.entryBytes = header.type === 'file' ? (header.size ?? 0) : 0;
    await this.write(encodeTarHeader(header));
  }

  async write(chunk: Buffer): Promise<void> {
    if (!this.gzip.write(chunk)) await Promise.race([once(this.gzip, 'drain'), this.done.then(() => Promise.reject(new Error('the archive was closed')))]);
  }

  /** Pads the current entry's content to a whole block. */
  async endEntry(): Promise<void> {
    const padding = tarPadding(this.entryBytes);
    if (padding.length > 0) await this.write(padding);
  }

  async finish(): Promise<void> {
    this.gzip.end(TAR_END);
    await this.done;
    const handle = await open(this.partial, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(this.partial, this.file);
    await syncFolder(path.dirname(this.file));
  }

  async abort(): Promise<void> {
    this.gzip.destroy();
    await this.done.catch(() => undefined);
    await rm(this.partial, { force: true });
  }
}

/** Makes a rename durable; some systems cannot open a folder for fsync, which then is skipped. */
async function syncFolder(folder: string): Promise<void> {
  try {
    const handle = await open(folder, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Best effort.
  }
}
