import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../../config/config.js';
import { type BootedProcess, bootProcess } from '../../../src/composition/boot.js';
import { withDatabase } from '../../support/global-setup.js';

const adminUrl = inject('adminUrl');
const name = `shelfwatch_boot_${randomBytes(6).toString('hex')}`;

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(sql);
  await client.end();
}

afterAll(() => admin(`drop database if exists ${name} with (force)`));

describe('starting several instances at once on a new database', () => {
  it('creates the job queues once, one instance after the other, and every instance starts', async () => {
    await admin(`create database ${name}`);
    const url = withDatabase(adminUrl, name);
    const config = loadConfig({ DATABASE_URL: url, JWT_SECRET: 'x'.repeat(32) });
    const booted: BootedProcess[] = [];
    try {
      // Two instances creating pg-boss's queues (DDL) at the same moment deadlocked.
      const results = await Promise.allSettled(
        Array.from({ length: 3 }, () => bootProcess(config, 'job', { say: () => undefined, logBatchWriting: 'orm-pool' })),
      );
      for (const result of results) if (result.status === 'fulfilled') booted.push(result.value);
      expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const { rows } = await client.query<{ name: string }>('select name from pgboss.queue order by name');
      await client.end();
      expect(rows.length).toBeGreaterThanOrEqual(4);
      expect(new Set(rows.map((r) => r.name)).size).toBe(rows.length);
      // Every declared queue, from its one declaration.
      expect(rows.map((r) => r.name)).toEqual(expect.arrayContaining(Object.values(booted[0]!.started.jobQueue!.queues).map((q) => q.name)));
    } finally {
      await Promise.all(booted.map(({ shutdown }) => shutdown.unwind()));
    }
  }, 60_000);
});
