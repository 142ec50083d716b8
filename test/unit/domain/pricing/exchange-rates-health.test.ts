import { describe, expect, it } from 'vitest';
import { exchangeRatesHealth, type RatesHealthFacts } from '../../../../src/domain/pricing/exchange-rates-health.js';

const updated = { at: new Date('2026-11-27T16:05:00Z'), outcome: 'updated', reason: null, message: null, newestDay: '2026-11-27' } as const;
const refused = { at: new Date('2026-11-28T16:05:00Z'), outcome: 'refused', reason: 'missing', message: 'eurofxref-daily.xml answered 404', newestDay: null } as const;
const facts = (more: Partial<RatesHealthFacts>): RatesHealthFacts => ({
  enabled: true, newestDay: '2026-11-27', currencyCount: 29, lastRefresh: updated, today: '2026-11-29', ...more,
});

describe('exchangeRatesHealth', () => {
  it('is usable with no problem when the newest day is recent and the last refresh stored it', () => {
    expect(exchangeRatesHealth(facts({}))).toEqual({
      enabled: true, newestDay: '2026-11-27', ageDays: 2, currencyCount: 29, usable: true, lastRefresh: updated, problem: null,
    });
  });

  it('stays usable up to 7 days, not on the 8th: a quote converts at a rate at most 7 days older', () => {
    expect(exchangeRatesHealth(facts({ today: '2026-12-04' })).usable).toBe(true);
    const late = exchangeRatesHealth(facts({ today: '2026-12-05' }));
    expect(late).toMatchObject({ usable: false, ageDays: 8 });
    expect(late.problem).toBe('The newest exchange rates are of 2026-11-27, 8 days ago: quotes fetched after 2026-12-04 are not converted and stay out of the prices.');
  });

  it('names a refused refresh: as a warning while the kept rates are usable, as the cause when they are not', () => {
    expect(exchangeRatesHealth(facts({ lastRefresh: refused })).problem).toBe(
      'The last refresh was refused (missing): eurofxref-daily.xml answered 404; the rates of 2026-11-27 are used meanwhile.',
    );
    expect(exchangeRatesHealth(facts({ lastRefresh: refused, today: '2026-12-10' })).problem).toBe(
      'The newest exchange rates are of 2026-11-27, 13 days ago: quotes fetched after 2026-12-04 are not converted and stay out of the prices; ' +
        'the last refresh was refused (missing): eurofxref-daily.xml answered 404.',
    );
  });

  it('says when no rates are kept, and when they are not fetched at all', () => {
    expect(exchangeRatesHealth(facts({ newestDay: null, currencyCount: 0, lastRefresh: null }))).toMatchObject({
      usable: false, ageDays: null, problem: 'No exchange rates are kept, so quotes in other currencies are not converted.',
    });
    expect(exchangeRatesHealth(facts({ enabled: false, newestDay: null, currencyCount: 0, lastRefresh: null })).problem).toBe(
      'No exchange rates are kept, so quotes in other currencies are not converted: exchange rates are not fetched (FX_RATES=off).',
    );
    expect(exchangeRatesHealth(facts({ enabled: false })).problem).toBe('Exchange rates are not fetched (FX_RATES=off); the rates of 2026-11-27 are used meanwhile.');
  });
});
