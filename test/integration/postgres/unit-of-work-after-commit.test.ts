// The MikroORM unit of work's after-commit hook on a real PostgreSQL: an action runs once the outermost transaction
// has committed (its writes visible to other connections), never after a rollback, and at once outside a transaction.
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openOrm } from '../../../src/adapters/postgres/database.js';
import { MikroOrmRequestScope } from '../../../src/adapters/postgres/mikro-orm-request-scope.js';
import { MikroOrmUnitOfWork } from '../../../src/adapters/postgres/repositories/mikro-orm-unit-of-work.js';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.js';

let db: TestDatabase;
let orm: MikroORM;

beforeAll(async () => {
  db = await createTestDatabase();
  orm = await openOrm(db.url, 2);
  await db.sql('create table after_commit_probe (n int not null)');
});
afterAll(async () => {
  await orm?.close(true);
  await db?.drop();
});
beforeEach(async () => {
  await db.sql('truncate after_commit_probe');
});

const inScope = <T>(work: () => Promise<T>): Promise<T> => new MikroOrmRequestScope(orm.em).run(work);
const em = (): EntityManager => orm.em as EntityManager;
const insert = (n: number) => em().execute('insert into after_commit_probe (n) values (?)', [n]);
/** Read over another connection: only committed rows. */
const committed = async () => (await db.sql<{ n: number }>('select n from after_commit_probe order by n')).map((row) => Number(row.n));

describe('MikroOrmUnitOfWork.afterCommit', () => {
  it('runs the action after the commit, when the transaction’s writes are visible to everyone', async () => {
    const uow = new MikroOrmUnitOfWork(em());
    const seen: number[][] = [];
    const pending: Array<Promise<number[]>> = [];
    await inScope(() =>
      uow.transaction(async () => {
        await insert(1);
        uow.afterCommit(() => void pending.push(committed()));
        seen.push(await committed());
      }),
    );
    expect(seen).toEqual([[]]);
    expect(await Promise.all(pending)).toEqual([[1]]);
  });

  it('drops the action when the transaction rolls back', async () => {
    const uow = new MikroOrmUnitOfWork(em());
    let ran = false;
    await expect(
      inScope(() =>
        uow.transaction(async () => {
          await insert(1);
          uow.afterCommit(() => (ran = true));
          throw new Error('no');
        }),
      ),
    ).rejects.toThrow('no');
    expect(ran).toBe(false);
    expect(await committed()).toEqual([]);
  });

  it('lets a nested transaction’s action wait for the outermost commit, and drops it when the nested one fails', async () => {
    const uow = new MikroOrmUnitOfWork(em());
    const order: string[] = [];
    await inScope(() =>
      uow.transaction(async () => {
        await uow.transaction(async () => {
          await insert(1);
          uow.afterCommit(() => order.push('inner'));
        });
        order.push('inner returned');
        await uow
          .transaction(async () => {
            uow.afterCommit(() => order.push('failed inner'));
            throw new Error('inner failure');
          })
          .catch(() => undefined);
        uow.afterCommit(() => order.push('outer'));
      }),
    );
    expect(order).toEqual(['inner returned', 'inner', 'outer']);
  });

  it('runs the action at once outside a transaction', () => {
    const uow = new MikroOrmUnitOfWork(em());
    let ran = false;
    uow.afterCommit(() => (ran = true));
    expect(ran).toBe(true);
  });
});
