import { createReadStream, existsSync } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { createGunzip } from 'node:zlib';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { commandFor } from '../../kits/console/operator-commands.js';
import { migrate } from '../database.js';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../embedded-postgres.js';
import { HEADER_ENTRY as BACKUP_HEADER_ENTRY } from './backup-archive.js';
import {
  EXPORT_HEADER_ENTRY,
  EXPORT_SECRETS_ENTRY,
  EXPORT_TRAILER_ENTRY,
  ExportArchiveError,
  exportDamageInWords,
  type ExportedTable,
  type ExportHeader,
  type ExportTrailer,
  notAnExport,
  parseExportHeader,
  parseExportTrailer,
  tableOfEntry,
} from './logical-archive.js';
import { knownMigrations, lastMigration, migrateUpTo, migrationsProblem } from './logical-migrations.js';
import { appliedMigrations, columnList, ownedSequences, PORTABLE_SETTINGS, quoteIdent, tableShapes } from './logical-schema.js';
import { shippedMajor } from './major-version.js';
import { formatBytes, progressReporter } from './progress.js';
import { checkRestoreTarget, restoreSecrets, RestoreRefusedError, type SecretsOutcome } from './restore.js';
import { readGzipTar } from './gzip-tar-reading.js';
import { type TarEvent, type TarHeader, TarReader } from './tar.js';

/**
 * `npm run import`: loads an export (logical-export.ts) into a new embedded cluster of the PostgreSQL this build
 * ships, whatever major version made the export. Into a cluster folder that is absent or empty only (the restore's
 * rules), and nothing is left behind when it fails:
 *  1. the header is read first: an export of a newer Shelfwatch (a migration this version does not know) is refused
 *     before anything is created;
 *  2. the cluster is created with the export's postgres password, and this version's migrations run up to exactly the
 *     export's last one: the tables are then as they were when the export was made;
 *  3. in one transaction, as the superuser, with `session_replication_role = replica` (no triggers, no foreign-key
 *     checks: the rows come from one consistent snapshot, and the trigger-maintained summaries are in the export),
 *     every table is emptied (migrations seed some) and loaded with COPY, the row counts are checked against the
 *     header, and every identity sequence is set past its column's largest value;
 *  4. this version's later migrations run on the loaded data, as on an upgrade in place.
 */

export interface ImportOptions {
  file: string;
  /** The cluster folder to create (the service's DATA_DIR/pg). */
  clusterDir: string;
  /** The port the embedded PostgreSQL listens on while the import runs. */
  port: number;
  /** The data folder's secrets file (DATA_DIR/secrets.json), given the export's; null leaves secrets alone. */
  secretsFile: string | null;
  onProgress?: (line: string) => void;
  signal?: AbortSignal;
  progressEveryMs?: number;
}

export interface ImportResult {
  header: ExportHeader;
  trailer: ExportTrailer;
  /** Migrations run before the load (the export's) and after it (this version's newer ones). */
  migrationsBefore: string[];
  migrationsAfter: string[];
  rows: number;
  secrets: SecretsOutcome;
  durationMs: number;
}

/** The import cannot start: one line saying why and what to do. */
export class ImportRefusedError extends Error {}

/** The export writes entries of about 4 MiB; a far larger one is a damaged size field, not rows to hold in memory. */
const MAX_ENTRY_BYTES = 512 * 1024 * 1024;

export async function importExport(options: ImportOptions): Promise<ImportResult> {
  const started = Date.now();
  const say = options.onProgress ?? (() => undefined);
  await checkRestoreTarget(options.clusterDir).catch((error: unknown) => {
    // The restore's rules, in the import's words.
    throw error instanceof RestoreRefusedError ? new ImportRefusedError(error.message.replace(/\ba restore\b/g, 'an import')) : error;
  });
  const fileSize = (await stat(options.file)).size;
  const { header, secrets } = await readPreamble(options.file).catch((error: unknown) => {
    throw exportDamageInWords(error, options.file);
  });
  const known = knownMigrations();
  const problem = migrationsProblem(header.migrations, known);
  if (problem !== null) throw new ImportRefusedError(problem);
  const password = (secrets.json as { postgresPassword?: unknown } | null)?.postgresPassword;
  if (typeof password !== 'string' || password === '') throw new ExportArchiveError(`The export's ${EXPORT_SECRETS_ENTRY} has no postgres password: the file is damaged`);
  const last = lastMigration(header.migrations, known);
  const totalRows = header.tables.reduce((sum, table) => sum + table.rows, 0);
  const ships = await shippedMajor();
  say(
    `Importing the export of ${header.createdAt} (PostgreSQL ${header.postgres.major}, ${header.migrations.length} migrations, ` +
      `${header.tables.length} tables, ${totalRows} rows) into a new PostgreSQL ${ships} cluster in ${options.clusterDir} ...`,
  );

  const createdFolder = !existsSync(options.clusterDir);
  let database: EmbeddedDatabase | null = null;
  let client: pg.Client | null = null;
  try {
    database = await startEmbeddedPostgres({ clusterDir: options.clusterDir, port: options.port, password, database: 'shelfwatch', onProgress: say });
    options.signal?.throwIfAborted();
    const migrationsBefore = await migrateUpTo(database.url, last);
    say(`Schema as of the export: ${migrationsBefore.length} migrations, up to ${last}.`);
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await checkSchema(client, header);
    options.signal?.throwIfAborted();

    await client.query('begin');
    for (const setting of PORTABLE_SETTINGS) await client.query(setting);
    // Superuser only (the embedded cluster's postgres): triggers and foreign-key checks off for this transaction.
    await client.query('set local session_replication_role = replica');
    const present = await tableShapes(client);
    if (present.length > 0) await client.query(`truncate ${present.map((table) => quoteIdent(table.name)).join(', ')}`);
    const { trailer, loaded } = await loadRows(client, header, options, fileSize, totalRows);
    await checkCounts(client, header, loaded);
    await setSequences(client, header);
    await client.query('commit');
    await client.query('analyze');
    await client.end();
    client = null;

    options.signal?.throwIfAborted();
    const migrationsAfter = await migrate(database.url);
    options.signal?.throwIfAborted();
    if (migrationsAfter.length > 0) say(`Applied this version's ${migrationsAfter.length} newer migrations to the imported data (${migrationsAfter.join(', ')}).`);
    await database.stop();
    database = null;
    const secretsOutcome = options.secretsFile === null ? { kind: 'none' as const } : await restoreSecrets(options.secretsFile, [secrets.bytes]);
    const durationMs = Date.now() - started;
    say(`Import done: ${trailer.rows} rows in ${header.tables.length} tables, checked against the export's counts, in ${(durationMs / 1000).toFixed(1)} s.`);
    return { header, trailer, migrationsBefore, migrationsAfter, rows: trailer.rows, secrets: secretsOutcome, durationMs };
  } catch (error) {
    await client?.end().catch(() => undefined);
    await database?.stop().catch(() => undefined);
    await removeImported(options.clusterDir, createdFolder);
    throw exportDamageInWords(options.signal?.aborted ? options.signal.reason : error, options.file);
  }
}

/** The first two entries: the header and the secrets. Reads no further. */
async function readPreamble(file: string): Promise<{ header: ExportHeader; secrets: { bytes: Buffer; json: unknown } }> {
  const input = createReadStream(file);
  const gunzip = createGunzip();
  input.on('error', (error) => gunzip.destroy(error));
  input.pipe(gunzip);
  const tar = new TarReader();
  const contents = new Map<string, Buffer[]>();
  let current: TarHeader | null = null;
  let header: ExportHeader | null = null;
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      for (const event of tar.write(chunk)) {
        if (event.kind === 'entry') {
          current = event.header;
          const expected = header === null ? EXPORT_HEADER_ENTRY : EXPORT_SECRETS_ENTRY;
          if (current.name !== expected) {
            if (current.name === BACKUP_HEADER_ENTRY) {
              throw new ExportArchiveError(`This file is a Shelfwatch backup, not an export: restore it with ${commandFor('restore')} (on the PostgreSQL major version that made it)`);
            }
            throw new ExportArchiveError(header === null ? notAnExport() : `The export has ${current.name} where ${EXPORT_SECRETS_ENTRY} belongs: it is damaged`);
          }
          if (current.size > 1024 * 1024 * 64) throw new ExportArchiveError(`${current.name} is too large: the export is damaged`);
          contents.set(current.name, []);
        } else if (event.kind === 'data') {
          contents.get(current!.name)!.push(Buffer.from(event.chunk));
        } else if (event.header.name === EXPORT_HEADER_ENTRY) {
          header = parseExportHeader(Buffer.concat(contents.get(EXPORT_HEADER_ENTRY)!).toString('utf8'));
        } else {
          const bytes = Buffer.concat(contents.get(EXPORT_SECRETS_ENTRY)!);
          let json: unknown;
          try {
            json = JSON.parse(bytes.toString('utf8'));
          } catch {
            throw new ExportArchiveError(`The export's ${EXPORT_SECRETS_ENTRY} is not JSON: the file is damaged`);
          }
          return { header: header!, secrets: { bytes, json } };
        }
      }
    }
    tar.end();
    throw new ExportArchiveError(header === null ? notAnExport() : `The export ends after its header: it is cut short or damaged`);
  } finally {
    input.destroy();
    gunzip.destroy();
  }
}

/** The migrations recreated the export's tables: each with at least the export's columns. */
async function checkSchema(client: pg.Client, header: ExportHeader): Promise<void> {
  const applied = (await appliedMigrations(client)) ?? [];
  const missing = header.migrations.filter((name) => !applied.includes(name));
  if (missing.length > 0) throw new Error(`The migrations up to the export's last did not apply ${missing.join(', ')}`);
  const shapes = new Map((await tableShapes(client)).map((table) => [table.name, new Set(table.columns.map((column) => column.name))]));
  for (const table of header.tables) {
    const columns = shapes.get(table.name);
    if (columns === undefined) {
      throw new ImportRefusedError(`The export holds a table ${table.name} that Shelfwatch's migrations do not create (added by hand?): remove it from the exported database and export again`);
    }
    const extra = table.columns.filter((column) => !columns.has(column.name)).map((column) => column.name);
    if (extra.length > 0) {
      throw new ImportRefusedError(`The export's table ${table.name} has columns Shelfwatch's migrations do not create (${extra.join(', ')}; added by hand?): drop them in the exported database and export again`);
    }
  }
}

/** Streams the archive again, loading each entry of rows with one COPY; returns the trailer and the rows per table. */
async function loadRows(
  client: pg.Client,
  header: ExportHeader,
  options: ImportOptions,
  fileSize: number,
  totalRows: number,
): Promise<{ trailer: ExportTrailer; loaded: Map<string, number> }> {
  const say = options.onProgress ?? (() => undefined);
  const tables = new Map(header.tables.map((table) => [table.name, table]));
  const loaded = new Map<string, number>();
  let read = 0;
  let rows = 0;
  let dataEntries = 0;
  let dataBytes = 0;
  let trailer: ExportTrailer | null = null;
  let current: { header: TarHeader; table: string | null; parts: Buffer[] } | null = null;
  const report = progressReporter(options.progressEveryMs ?? 2_000, () =>
    say(`Import: ${formatBytes(read)} of ${formatBytes(fileSize)} read (${Math.floor((100 * read) / Math.max(fileSize, 1))}%), ${rows} of ${totalRows} rows loaded`),
  );

  const onEvent = async (event: TarEvent): Promise<void> => {
    if (event.kind === 'entry') {
      const name = event.header.name;
      if (trailer !== null) throw new ExportArchiveError(`The export has an entry after its end marker (${name}): it is damaged`);
      const table = tableOfEntry(name);
      if (table === null && ![EXPORT_HEADER_ENTRY, EXPORT_SECRETS_ENTRY, EXPORT_TRAILER_ENTRY].includes(name)) throw new ExportArchiveError(`Unexpected entry ${name} in the export`);
      if (table !== null && !tables.has(table)) throw new ExportArchiveError(`The export holds rows of ${table}, a table its header does not list: it is damaged`);
      if (event.header.type !== 'file' || event.header.size > MAX_ENTRY_BYTES) throw new ExportArchiveError(`The export's entry ${name} is not what the export writes: it is damaged`);
      current = { header: event.header, table, parts: [] };
    } else if (event.kind === 'data') {
      // Header and secrets were read before; only rows and the end marker are kept.
      if (current!.table !== null || current!.header.name === EXPORT_TRAILER_ENTRY) current!.parts.push(Buffer.from(event.chunk));
    } else {
      const entry = current!;
      current = null;
      if (entry.header.name === EXPORT_TRAILER_ENTRY) {
        trailer = parseExportTrailer(Buffer.concat(entry.parts).toString('utf8'));
      } else if (entry.table !== null) {
        const bytes = Buffer.concat(entry.parts);
        const table = tables.get(entry.table)!;
        const count = await copyIn(client, table, bytes);
        loaded.set(table.name, (loaded.get(table.name) ?? 0) + count);
        rows += count;
        dataEntries += 1;
        dataBytes += bytes.length;
        report.maybe();
      }
    }
  };

  try {
    await readGzipTar(options.file, onEvent, { signal: options.signal, onBytesRead: (bytes) => (read += bytes) });
  } finally {
    report.stop();
  }
  const done = trailer as ExportTrailer | null;
  if (done === null) throw new ExportArchiveError(`${options.file} is cut short: it has no end marker (an incomplete copy). Nothing was imported: copy the export again, or export again.`);
  if (done.dataEntries !== dataEntries || done.dataBytes !== dataBytes || done.rows !== rows) {
    throw new ExportArchiveError(
      `The export does not match its end marker (${dataEntries} entries, ${dataBytes} bytes, ${rows} rows; ${done.dataEntries}, ${done.dataBytes} and ${done.rows} expected): it is damaged`,
    );
  }
  return { trailer: done, loaded };
}

/** One entry of rows with one COPY; resolves to the rows the server loaded. */
function copyIn(client: pg.Client, table: ExportedTable, bytes: Buffer): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const stream = client.query(copyFrom(`copy ${quoteIdent(table.name)} (${columnList(table.columns)}) from stdin`));
    stream.on('error', (error: Error) => reject(new Error(`Loading ${table.name} failed: ${error.message}`)));
    // 'finish' comes after the server acknowledged the COPY.
    stream.on('finish', () => resolve(stream.rowCount));
    // One chunk: nothing waits for the socket when the server answers an error early (see log-insert.ts).
    stream.end(bytes);
  });
}

/** Each table holds exactly the rows the export counted in its snapshot. */
async function checkCounts(client: pg.Client, header: ExportHeader, loaded: ReadonlyMap<string, number>): Promise<void> {
  for (const table of header.tables) {
    const { rows } = await client.query<{ count: string }>(`select count(*) as count from ${quoteIdent(table.name)}`);
    const count = Number(rows[0]!.count);
    if (count !== table.rows || (loaded.get(table.name) ?? 0) !== table.rows) {
      throw new ExportArchiveError(`${table.name} holds ${count} rows after the load; the export counted ${table.rows}: the export is damaged`);
    }
  }
}

/**
 * Every identity sequence past both its column's largest value and the value it had in the exported database (so an
 * id of a row deleted before the export is not handed out again).
 */
async function setSequences(client: pg.Client, header: ExportHeader): Promise<void> {
  for (const sequence of await ownedSequences(client)) {
    const { rows } = await client.query<{ max: string | null }>(`select max(${quoteIdent(sequence.column)})::text as max from ${quoteIdent(sequence.table)}`);
    const exported = header.sequences.find((s) => s.table === sequence.table && s.column === sequence.column)?.lastValue ?? null;
    const candidates = [rows[0]?.max, exported].filter((value): value is string => value !== null && value !== undefined).map((value) => BigInt(value));
    const highest = candidates.reduce<bigint | null>((max, value) => (max === null || value > max ? value : max), null);
    if (highest !== null && highest >= BigInt(sequence.minValue)) {
      await client.query('select setval($1::regclass, $2::bigint, true)', [sequence.sequence, highest.toString()]);
    } else {
      await client.query('select setval($1::regclass, $2::bigint, false)', [sequence.sequence, sequence.minValue]);
    }
  }
}

async function removeImported(clusterDir: string, createdFolder: boolean): Promise<void> {
  if (createdFolder) {
    await rm(clusterDir, { recursive: true, force: true });
    return;
  }
  const entries = await readdir(clusterDir).catch(() => [] as string[]);
  for (const entry of entries) await rm(path.join(clusterDir, entry), { recursive: true, force: true });
}
