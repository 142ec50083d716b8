import type { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll } from 'vitest';
import { openOrm } from '../../src/adapters/postgres/database.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

export interface FileDatabase {
  /** The file's database (cloned from the migrated template); throws before beforeAll opened it. */
  readonly db: TestDatabase;
  /** An ORM on it (a pool of 2), as the service opens one. */
  readonly orm: MikroORM;
}

/** Registers the file's own database and ORM (opened in beforeAll, closed and dropped in afterAll). */
export function databaseForThisFile(): FileDatabase {
  let db: TestDatabase | undefined;
  let orm: MikroORM | undefined;
  beforeAll(async () => {
    db = await createTestDatabase();
    orm = await openOrm(db.url, 2);
  });
  afterAll(async () => {
    await orm?.close(true);
    await db?.drop();
  });
  const opened = () => {
    if (!db || !orm) throw new Error('the file database opens in beforeAll');
    return { db, orm };
  };
  return {
    get db() {
      return opened().db;
    },
    get orm() {
      return opened().orm;
    },
  };
}
