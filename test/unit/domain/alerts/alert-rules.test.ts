// The facts a new quote is compared with (alertFactsFor). The kinds each quote raises are told as stories in the case
// table test/contracts/rules/alert-kinds.ts, played through the domain (test/unit/contracts/rules/alert-kinds.test.ts)
// and through the SQL detector (test/integration/contracts/rules/alert-kinds.test.ts).
import { describe, expect, it } from 'vitest';
import { alertFactsFor, windowStart } from '../../../../src/domain/alerts/alert-facts.js';
import { alertKindsRaised } from '../../../../src/domain/alerts/alert-rules.js';
import { ALERTS_OFF } from '../../../../src/domain/alerts/alert-settings.js';
import { money } from '../../../contracts/rules/money-text.js';

const at = (iso: string) => new Date(iso);
const NOW = at('2026-03-31T12:00:00Z');

describe('the facts a new quote is compared with', () => {
  it('take the store’s previous price in the quote’s currency, its previous availability in any, and the lowest over every store', () => {
    const facts = alertFactsFor({
      quote: { storeId: 1, price: money('13.00'), availability: 'in_stock', fetchedAt: NOW },
      earlierQuotesOfEdition: [
        { storeId: 2, price: money('9.00'), availability: 'out_of_stock', fetchedAt: NOW },
        { storeId: 1, price: money('16.00'), availability: 'in_stock', monthLowest: money('11.00'), fetchedAt: NOW },
        { storeId: 1, price: money('7.00 GBP'), availability: 'out_of_stock', fetchedAt: NOW },
      ],
      maxPrice: money('15.00'),
      lastAlerted: {},
      settings: ALERTS_OFF,
    });
    expect(facts.previousPriceAtStore).toEqual(money('16.00'));
    expect(facts.previousAvailabilityAtStore).toBe('out_of_stock');
    expect(facts.lowestBefore).toEqual(money('9.00'));
    expect(facts.lowestInDaysBefore).toBeNull();
  });

  it('are empty for the edition’s first quote, which then raises below_max_price at most', () => {
    const facts = alertFactsFor({
      quote: { storeId: 1, price: money('10.00'), availability: 'in_stock', fetchedAt: NOW },
      earlierQuotesOfEdition: [],
      maxPrice: money('10.00'),
      lastAlerted: {},
      settings: { dropPercent: 5, lowestDays: 30, defaultTarget: { discountPercent: 0 } },
    });
    expect(facts).toMatchObject({ previousPriceAtStore: null, previousAvailabilityAtStore: null, lowestBefore: null, lowestInDaysBefore: null });
    expect(alertKindsRaised(facts)).toEqual(['below_max_price']);
  });

  it('take the lowest of the window from the quotes fetched since midnight UTC N days before the quote’s day', () => {
    const facts = alertFactsFor({
      quote: { storeId: 1, price: money('13.00'), availability: 'in_stock', fetchedAt: NOW },
      earlierQuotesOfEdition: [
        { storeId: 2, price: money('8.00'), availability: 'in_stock', fetchedAt: at('2026-02-28T23:59:59Z') },
        { storeId: 2, price: money('9.00'), availability: 'in_stock', fetchedAt: at('2026-03-01T00:00:00Z') },
        { storeId: 1, price: money('5.00 GBP'), availability: 'in_stock', fetchedAt: NOW },
      ],
      maxPrice: null,
      lastAlerted: {},
      settings: { ...ALERTS_OFF, lowestDays: 30 },
    });
    expect(facts.lowestBefore).toEqual(money('8.00'));
    expect(facts.lowestInDaysBefore).toEqual(money('9.00'));
  });

  it('start the window at midnight UTC, whatever the hour of the quote', () => {
    expect(windowStart(at('2026-03-31T00:00:01Z'), 30)).toEqual(at('2026-03-01T00:00:00Z'));
    expect(windowStart(at('2026-03-31T23:59:59Z'), 30)).toEqual(at('2026-03-01T00:00:00Z'));
    expect(windowStart(at('2026-03-31T12:00:00Z'), 365)).toEqual(at('2025-03-31T00:00:00Z'));
  });
});
