// The SQL side of a rule table: one cloned, migrated database per test file (with its reference data: languages,
// stores), an ORM on it for the production adapters, and plain SQL for arranging a case.
import type { MikroORM } from '@mikro-orm/postgresql';
import { databaseForThisFile } from '../../support/orm-for-tests.js';
import type { TestDatabase } from '../../support/test-database.js';

export interface RuleDatabase {
  readonly db: TestDatabase;
  readonly orm: MikroORM;
  /** The first column of the first row of `text`, as a number (an id a `returning` gives). */
  idOf(text: string, values?: unknown[]): Promise<number>;
  /** The id of an ISO 639-1 language of the reference data. */
  languageId(code: string): Promise<number>;
  /** A fresh ISBN-13 of this file (979…), for a case's editions. */
  freshIsbn(): string;
}

/** Registers the file's database (beforeAll/afterAll) and returns what its SQL player uses. */
export function ruleDatabase(): RuleDatabase {
  const file = databaseForThisFile();
  let isbns = 0;
  const opened = () => file;
  const idOf = async (text: string, values?: unknown[]) => Number(Object.values((await opened().db.sql(text, values))[0]!)[0]);
  return {
    get db() {
      return opened().db;
    },
    get orm() {
      return opened().orm;
    },
    idOf,
    languageId: (code) => idOf('select language_id from language where language_code = $1', [code]),
    freshIsbn: () => `979${String(++isbns).padStart(10, '0')}`,
  };
}
