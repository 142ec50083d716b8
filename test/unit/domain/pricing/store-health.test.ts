import { describe, expect, it } from 'vitest';
import { healthMessage, healthWindowStart, HEALTH_MESSAGE_MAX, storeHealthOf } from '../../../../src/domain/pricing/store-health.js';

const SINCE = new Date('2026-11-22T10:00:00Z');
const at = (iso: string) => new Date(iso);

describe('storeHealthOf', () => {
  it('adds up prices and refusals so that attempts = prices + the refusals, listing only the kinds that occurred', () => {
    const health = storeHealthOf(3, SINCE, [
      { outcome: 'price', count: 5, lastAt: at('2026-11-28T01:00:00Z'), lastMessage: null },
      { outcome: 'price', count: 2, lastAt: at('2026-11-29T01:00:00Z'), lastMessage: null },
      { outcome: 'timeout', count: 1, lastAt: at('2026-11-27T01:00:00Z'), lastMessage: 'no answer in 10 s' },
      { outcome: 'blocked', count: 4, lastAt: at('2026-11-28T02:00:00Z'), lastMessage: 'a robot check' },
      { outcome: 'blocked', count: 0, lastAt: at('2026-11-29T05:00:00Z'), lastMessage: 'never counted' },
    ]);
    expect(health).toEqual({
      storeId: 3,
      since: SINCE,
      attempts: 12,
      prices: 7,
      // In the order of the failure kinds, whatever the order of the tallies.
      refusals: { blocked: 4, timeout: 1 },
      lastPriceAt: at('2026-11-29T01:00:00Z'),
      lastFailure: { kind: 'blocked', message: 'a robot check', at: at('2026-11-28T02:00:00Z') },
    });
    expect(Object.keys(health.refusals)).toEqual(['blocked', 'timeout']);
  });

  it('is empty for a store nothing was fetched from', () => {
    expect(storeHealthOf(1, SINCE, [])).toEqual({ storeId: 1, since: SINCE, attempts: 0, prices: 0, refusals: {}, lastPriceAt: null, lastFailure: null });
  });
});

describe('the health window and messages', () => {
  it('starts 7 days before now', () => {
    expect(healthWindowStart(at('2026-11-29T10:00:00Z'))).toEqual(SINCE);
  });

  it('keeps a failure message on one line and bounded', () => {
    expect(healthMessage('  HTTP 503\n  from   the store ')).toBe('HTTP 503 from the store');
    const long = healthMessage('é'.repeat(1000));
    expect([...long]).toHaveLength(HEALTH_MESSAGE_MAX);
    expect(long.endsWith('…')).toBe(true);
  });
});
