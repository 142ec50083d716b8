import type pg from 'pg';

/**
 * What export and import read from PostgreSQL's catalog: Shelfwatch's tables (schema `public`) with their columns, and
 * the sequences behind their identity columns. Left out:
 *  - `mikro_orm_migrations`: the list of applied migrations travels in the export's header instead; the import runs
 *    the migrations themselves, which fill it;
 *  - the `pgboss` schema: the job queue's state (fetch bundles in hand, channel messages waiting for a retry) is
 *    transient, tied to pg-boss's own version, and made again by the service (the daily fetch, the queues at start);
 *  - tables of extensions (pg_trgm has none), views (effective_preferences: made by the migrations).
 */

export const MIGRATIONS_TABLE = 'mikro_orm_migrations';

/** Table names the archive can carry as entry names; Shelfwatch's are all of this form. */
export const PLAIN_TABLE_NAME = /^[a-z_][a-z0-9_$]*$/;

export interface TableShape {
  name: string;
  /** Stored columns in their order (generated columns are left out: COPY cannot load them). */
  columns: Array<{ name: string; type: string }>;
}

export interface OwnedSequence {
  sequence: string;
  table: string;
  column: string;
  /** null when the sequence was never used. */
  lastValue: string | null;
  minValue: string;
}

/**
 * The session settings pg_dump uses for output any version reads back the same: ISO dates, float digits that
 * round-trip, UTF-8.
 */
export const PORTABLE_SETTINGS = [
  "set local datestyle = 'ISO'",
  "set local intervalstyle = 'postgres'",
  'set local extra_float_digits = 3',
  "set local client_encoding = 'UTF8'",
  "set local timezone = 'UTC'",
];

export async function tableShapes(client: pg.ClientBase): Promise<TableShape[]> {
  const { rows } = await client.query<{ table: string; column: string; type: string }>(
    `select c.relname as table, a.attname as column, format_type(a.atttypid, a.atttypmod) as type
       from pg_class c
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      where c.relnamespace = 'public'::regnamespace and c.relkind = 'r' and c.relname <> $1
        and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')
      order by c.relname, a.attnum`,
    [MIGRATIONS_TABLE],
  );
  const tables = new Map<string, TableShape>();
  for (const row of rows) {
    let table = tables.get(row.table);
    if (table === undefined) tables.set(row.table, (table = { name: row.table, columns: [] }));
    table.columns.push({ name: row.column, type: row.type });
  }
  return [...tables.values()];
}

/** The sequences owned by a column of a table of `public` (identity and serial columns). */
export async function ownedSequences(client: pg.ClientBase): Promise<OwnedSequence[]> {
  const { rows } = await client.query<OwnedSequence>(
    `select s.oid::regclass::text as sequence, t.relname as table, a.attname as column,
            ps.last_value::text as "lastValue", ps.min_value::text as "minValue"
       from pg_class s
       join pg_depend d on d.classid = 'pg_class'::regclass and d.objid = s.oid and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i')
       join pg_class t on t.oid = d.refobjid
       join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
       join pg_sequences ps on ps.schemaname = 'public' and ps.sequencename = s.relname
      where s.relkind = 'S' and s.relnamespace = 'public'::regnamespace and t.relnamespace = 'public'::regnamespace and t.relname <> $1
      order by t.relname, a.attname`,
    [MIGRATIONS_TABLE],
  );
  return rows;
}

/** The migrations applied, in order; null when the database has no migrations table (Shelfwatch never started on it). */
export async function appliedMigrations(client: pg.ClientBase): Promise<string[] | null> {
  const { rows: present } = await client.query(`select 1 from pg_class where relnamespace = 'public'::regnamespace and relname = $1`, [MIGRATIONS_TABLE]);
  if (present.length === 0) return null;
  const { rows } = await client.query<{ name: string }>(`select name from ${quoteIdent(MIGRATIONS_TABLE)} order by id`);
  return rows.map((row) => row.name);
}

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export function columnList(columns: ReadonlyArray<{ name: string }>): string {
  return columns.map((column) => quoteIdent(column.name)).join(', ');
}
