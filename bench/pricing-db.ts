import pg from 'pg';
import { withDatabase } from './database.js';

// Copies of the benchmark database on the same server, so that two consolidations start from identical data.

export function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: withDatabase(url, 'postgres'), connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end().catch(() => undefined);
  }
}

const ident = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/**
 * `create database <copy> template <source>` (file copy: no WAL for the copied pages). The source must have no
 * sessions: an autovacuum worker visiting it makes the copy fail, so it is tried a few times.
 */
export async function copyDatabase(url: string, copy: string, say: (line: string) => void): Promise<{ url: string; seconds: number }> {
  const source = databaseName(url);
  const t0 = performance.now();
  for (let attempt = 1; ; attempt++) {
    try {
      await adminQuery(url, `create database ${ident(copy)} template ${ident(source)} strategy file_copy`).catch(async (error: unknown) => {
        // Before PostgreSQL 15 there is no STRATEGY option (and the copy is a file copy anyway).
        if (/strategy/i.test(String(error))) await adminQuery(url, `create database ${ident(copy)} template ${ident(source)}`);
        else throw error;
      });
      return { url: withDatabase(url, copy), seconds: (performance.now() - t0) / 1000 };
    } catch (error) {
      if (attempt >= 10 || !/being accessed by other users/i.test(String(error))) throw error;
      say(`  ${source} is in use (${String(error).split('\n')[0]}); retrying the copy in 2 s`);
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  }
}

export async function dropDatabase(url: string, name: string): Promise<void> {
  await adminQuery(url, `drop database if exists ${ident(name)} with (force)`);
}

/** One query on a database of its own connection. */
export async function queryOnce<R extends pg.QueryResultRow>(url: string, sql: string, values: unknown[] = []): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(sql, values)).rows;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The server's WAL position (for the WAL a statement writes) and the database's temporary-file bytes so far. */
export async function ioMark(url: string): Promise<{ lsn: string; tempBytes: number }> {
  const [row] = await queryOnce<{ lsn: string; temp: string }>(
    url,
    `select pg_current_wal_lsn()::text as lsn, (select temp_bytes from pg_stat_database where datname = current_database()) as temp`,
  );
  return { lsn: row?.lsn ?? '0/0', tempBytes: Number(row?.temp ?? 0) };
}

/** WAL bytes and temporary-file bytes since `mark` (statistics are flushed when the sessions end: wait a moment). */
export async function ioSince(url: string, mark: { lsn: string; tempBytes: number }): Promise<{ walBytes: number; tempBytes: number }> {
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const [row] = await queryOnce<{ wal: string; temp: string }>(
    url,
    `select pg_wal_lsn_diff(pg_current_wal_lsn(), $1::pg_lsn) as wal,
            (select temp_bytes from pg_stat_database where datname = current_database()) as temp`,
    [mark.lsn],
  );
  return { walBytes: Number(row?.wal ?? NaN), tempBytes: Number(row?.temp ?? NaN) - mark.tempBytes };
}
