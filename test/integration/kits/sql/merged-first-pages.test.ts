// mergedFirstPages on a real PostgreSQL: the first page of each owner's rows, merged into one page of keys in the
// page's read order, each key once, for every window of a keyset page; compared with the plain statement over all rows.
import { type EntityManager } from '@mikro-orm/postgresql';
import { beforeAll, describe, expect, it } from 'vitest';
import { mergedFirstPages, type MergedPagesOf } from '../../../../src/adapters/kits/sql/merged-first-pages.js';
import { selectRows } from '../../../../src/adapters/kits/sql/select-rows.js';
import type { PageRequest } from '../../../../src/domain/shared/page.js';
import { databaseForThisFile } from '../../../support/orm-for-tests.js';

const file = databaseForThisFile();
const em = (): EntityManager => file.orm.em.fork() as EntityManager;
const read = (sql: string, params: readonly unknown[]) => selectRows(em(), sql, params);

// Three owners' items: `red` owns every third item, `blue` every fifth, `green` none; items 15, 30… have both.
beforeAll(async () => {
  await file.db.sql('create table merged_probe (owner text, item_id bigint, primary key (owner, item_id))');
  await file.db.sql("insert into merged_probe select 'red', n from generate_series(3, 60, 3) n");
  await file.db.sql("insert into merged_probe select 'blue', n from generate_series(5, 60, 5) n");
});

const of = (owners: readonly string[]): MergedPagesOf => ({
  owners: 'unnest(?::text[]) as o(owner)',
  table: 'merged_probe m',
  owned: 'm.owner = o.owner',
  alias: 'm',
  key: 'item_id',
  params: [`{${owners.join(',')}}`],
});

/** What one statement over every row of the owners answers: the keys past the window, in read order, each once. */
async function plainly(owners: readonly string[], request: PageRequest): Promise<number[]> {
  const w = request.window;
  const backwards = w.kind === 'before' || w.kind === 'last';
  const rows = await read(
    `select distinct item_id from merged_probe where owner = any(?::text[])
       ${w.kind === 'after' ? `and item_id > ${w.key}` : w.kind === 'before' ? `and item_id < ${w.key}` : ''}
     order by item_id ${backwards ? 'desc' : 'asc'} limit ?`,
    [`{${owners.join(',')}}`, request.size + 1],
  );
  return rows.map((row) => Number(row.item_id));
}

describe('mergedFirstPages', () => {
  it('merges the owners\' first pages into the page\'s keys, each once, in read order', async () => {
    const keys = await mergedFirstPages(read, { window: { kind: 'first' }, size: 6 }, of(['red', 'blue']));
    expect(keys.map(Number)).toEqual([3, 5, 6, 9, 10, 12, 15]);
  });

  it('answers as the plain statement does for every window, owner set and page size', async () => {
    const windows: PageRequest['window'][] = [
      { kind: 'first' },
      { kind: 'last' },
      ...[0, 14, 15, 16, 30, 58, 60, 61].flatMap((key) => [{ kind: 'after' as const, key }, { kind: 'before' as const, key }]),
    ];
    for (const owners of [['red'], ['blue', 'red'], ['green'], ['red', 'red', 'blue']]) {
      for (const size of [1, 4, 20, 100]) {
        for (const window of windows) {
          const request = { window, size };
          const keys = (await mergedFirstPages(read, request, of(owners))).map(Number);
          expect(keys, `${owners.join('+')} ${JSON.stringify(request)}`).toEqual(await plainly(owners, request));
        }
      }
    }
  });
});
