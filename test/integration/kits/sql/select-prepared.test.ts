// selectPrepared on a real PostgreSQL: a named prepared statement per text and pooled connection, the same rows as
// the inlined statement, bind parameters of each type, and inside a transaction the transaction's own writes.
// selectRows and selectPrepared read their rows with their own type parsing (int8 kept as text without the driver's
// RegExp): each type comes out as em.execute gives it, and a failure is the ORM's converted exception.
import { type EntityManager, SyntaxErrorException } from '@mikro-orm/postgresql';
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

  it('gives every type as em.execute does: int8 as its text (negative and past 2^53 too), dates and timestamps as text, arrays, numeric, json', async () => {
    const typed = `select ?::bigint as big, -42::bigint as negative, 9007199254740993::bigint as huge, null::bigint as none,
        7::int as small, 12.50::numeric as decimal, '2026-11-29'::date as day, '2026-11-29 10:00:00+00'::timestamptz as at,
        array[1, 2]::bigint[] as ids, array['a', 'b']::text[] as words, '{"k": [1]}'::jsonb as doc, true as yes, ? as label`;
    const params = ['123', 'x'];
    const expected = await em().execute(typed, params);
    expect(await selectRows(em(), typed, params)).toEqual(expected);
    expect(await selectPrepared(em(), typed, params)).toEqual(expected);
    expect(expected[0]).toMatchObject({ big: '123', negative: '-42', huge: '9007199254740993', none: null, small: 7, ids: ['1', '2'] });
  });

  it('rejects a failing statement with the ORM exception em.execute would give, the connection staying usable', async () => {
    const orm = await openOrm(file.db.url, 1);
    try {
      const single = orm.em.fork() as EntityManager;
      await expect(selectRows(single, 'select from where', [])).rejects.toBeInstanceOf(SyntaxErrorException);
      await expect(selectPrepared(single, 'selec ?', [1])).rejects.toBeInstanceOf(SyntaxErrorException);
      expect(await selectPrepared(single, 'select ?::int as n', [5])).toEqual([{ n: 5 }]);
    } finally {
      await orm.close(true);
    }
  });
});
