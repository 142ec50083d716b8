// readsWithTimeout on a real PostgreSQL: the reads of one call share one read-only transaction under the statement
// timeout (begun with the first read, committed after the last), a cancelled or failed read rolls it back and hands a
// clean connection back to the pool, and inside the unit of work's transaction the reads see its writes.
import { type EntityManager } from '@mikro-orm/postgresql';
import { beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../../../src/adapters/kits/sql/select-rows.js';
import { readsWithTimeout } from '../../../../src/adapters/kits/sql/timed-reads.js';
import { openOrm } from '../../../../src/adapters/postgres/database.js';
import { isQueryCanceled } from '../../../../src/adapters/postgres/pg-errors.js';
import { databaseForThisFile } from '../../../support/orm-for-tests.js';

const file = databaseForThisFile();
const em = (): EntityManager => file.orm.em.fork() as EntityManager;

beforeAll(async () => {
  await file.db.sql('create table timed_probe (n int primary key)');
  await file.db.sql('insert into timed_probe (n) select generate_series(1, 10)');
});

/** One connection in the pool, so that what a call leaves behind is what the next statement meets. */
async function withSingleConnection(run: (single: EntityManager) => Promise<void>): Promise<void> {
  const orm = await openOrm(file.db.url, 1);
  try {
    await run(orm.em.fork() as EntityManager);
  } finally {
    await orm.close(true);
  }
}

describe('readsWithTimeout', () => {
  it('runs every read in one read-only transaction under the timeout, with the values inlined as selectRows does', async () => {
    const seen = await readsWithTimeout(em(), 1_500, async ({ read }) => {
      const first = await read("select current_setting('statement_timeout') as timeout, current_setting('transaction_read_only') as ro, now()::text as began", []);
      const second = await read('select now()::text as began, n from timed_probe where n >= ? order by n limit ?', [8, 2]);
      return { first: first[0]!, second };
    });
    expect(seen.first).toMatchObject({ timeout: '1500ms', ro: 'on' });
    expect(seen.second.map((row) => row.began)).toEqual([seen.first.began, seen.first.began]);
    expect(seen.second.map((row) => row.n)).toEqual([8, 9]);
  });

  it('commits: the connection goes back to the pool outside any transaction and without the timeout', async () => {
    await withSingleConnection(async (single) => {
      await readsWithTimeout(single, 1_500, ({ read }) => read('select 1 as one', []));
      // `set local` lasts until the transaction ends: a connection left inside it would still have the timeout.
      const after = await selectRows(single, "select current_setting('statement_timeout') as timeout", []);
      expect(after).toEqual([{ timeout: '0' }]);
    });
  });

  it('cancels a read past the timeout with the converted 57014, and rolls back: the next statement runs clean', async () => {
    await withSingleConnection(async (single) => {
      const slow = readsWithTimeout(single, 50, async ({ read }) => {
        await read('select 1', []);
        return read('select pg_sleep(2)', []);
      });
      const error = await slow.then(() => null, (caught: unknown) => caught);
      expect(isQueryCanceled(error)).toBe(true);
      const after = await selectRows(single, "select current_setting('statement_timeout') as timeout, count(*)::int as n from timed_probe", []);
      expect(after[0]).toEqual({ timeout: '0', n: 10 });
    });
  });

  it('cancels the first read too (it travels with begin and set local)', async () => {
    const error = await readsWithTimeout(em(), 50, ({ read }) => read('select pg_sleep(2)', [])).then(() => null, (caught: unknown) => caught);
    expect(isQueryCanceled(error)).toBe(true);
  });

  it('refuses a write: the transaction is read-only', async () => {
    await withSingleConnection(async (single) => {
      const write = readsWithTimeout(single, 1_500, ({ read }) => read('insert into timed_probe (n) values (?) returning n', [99]));
      await expect(write).rejects.toThrow(/read-only transaction/);
      expect(await selectRows(single, 'select count(*)::int as n from timed_probe', [])).toEqual([{ n: 10 }]);
    });
  });

  it('sends nothing when the work reads nothing', async () => {
    await withSingleConnection(async (single) => {
      await expect(readsWithTimeout(single, 1_500, async () => 'no reads')).resolves.toBe('no reads');
      expect(await selectRows(single, "select current_setting('statement_timeout') as timeout", [])).toEqual([{ timeout: '0' }]);
    });
  });

  it('sends reads asked for at the same moment as one query, and reads after an answer in a query of their own', async () => {
    // statement_timestamp() is when the query message arrived: the same for every statement of one simple query.
    const stamp = 'select statement_timestamp()::text as at';
    const seen = await readsWithTimeout(em(), 1_500, async ({ read }) => {
      const together = await Promise.all([read(stamp, []), read(stamp, []), read('select ?::int as n', [7])]);
      await new Promise((resolve) => setTimeout(resolve, 5));
      const later = await read(stamp, []);
      return { together, later };
    });
    const [a, b, n] = seen.together;
    expect(a![0]!.at).toBe(b![0]!.at);
    expect(n).toEqual([{ n: 7 }]);
    expect(seen.later[0]!.at).not.toBe(a![0]!.at);
  });

  it('commits with the last read, and refuses a read after it', async () => {
    await withSingleConnection(async (single) => {
      const rows = await readsWithTimeout(single, 1_500, async ({ read, readLast }) => {
        await read('select 1', []);
        const last = await readLast('select n from timed_probe where n <= ? order by n', [2]);
        await expect(read('select 1', [])).rejects.toThrow(/no read after the last one/);
        return last;
      });
      expect(rows).toEqual([{ n: 1 }, { n: 2 }]);
      expect(await selectRows(single, "select current_setting('statement_timeout') as timeout", [])).toEqual([{ timeout: '0' }]);
    });
  });

  it('rolls back when the last read fails (its commit never ran)', async () => {
    await withSingleConnection(async (single) => {
      const failed = readsWithTimeout(single, 50, ({ readLast }) => readLast('select pg_sleep(2)', []));
      expect(isQueryCanceled(await failed.then(() => null, (caught: unknown) => caught))).toBe(true);
      expect(await selectRows(single, "select current_setting('statement_timeout') as timeout", [])).toEqual([{ timeout: '0' }]);
    });
  });

  describe('a read marked prepare', () => {
    const prepared = "select name, statement from pg_prepared_statements where name ~ '_t[0-9]+$' order by prepare_time";
    const byRange = 'select n, current_setting(\'transaction_read_only\') as ro from timed_probe where n between ? and ? order by n';

    it('is prepared once per connection and executed in the session, its rows as an inlined read gives them', async () => {
      await withSingleConnection(async (single) => {
        const first = await readsWithTimeout(single, 1_500, ({ read }) => read(byRange, [2, 3], { prepare: true }));
        const second = await readsWithTimeout(single, 1_500, ({ readLast }) => readLast(byRange, [9, 10], { prepare: true }));
        const inlined = await readsWithTimeout(single, 1_500, ({ read }) => read(byRange, [2, 3]));
        expect(first).toEqual(inlined);
        expect(first).toEqual([{ n: 2, ro: 'on' }, { n: 3, ro: 'on' }]);
        expect(second).toEqual([{ n: 9, ro: 'on' }, { n: 10, ro: 'on' }]);
        const statements = await selectRows(single, prepared, []);
        expect(statements).toHaveLength(1);
        expect(String(statements[0]!.statement)).toContain('between $1 and $2');
      });
    });

    it('answers each read of a batch with its own rows, a statement prepared in the batch or not', async () => {
      await withSingleConnection(async (single) => {
        const [a, b, c, d] = await readsWithTimeout(single, 1_500, ({ read }) =>
          Promise.all([
            read('select ?::int as one', [1]),
            read(byRange, [1, 1], { prepare: true }),
            read(byRange, [4, 5], { prepare: true }),
            read('select n from timed_probe where n = ?', [7], { prepare: true }),
          ]),
        );
        expect(a).toEqual([{ one: 1 }]);
        expect(b).toEqual([{ n: 1, ro: 'on' }]);
        expect(c).toEqual([{ n: 4, ro: 'on' }, { n: 5, ro: 'on' }]);
        expect(d).toEqual([{ n: 7 }]);
        expect(await selectRows(single, prepared, [])).toHaveLength(2);
      });
    });

    it('after a batch with a prepare fails, prepares again under a new name: the next reads run', async () => {
      await withSingleConnection(async (single) => {
        const slow = 'select pg_sleep(?) as slept';
        const failed = readsWithTimeout(single, 50, ({ read }) => read(slow, [2], { prepare: true }));
        expect(isQueryCanceled(await failed.then(() => null, (caught: unknown) => caught))).toBe(true);
        // The cancelled statement was prepared before it ran: the connection has it, under the old name.
        const rows = await readsWithTimeout(single, 1_500, ({ read }) => read(slow, [0], { prepare: true }));
        expect(rows).toEqual([{ slept: '' }]);
        const names = (await selectRows(single, prepared, [])).map((row) => String(row.name));
        expect(names).toHaveLength(2);
        expect(names[0]).toMatch(/_t0$/);
        expect(names[1]).toMatch(/_t1$/);
      });
    });
  });

  it('a prepared read queued behind one in flight when the work fails is never sent, and is prepared afresh next time', async () => {
    const prepared = "select name from pg_prepared_statements where name ~ '_t[0-9]+$'";
    const byRange = 'select n from timed_probe where n between ? and ? order by n';
    await withSingleConnection(async (single) => {
      let late: Promise<unknown> = Promise.resolve();
      const failed = readsWithTimeout(single, 1_500, async ({ read }) => {
        read('select pg_sleep(0.2)', []).catch(() => undefined);
        await new Promise((resolve) => setTimeout(resolve, 50));
        // Queued while the first read is in flight; the work fails before it is sent, and the session rolls back.
        late = read(byRange, [2, 3], { prepare: true });
        late.catch(() => undefined);
        throw new Error('the work failed');
      });
      await expect(failed).rejects.toThrow('the work failed');
      await expect(late).rejects.toThrow(/no read after the last one/);
      expect(await selectRows(single, prepared, [])).toEqual([]);
      // Its `prepare` was noted when it was queued and never sent: the next one goes out under a new name.
      expect(await readsWithTimeout(single, 1_500, ({ read }) => read(byRange, [2, 3], { prepare: true }))).toEqual([{ n: 2 }, { n: 3 }]);
      expect((await selectRows(single, prepared, [])).map((row) => String(row.name))).toEqual([expect.stringMatching(/_t1$/)]);
    });
  });

  it('inside the unit of work\'s transaction, reads what the transaction wrote and leaves it open', async () => {
    const seen = await em().transactional(async (tx) => {
      await tx.execute('insert into timed_probe (n) values (?)', [100]);
      const rows = await readsWithTimeout(tx as EntityManager, 1_500, ({ read }) => read('select n from timed_probe where n >= ?', [100]));
      await tx.execute('delete from timed_probe where n = ?', [100]);
      return rows;
    });
    expect(seen).toEqual([{ n: 100 }]);
  });
});
