// The wishes page's pure pieces: distance from the lowest price ever and the sparkline.
import { describe, expect, it } from 'vitest';
import { DEFAULT_PAGE } from '../../../../src/adapters/web/client/next-page.js';
import { buildSparkline } from '../../../../src/adapters/web/client/sparkline-model.js';
import { aboveLowestAmount, aboveLowestBasisPoints, lowestEverText, type PricedWish } from '../../../../src/adapters/web/client/wish-prices.js';

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
    expect(lowestEverText(priced('0.00', '0.00'))).toBe('lowest ever');
  });
});

describe('sparkline', () => {
  const BOX = { width: 100, height: 20, pad: 0 };
  const WINDOW = { firstDay: '2026-11-01', lastDay: '2026-11-11' };

  it('places the daily lowest prices by date across the window, cheapest at the bottom, whatever their order', () => {
    const line = buildSparkline([{ date: '2026-11-11', amount: '10.00' }, { date: '2026-11-01', amount: '20.00' }, { date: '2026-11-06', amount: '15.00' }], BOX, WINDOW);
    expect(line).toMatchObject({ d: 'M0 0 L50 10 L100 20', count: 3, oldest: { amount: '20.00' }, newest: { amount: '10.00' }, lowest: { date: '2026-11-11' } });
  });

  it('draws a flat line in the middle, a lone point as a dot, and is null without points', () => {
    expect(buildSparkline([{ date: '2026-11-01', amount: '9.00' }, { date: '2026-11-11', amount: '9.00' }], BOX, WINDOW)?.d).toBe('M0 10 L100 10');
    expect(buildSparkline([{ date: '2026-11-06', amount: '12.00' }], BOX, WINDOW)?.d).toBe('M50 10 h0');
    expect(buildSparkline([{ date: '2026-11-06', amount: '12.00' }], { width: 120, height: 32, pad: 3 })?.d).toBe('M60 16 h0');
    expect(buildSparkline([], BOX, WINDOW)).toBeNull();
  });
});

describe('the amount above the lowest ever', () => {
  it('says how far above the lowest ever the best price is, as an exact amount', () => {
    expect(aboveLowestAmount(priced('15.00', '12.00'))).toBe('3.00');
    expect(aboveLowestAmount(priced('12.5', '12.45'))).toBe('0.05');
    expect(aboveLowestAmount(priced('1500', '1200'))).toBe('300');
    expect(aboveLowestAmount(priced('12.00', '12.00'))).toBe('0.00');
    expect(aboveLowestAmount(priced('12.00', null))).toBeNull();
  });
});

describe('the page after sign-in', () => {
  it('is the wishes page when `next` says nothing usable', () => {
    expect(DEFAULT_PAGE).toBe('/wishes.html');
  });
});
