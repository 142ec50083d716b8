import { describe, expect, it } from 'vitest';
import { type KeysetPlan, likeContains, planKeyset, sliceOf, whereOf } from '../../../../../src/adapters/kits/sql/keyset.js';
import type { KeyOrder, PageRequest, PageWindow } from '../../../../../src/domain/shared/page.js';

const req = (window: PageWindow, size = 3): PageRequest => ({ window, size });

describe('planKeyset', () => {
  it.each<[KeyOrder, PageWindow, Omit<KeysetPlan, 'limit'>]>([
    ['asc', { kind: 'first' }, { condition: null, params: [], orderBy: 'x.id asc', reversed: false }],
    ['asc', { kind: 'after', key: 7 }, { condition: 'x.id > ?', params: [7], orderBy: 'x.id asc', reversed: false }],
    ['asc', { kind: 'before', key: 7 }, { condition: 'x.id < ?', params: [7], orderBy: 'x.id desc', reversed: true }],
    ['asc', { kind: 'last' }, { condition: null, params: [], orderBy: 'x.id desc', reversed: true }],
    ['desc', { kind: 'first' }, { condition: null, params: [], orderBy: 'x.id desc', reversed: false }],
    ['desc', { kind: 'after', key: 7 }, { condition: 'x.id < ?', params: [7], orderBy: 'x.id desc', reversed: false }],
    ['desc', { kind: 'before', key: 7 }, { condition: 'x.id > ?', params: [7], orderBy: 'x.id asc', reversed: true }],
    ['desc', { kind: 'last' }, { condition: null, params: [], orderBy: 'x.id asc', reversed: true }],
  ])('%s order, %j', (order, window, expected) => {
    expect(planKeyset('x.id', order, req(window, 3))).toEqual({ ...expected, limit: 4 });
  });

  it('always reads one probe row more than the page size, never an offset', () => {
    for (const size of [1, 20, 100]) {
      for (const window of [{ kind: 'first' }, { kind: 'after', key: 1 }, { kind: 'before', key: 1 }, { kind: 'last' }] as PageWindow[]) {
        const plan = planKeyset('k', 'asc', req(window, size));
        expect(plan.limit).toBe(size + 1);
        expect(JSON.stringify(plan).toLowerCase()).not.toContain('offset');
      }
    }
  });

  it('passes the key as a parameter, never inlined into the SQL text', () => {
    const plan = planKeyset('k', 'asc', req({ kind: 'after', key: 123456 }));
    expect(plan.condition).not.toContain('123456');
    expect(plan.params).toEqual([123456]);
  });
});

describe('sliceOf', () => {
  const plan = (reversed: boolean, limit = 4): KeysetPlan => ({ condition: null, params: [], orderBy: 'k', limit, reversed });

  it('drops the probe row and reports more rows when the limit was reached', () => {
    expect(sliceOf([1, 2, 3, 4], plan(false))).toEqual({ items: [1, 2, 3], hasMore: true });
  });

  it('keeps every row and reports no more when fewer than the limit came back', () => {
    expect(sliceOf([1, 2, 3], plan(false))).toEqual({ items: [1, 2, 3], hasMore: false });
    expect(sliceOf([], plan(false))).toEqual({ items: [], hasMore: false });
  });

  it('restores display order for rows read backwards', () => {
    expect(sliceOf([9, 8, 7, 6], plan(true))).toEqual({ items: [7, 8, 9], hasMore: true });
    expect(sliceOf([9, 8], plan(true))).toEqual({ items: [8, 9], hasMore: false });
  });
});

/** Runs a plan against an in-memory table, the way PostgreSQL would run the generated SQL. */
function run(table: readonly number[], plan: KeysetPlan): number[] {
  const match = plan.condition === null ? null : /^k ([<>]) \?$/.exec(plan.condition);
  if (plan.condition !== null && !match) throw new Error(`unexpected condition ${plan.condition}`);
  const key = plan.params[0]!;
  const filtered = match === null ? [...table] : table.filter((k) => (match[1] === '>' ? k > key : k < key));
  const desc = plan.orderBy.endsWith('desc');
  filtered.sort((a, b) => (desc ? b - a : a - b));
  return filtered.slice(0, plan.limit);
}

describe('planKeyset + sliceOf against an in-memory table', () => {
  for (const order of ['asc', 'desc'] as const) {
    for (const [count, size] of [[0, 3], [1, 1], [5, 2], [6, 3], [10, 4], [10, 10], [10, 20]] as const) {
      it(`${order}: ${count} rows at size ${size} are visited exactly once forward and backward`, () => {
        const table = Array.from({ length: count }, (_, i) => (i + 1) * 3);
        const display = [...table].sort((a, b) => (order === 'asc' ? a - b : b - a));

        const forward: number[] = [];
        let window: PageWindow = { kind: 'first' };
        for (let guard = 0; ; guard++) {
          if (guard > 100) throw new Error('no end');
          const plan = planKeyset('k', order, req(window, size));
          const slice = sliceOf(run(table, plan), plan);
          forward.push(...slice.items);
          const last = slice.items[slice.items.length - 1];
          if (!slice.hasMore || last === undefined) break;
          window = { kind: 'after', key: last };
        }
        expect(forward).toEqual(display);

        const backward: number[] = [];
        window = { kind: 'last' };
        for (let guard = 0; ; guard++) {
          if (guard > 100) throw new Error('no end');
          const plan = planKeyset('k', order, req(window, size));
          const slice = sliceOf(run(table, plan), plan);
          backward.unshift(...slice.items);
          const first = slice.items[0];
          if (!slice.hasMore || first === undefined) break;
          window = { kind: 'before', key: first };
        }
        expect(backward).toEqual(display);
      });
    }
  }
});

describe('whereOf', () => {
  it('joins the present conditions with and', () => {
    expect(whereOf([])).toBe('');
    expect(whereOf([null, null])).toBe('');
    expect(whereOf(['a = ?'])).toBe('where a = ?');
    expect(whereOf(['a = ?', null, 'b > ?'])).toBe('where a = ? and b > ?');
  });
});

describe('likeContains', () => {
  it('wraps the text in % wildcards', () => {
    expect(likeContains('tolkien')).toBe('%tolkien%');
    expect(likeContains('')).toBe('%%');
  });

  it('escapes %, _ and the escape character itself so they match literally', () => {
    expect(likeContains('100%')).toBe('%100\\%%');
    expect(likeContains('1_0')).toBe('%1\\_0%');
    expect(likeContains('a\\b')).toBe('%a\\\\b%');
    expect(likeContains('%_\\')).toBe('%\\%\\_\\\\%');
  });

  it('matches literally when read as a LIKE pattern with backslash escapes', () => {
    const like = (text: string, pattern: string): boolean => {
      let re = '';
      for (let i = 0; i < pattern.length; i++) {
        const c = pattern[i]!;
        if (c === '\\') re += pattern[++i]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        else if (c === '%') re += '[\\s\\S]*';
        else if (c === '_') re += '[\\s\\S]';
        else re += c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      }
      return new RegExp(`^${re}$`).test(text);
    };
    expect(like('100% wool', likeContains('100%'))).toBe(true);
    expect(like('1000 wool', likeContains('100%'))).toBe(false);
    expect(like('a_b', likeContains('a_b'))).toBe(true);
    expect(like('axb', likeContains('a_b'))).toBe(false);
    expect(like('c:\\path', likeContains('c:\\path'))).toBe(true);
  });
});
