// selectPrepared on a real PostgreSQL: a named prepared statement per text and pooled connection, the same rows as
// the inlined statement, bind parameters of each type, and inside a transaction the transaction's own writes.
import type { EntityManager } from '@mikro-orm/postgresql';
import { beforeAll, describe, expect, it } from 'vitest';
import { numberedPlaceholders, selectPrepared, selectRows } from '../../../../src/adapters/kits/sql/select-rows.js';
import { openOrm } from '../../../../src/adapters/postgres/database.js';
import { databaseForThisFile } from '../../../support/orm-for-tests.js';

const file = databaseForThisFile();
const em = (): EntityManager => file.orm.em.fork() as EntityManager;

const STATEMENT = `select n, n * ?::int as scaled, ?::text as label, ?::boolean as flag
  from prepared_probe where n >= ? order by n limit ?`;

beforeAll(async () => {
  await file.db.sql('create table prepared_probe (n int primary key)');
  await file.db.sql('insert into prepared_probe (n) select generate_series(1, 10)');
});

describe('selectPrepared', () => {
  it('answers as the inlined statement does, on every call', async () => {
    const params = [3, "it's", true, 4, 3];
    const inlined = await selectRows(em(), STATEMENT, params);
    for (let i = 0; i < 7; i++) expect(await selectPrepared(em(), STATEMENT, params)).toEqual(inlined);
    expect(inlined.map((row) => row.n)).toEqual([4, 5, 6]);
    expect(inlined[0]).toMatchObject({ scaled: 12, label: "it's", flag: true });
  });

  it('prepares each text once per connection, under a name derived from the text', async () => {
    const orm = await openOrm(file.db.url, 1);
    try {
      const single = orm.em.fork() as EntityManager;
      for (let i = 0; i < 3; i++) await selectPrepared(single, STATEMENT, [1, 'a', false, i, 1]);
      const prepared = await selectPrepared(single, 'select name from pg_prepared_statements where statement = ?', [numberedPlaceholders(STATEMENT)]);
      expect(prepared).toHaveLength(1);
      expect(prepared[0]!.name).toMatch(/^sw_[0-9a-f]{20}$/);
    } finally {
      await orm.close(true);
    }
  });

  it('inside a transaction, reads what the transaction wrote', async () => {
    const manager = em();
    const seen = await manager.transactional(async (tx) => {
      await tx.execute('insert into prepared_probe (n) values (?)', [100]);
      return selectPrepared(tx as EntityManager, STATEMENT, [1, 'x', false, 100, 5]);
    });
    expect(seen.map((row) => row.n)).toEqual([100]);
  });
});
