import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { TEMPLATE_DATABASE, withDatabase } from './global-setup.js';

export interface TestDatabase {
  url: string;
  /** A plain connection for arranging data and checking results. */
  sql<T extends pg.QueryResultRow = Record<string, unknown>>(text: string, values?: unknown[]): Promise<T[]>;
  drop(): Promise<void>;
}

/** A fresh, migrated database for one test file, cloned from the template in milliseconds. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = inject('adminUrl');
  const name = `shelfwatch_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${TEMPLATE_DATABASE}`);
  await admin.end();
  const url = withDatabase(adminUrl, name);
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  return {
    url,
    sql: async (text, values) => (await pool.query(text, values)).rows,
    drop: async () => {
      await pool.end();
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      // Pools resolve their end before every connection has gone: a connection still closing, killed by the forced
      // drop, reports "terminating connection" to a client nobody listens to any more (an unhandled error). Let
      // them go first; force only what is left after a while.
      for (let waited = 0; waited < 2_000; waited += 50) {
        const { rows } = await client.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (rows[0]?.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
