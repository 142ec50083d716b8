import { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { underAdvisoryLock } from '../kits/sql/advisory-lock.js';
import { type ReferenceStore, seedReferenceData, type SeedSummary } from './seed/reference-seeder.js';
import { mikroOrmOptions } from './mikro-orm-options.js';

/** Arbitrary constant shared by every instance: only one of them migrates at a time. */
const MIGRATION_LOCK_KEY = 7_311_002;

export class DatabaseUnreachableError extends Error {}

/** Checks the URL answers before anything else, so a wrong URL gives one clear line instead of a stack trace. */
export async function assertReachable(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query('select 1');
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new DatabaseUnreachableError(`Cannot connect to the database at ${redact(databaseUrl)}: ${reason}`);
  } finally {
    await client.end().catch(() => undefined);
  }
}

export interface PreparedDatabase {
  appliedMigrations: string[];
  seeded: SeedSummary | null;
}

/**
 * Applies pending migrations and, when the configured stores are given, upserts the reference data — under an advisory
 * lock, so several instances starting together do it once each, one after the other.
 */
export async function prepareDatabase(databaseUrl: string, stores: readonly ReferenceStore[] | null): Promise<PreparedDatabase> {
  const orm = await MikroORM.init(mikroOrmOptions(databaseUrl, 2));
  try {
    return await underAdvisoryLock(databaseUrl, MIGRATION_LOCK_KEY, async (lock) => {
      const applied = await orm.getMigrator().up();
      const seeded = stores ? await seedReferenceData(lock, stores) : null;
      return { appliedMigrations: applied.map((m) => m.name), seeded };
    });
  } finally {
    await orm.close(true);
  }
}

export function openOrm(databaseUrl: string, poolMax: number): Promise<MikroORM> {
  return MikroORM.init(mikroOrmOptions(databaseUrl, poolMax));
}

/** The URL without its password, for messages. */
export function redact(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return '(unparseable URL)';
  }
}

/** Migrations only (no reference data): for tools that build their own data. */
export async function migrate(databaseUrl: string): Promise<string[]> {
  return (await prepareDatabase(databaseUrl, null)).appliedMigrations;
}
