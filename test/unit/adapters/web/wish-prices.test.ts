// The wishes page's pure pieces: distance from the lowest price ever, the "worth buying now" order, the sparkline.
import { describe, expect, it } from 'vitest';
import type { ChartQuote } from '../../../../src/adapters/web/client/chart-model.js';
import { DEFAULT_PAGE } from '../../../../src/adapters/web/client/next-page.js';
import { buildSparkline } from '../../../../src/adapters/web/client/sparkline-model.js';
import { aboveLowestBasisPoints, byWorthBuyingNow, lowestEverText, type PricedWish } from '../../../../src/adapters/web/client/wish-prices.js';

const priced = (best: string | null, lowest: string | null, below = false, currency = 'EUR'): PricedWish => ({
  best_price: best === null ? null : { amount: best, currency, edition_id: 1, store_id: 1, availability: 'in_stock', fetched_at: '2026-11-01T00:00:00.000Z', url: 'https://store.example/x' },
  lowest_price: lowest === null ? null : { amount: lowest, currency: 'EUR', edition_id: 1, store_id: 1, fetched_at: '2026-10-01T00:00:00.000Z' },
  below_max_price: below,
});

describe('distance from the lowest price ever', () => {
  it('compares the decimal strings exactly, whatever their number of digits', () => {
    expect(aboveLowestBasisPoints(priced('15.00', '12.00'))).toBe(2500);
    expect(aboveLowestBasisPoints(priced('12.5', '12.50'))).toBe(0);
    expect(aboveLowestBasisPoints(priced('0.3', '0.1'))).toBe(20_000);
    // 10 % + a third of a basis point rounds to 1000, and a hair above the lowest is never "the lowest".
    expect(aboveLowestBasisPoints(priced('33.001', '30'))).toBe(1000);
    expect(aboveLowestBasisPoints(priced('100000.01', '100000.00'))).toBe(1);
  });

  it('says "lowest ever", "x % above the lowest ever", or nothing when there is nothing to compare', () => {
    expect(lowestEverText(priced('14.00', '14.00'))).toBe('lowest ever');
    expect(lowestEverText(priced('15.00', '12.00'))).toBe('25 % above the lowest ever');
    expect(lowestEverText(priced('12.05', '12.00'))).toBe('less than 1 % above the lowest ever');
    expect(lowestEverText(priced('13.00', '12.00'))).toBe('8 % above the lowest ever');
    expect(lowestEverText(priced('14.00', null))).toBeNull();
    expect(lowestEverText(priced(null, '12.00'))).toBeNull();
    expect(lowestEverText(priced('14.00', '12.00', false, 'GBP'))).toBeNull();
    expect(lowestEverText(priced('14.00', '0.00'))).toBeNull();
  });
});

describe('worth buying now', () => {
  it('puts the wishes under their max first, then the closest to their lowest, then those without a comparison or a price', () => {
    const wishes = [
      { id: 'no price', ...priced(null, null) },
      { id: 'far', ...priced('20.00', '10.00') },
      { id: 'no lowest', ...priced('9.00', null) },
      { id: 'under max, far', ...priced('15.00', '10.00', true) },
      { id: 'close', ...priced('10.50', '10.00') },
      { id: 'under max, lowest', ...priced('10.00', '10.00', true) },
      { id: 'also far', ...priced('20.00', '10.00') },
    ];
    expect(byWorthBuyingNow(wishes).map((w) => w.id)).toEqual(['under max, lowest', 'under max, far', 'close', 'far', 'also far', 'no lowest', 'no price']);
    // The page's own array is left as the API sent it.
    expect(wishes[0]!.id).toBe('no price');
  });
});

describe('sparkline', () => {
  const BOX = { width: 100, height: 20, padLeft: 0, padRight: 0, padTop: 0, padBottom: 0 };
  const quote = (store_id: number, amount: string, day: number, currency = 'EUR'): ChartQuote => ({ store_id, amount, currency, fetched_at: `2026-11-0${day}T00:00:00.000Z`, quote_kind: 'daily' });

  it('draws one store’s quotes in one currency in time order, from newest-first quotes', () => {
    const line = buildSparkline([quote(1, '10.00', 3), quote(2, '99.00', 2), quote(1, '20.00', 1), quote(1, '5.00', 2, 'GBP')], 1, 'EUR', BOX);
    expect(line).toMatchObject({ d: 'M0 0 L100 20', count: 2, oldest: { amount: '20.00' }, newest: { amount: '10.00' } });
  });

  it('counts a monthly quote with its average, draws a lone quote as a dot, and is null without quotes', () => {
    const monthly: ChartQuote = { store_id: 1, amount: '8.00', currency: 'EUR', fetched_at: '2026-10-31T00:00:00.000Z', quote_kind: 'monthly', month: '2026-10', min_amount: '8.00', max_amount: '12.00', avg_amount: '10.00' };
    expect(buildSparkline([quote(1, '12.00', 1), monthly], 1, 'EUR', BOX)?.d).toMatch(/^M\d+(\.\d)? 10 L100 0$/);
    expect(buildSparkline([quote(1, '12.00', 1)], 1, 'EUR', BOX)?.d).toBe('M50 10 h0');
    expect(buildSparkline([quote(2, '12.00', 1)], 1, 'EUR', BOX)).toBeNull();
  });
});

describe('the page after sign-in', () => {
  it('is the wishes page when `next` says nothing usable', () => {
    expect(DEFAULT_PAGE).toBe('/wishes.html');
  });
});
