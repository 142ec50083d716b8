import { z } from 'zod';
import { commandFor } from '../../kits/console/operator-commands.js';
import { TarFormatError } from './tar.js';

/**
 * The export file (`npm run export`): a logical copy of Shelfwatch's tables that any PostgreSQL major version can
 * load, unlike the physical backup. One gzip-compressed tar archive (`tar -tzf FILE` lists it), in this order:
 *   shelfwatch-export.json        ours: format, date, PostgreSQL version, the migrations applied, every table with
 *                                 its columns and row count, every identity sequence's last value
 *   secrets.json                  the data folder's secrets (the postgres password, the JWT secret)
 *   tables/<table>/<n>.copy       the table's rows in COPY's text format, whole rows, about 4 MiB an entry; a table
 *                                 without rows has no entry
 *   shelfwatch-export-end.json    ours: entry, row and byte counts; a file without it is incomplete
 * gzip's CRC covers the whole file; the row counts of the header are checked against what is loaded.
 */

export const EXPORT_HEADER_ENTRY = 'shelfwatch-export.json';
export const EXPORT_SECRETS_ENTRY = 'secrets.json';
export const TABLES_PREFIX = 'tables/';
export const EXPORT_TRAILER_ENTRY = 'shelfwatch-export-end.json';

export const EXPORT_FORMAT = 'shelfwatch-export';
export const EXPORT_FORMAT_VERSION = 1;

const columnSchema = z.object({ name: z.string().min(1), type: z.string() });
const tableSchema = z.object({ name: z.string().min(1), columns: z.array(columnSchema).min(1), rows: z.number().int().nonnegative() });
const sequenceSchema = z.object({ table: z.string(), column: z.string(), lastValue: z.string().regex(/^-?\d+$/).nullable() });

const headerSchema = z.object({
  format: z.literal(EXPORT_FORMAT),
  formatVersion: z.number().int(),
  createdAt: z.string(),
  postgres: z.object({ major: z.number(), versionNum: z.number().int(), version: z.string() }),
  /** The names in mikro_orm_migrations, in the order they were applied. */
  migrations: z.array(z.string()).min(1),
  tables: z.array(tableSchema),
  sequences: z.array(sequenceSchema),
});
export type ExportHeader = z.infer<typeof headerSchema>;
export type ExportedTable = ExportHeader['tables'][number];

const trailerSchema = z.object({
  completedAt: z.string(),
  /** Entries under tables/ and their bytes (uncompressed). */
  dataEntries: z.number().int().nonnegative(),
  dataBytes: z.number().int().nonnegative(),
  rows: z.number().int().nonnegative(),
});
export type ExportTrailer = z.infer<typeof trailerSchema>;

/** The file is not a complete, readable export: one line saying what is wrong. */
export class ExportArchiveError extends Error {}

export function parseExportHeader(text: string): ExportHeader {
  const json = parseJson(text, EXPORT_HEADER_ENTRY);
  if (typeof json !== 'object' || json === null || (json as { format?: unknown }).format !== EXPORT_FORMAT) {
    throw new ExportArchiveError(notAnExport());
  }
  const formatVersion = (json as { formatVersion?: unknown }).formatVersion;
  if (typeof formatVersion === 'number' && formatVersion > EXPORT_FORMAT_VERSION) {
    throw new ExportArchiveError(`This export has format ${formatVersion}; this Shelfwatch version reads format ${EXPORT_FORMAT_VERSION}: import it with a newer version`);
  }
  const parsed = headerSchema.safeParse(json);
  if (!parsed.success) throw new ExportArchiveError(`${EXPORT_HEADER_ENTRY} is damaged: ${parsed.error.issues[0]?.message ?? 'unexpected shape'}`);
  return parsed.data;
}

export function parseExportTrailer(text: string): ExportTrailer {
  const parsed = trailerSchema.safeParse(parseJson(text, EXPORT_TRAILER_ENTRY));
  if (!parsed.success) throw new ExportArchiveError(`${EXPORT_TRAILER_ENTRY} is damaged: ${parsed.error.issues[0]?.message ?? 'unexpected shape'}`);
  return parsed.data;
}

/** The entry name of a table's `index`-th chunk of rows. */
export function tableEntryName(table: string, index: number): string {
  return `${TABLES_PREFIX}${table}/${String(index).padStart(6, '0')}.copy`;
}

/** The table an entry under tables/ belongs to; null for an entry outside tables/. */
export function tableOfEntry(entryName: string): string | null {
  if (!entryName.startsWith(TABLES_PREFIX)) return null;
  const match = /^([a-z_][a-z0-9_$]*)\/\d{6}\.copy$/.exec(entryName.slice(TABLES_PREFIX.length));
  if (match === null) throw new ExportArchiveError(`The export holds an entry with an unexpected name: ${JSON.stringify(entryName)}`);
  return match[1]!;
}

export function notAnExport(): string {
  return `This file is not a Shelfwatch export (${commandFor('export')} makes them)`;
}

/**
 * zlib's and the tar reader's own words for a cut or corrupt file ("unexpected end of file", "incorrect header
 * check") say neither what is wrong with the export nor what to do: one line that says both. Other errors pass.
 */
export function exportDamageInWords(error: unknown, file: string): unknown {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (code === 'Z_BUF_ERROR' || (error instanceof TarFormatError && /ends inside/.test(String(message)))) {
    return new ExportArchiveError(
      `${file} is cut short: it ends in the middle of the archive (an incomplete copy or download; ${String(message)}). ` +
        'Nothing was imported: copy the export again from where it was made (its size must match), or export again.',
    );
  }
  if (code === 'Z_DATA_ERROR' || error instanceof TarFormatError) {
    return new ExportArchiveError(`${file} is damaged: its archive is unreadable (${String(message)}). Nothing was imported: use another copy of the export, or export again.`);
  }
  return error;
}

function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new ExportArchiveError(`${what} is not JSON: the file is damaged or not a Shelfwatch export`);
  }
}
