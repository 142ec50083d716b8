import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { BackupArchiveWriter } from './backup-archive.js';
import {
  EXPORT_FORMAT,
  EXPORT_FORMAT_VERSION,
  EXPORT_HEADER_ENTRY,
  EXPORT_SECRETS_ENTRY,
  EXPORT_TRAILER_ENTRY,
  type ExportHeader,
  type ExportTrailer,
  tableEntryName,
} from './logical-archive.js';
import { appliedMigrations, columnList, ownedSequences, PLAIN_TABLE_NAME, PORTABLE_SETTINGS, quoteIdent, tableShapes } from './logical-schema.js';
import { formatBytes, progressReporter } from './progress.js';

/**
 * `npm run export`: every row of Shelfwatch's tables as one consistent snapshot, in PostgreSQL's COPY text format —
 * which every major version reads back — with what the import needs to recreate the schema first (the migrations
 * applied). The physical backup is faster and exact but opens only on its own major version; this is the way across.
 *
 * One REPEATABLE READ READ ONLY transaction reads everything: the header's row counts, the rows and the sequences all
 * see the same snapshot, while the service goes on writing (it waits for nothing: readers do not block writers).
 */

export interface ExportOptions {
  /** The database's URL; the embedded cluster's superuser. */
  url: string;
  file: string;
  /** The data folder's secrets, carried so that the imported data keeps its sign-in secret and password. */
  secrets: unknown;
  onProgress?: (line: string) => void;
  signal?: AbortSignal;
  compressionLevel?: number;
  progressEveryMs?: number;
  /** Bytes of rows per archive entry (the import holds one entry in memory). */
  chunkBytes?: number;
}

export interface ExportResult {
  file: string;
  header: ExportHeader;
  trailer: ExportTrailer;
  fileBytes: number;
  durationMs: number;
}

/** The export cannot be made: one line saying why. */
export class ExportRefusedError extends Error {}

const DEFAULT_CHUNK_BYTES = 4 * 1024 * 1024;
const NEWLINE = 0x0a;

export async function takeExport(options: ExportOptions): Promise<ExportResult> {
  if (existsSync(options.file)) throw new ExportRefusedError(`${options.file} exists; an export never overwrites a file: choose another name`);
  const started = Date.now();
  const say = options.onProgress ?? (() => undefined);
  const chunkBytes = options.chunkBytes ?? DEFAULT_CHUNK_BYTES;
  const client = new pg.Client({ connectionString: options.url });
  await client.connect();
  let writer: BackupArchiveWriter | null = null;
  try {
    await client.query('begin isolation level repeatable read, read only');
    for (const setting of PORTABLE_SETTINGS) await client.query(setting);
    const header = await readHeader(client);
    const totalRows = header.tables.reduce((sum, table) => sum + table.rows, 0);
    await mkdir(path.dirname(path.resolve(options.file)), { recursive: true });
    writer = new BackupArchiveWriter(options.file, options.compressionLevel);
    const archive = writer;
    say(
      `Exporting ${header.tables.length} tables (${totalRows} rows, PostgreSQL ${header.postgres.major}, ` +
        `${header.migrations.length} migrations applied) to ${options.file} ...`,
    );
    await archive.addJson(EXPORT_HEADER_ENTRY, header);
    await archive.addFile(EXPORT_SECRETS_ENTRY, `${JSON.stringify(options.secrets, null, 2)}\n`);

    let rowsDone = 0;
    let dataEntries = 0;
    let dataBytes = 0;
    let currentTable = '';
    const report = progressReporter(options.progressEveryMs ?? 2_000, () =>
      say(`Export: ${rowsDone} of ${totalRows} rows (${currentTable}), ${formatBytes(archive.bytesWritten)} written to ${options.file}`),
    );
    try {
      for (const table of header.tables) {
        currentTable = table.name;
        let rows = 0;
        let index = 0;
        const flush = async (bytes: Buffer): Promise<void> => {
          index += 1;
          await archive.addFile(tableEntryName(table.name, index), bytes, 0o600);
          dataEntries += 1;
          dataBytes += bytes.length;
        };
        let pending: Buffer[] = [];
        let pendingBytes = 0;
        const stream = client.query(copyTo(`copy ${quoteIdent(table.name)} (${columnList(table.columns)}) to stdout`));
        for await (const chunk of stream as AsyncIterable<Buffer>) {
          options.signal?.throwIfAborted();
          const newRows = countByte(chunk, NEWLINE);
          rows += newRows;
          rowsDone += newRows;
          pending.push(chunk);
          pendingBytes += chunk.length;
          // Whole rows only, about chunkBytes an entry however the server's data arrives: an entry ends at the last row
          // end within chunkBytes (or, for a row longer than that, at its own end).
          while (pendingBytes >= chunkBytes) {
            const joined = pending.length === 1 ? pending[0]! : Buffer.concat(pending);
            let end = joined.lastIndexOf(NEWLINE, chunkBytes - 1) + 1;
            if (end === 0) end = joined.indexOf(NEWLINE, chunkBytes) + 1;
            if (end === 0) {
              pending = [joined];
              break;
            }
            await flush(joined.subarray(0, end));
            pending = end < joined.length ? [joined.subarray(end)] : [];
            pendingBytes = joined.length - end;
          }
          report.maybe();
        }
        if (pendingBytes > 0) await flush(Buffer.concat(pending));
        // COPY's text format ends every row with a newline and escapes those inside values.
        if (rows !== table.rows) throw new Error(`${table.name}: ${rows} rows read, ${table.rows} counted in the same snapshot`);
      }
      const trailer: ExportTrailer = { completedAt: new Date().toISOString(), dataEntries, dataBytes, rows: rowsDone };
      await archive.addJson(EXPORT_TRAILER_ENTRY, trailer);
      await archive.finish();
      report.stop();
      await client.query('commit');
      const result: ExportResult = { file: options.file, header, trailer, fileBytes: archive.bytesWritten, durationMs: Date.now() - started };
      say(
        `Export done: ${options.file} (${formatBytes(result.fileBytes)}; ${result.trailer.rows} rows of ${header.tables.length} tables, ` +
          `${formatBytes(dataBytes)} uncompressed) in ${(result.durationMs / 1000).toFixed(1)} s.`,
      );
      return result;
    } finally {
      report.stop();
    }
  } catch (error) {
    await writer?.abort();
    throw error;
  } finally {
    // Ends the read-only transaction if it is still open (an error): nothing to undo.
    await client.end().catch(() => undefined);
  }
}

async function readHeader(client: pg.Client): Promise<ExportHeader> {
  const migrations = await appliedMigrations(client);
  if (migrations === null || migrations.length === 0) {
    throw new ExportRefusedError('This database holds no Shelfwatch data yet (no migrations applied): start Shelfwatch on it once, or there is nothing to export');
  }
  const { rows: versionRows } = await client.query<{ num: string; version: string }>(
    `select current_setting('server_version_num') as num, current_setting('server_version') as version`,
  );
  const versionNum = Number(versionRows[0]!.num);
  const shapes = await tableShapes(client);
  const odd = shapes.find((table) => !PLAIN_TABLE_NAME.test(table.name));
  if (odd !== undefined) throw new ExportRefusedError(`The table ${JSON.stringify(odd.name)} is not one of Shelfwatch's (its name is not a plain lower-case name): remove or rename it first`);
  const tables: ExportHeader['tables'] = [];
  for (const shape of shapes) {
    const { rows } = await client.query<{ count: string }>(`select count(*) as count from ${quoteIdent(shape.name)}`);
    tables.push({ ...shape, rows: Number(rows[0]!.count) });
  }
  const sequences = (await ownedSequences(client)).map(({ table, column, lastValue }) => ({ table, column, lastValue }));
  return {
    format: EXPORT_FORMAT,
    formatVersion: EXPORT_FORMAT_VERSION,
    createdAt: new Date().toISOString(),
    postgres: { major: Math.floor(versionNum / 10000), versionNum, version: versionRows[0]!.version },
    migrations,
    tables,
    sequences,
  };
}

function countByte(chunk: Buffer, byte: number): number {
  let count = 0;
  for (let at = chunk.indexOf(byte); at >= 0; at = chunk.indexOf(byte, at + 1)) count += 1;
  return count;
}
