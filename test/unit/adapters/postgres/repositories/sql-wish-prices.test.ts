import { describe, expect, it } from 'vitest';
import { belowMaxPriceIs, type PricedWishQuery, pricedWishesStatement } from '../../../../../src/adapters/postgres/repositories/sql-wish-prices.js';

const query = (over: Partial<PricedWishQuery> = {}): PricedWishQuery => ({ filters: [], keyset: null, keysetParams: [], direction: 'asc', limit: 101, ...over });

describe('pricedWishesStatement', () => {
  it('hands back the same text for the same shape, whatever the user and values, and its own parameters each time', () => {
    const first = pricedWishesStatement(1, query({ filters: [belowMaxPriceIs(true)] }), { converts: true, ships: false });
    const again = pricedWishesStatement(2, query({ filters: [belowMaxPriceIs(false)], limit: 21 }), { converts: true, ships: false });
    expect(again.sql).toBe(first.sql);
    expect(first.params).toEqual([1, 1, true, 101]);
    expect(again.params).toEqual([2, 2, false, 21]);
  });

  it('builds another text for other needs, filters, keyset or direction', () => {
    const base = pricedWishesStatement(1, query(), { converts: false, ships: false }).sql;
    const others = [
      pricedWishesStatement(1, query(), { converts: true, ships: false }).sql,
      pricedWishesStatement(1, query(), { converts: false, ships: true }).sql,
      pricedWishesStatement(1, query({ filters: [['w.is_monitored = ?', [true]]] }), { converts: false, ships: false }).sql,
      pricedWishesStatement(1, query({ keyset: 'w.wish_id > ?', keysetParams: [5] }), { converts: false, ships: false }).sql,
      pricedWishesStatement(1, query({ direction: 'desc' }), { converts: false, ships: false }).sql,
    ];
    expect(new Set([base, ...others]).size).toBe(6);
    expect(others[3]).toContain('w.wish_id > ?');
    expect(others[4]).toMatch(/order by w\.wish_id desc\s*$/);
  });
});
