// The facts a new quote is compared with (alertFactsFor). The kinds each quote raises are told as stories in the case
// table test/contracts/rules/alert-kinds.ts, played through the domain (test/unit/contracts/rules/alert-kinds.test.ts)
// and through the SQL detector (test/integration/contracts/rules/alert-kinds.test.ts).
import { describe, expect, it } from 'vitest';
import { alertFactsFor } from '../../../../src/domain/alerts/alert-facts.js';
import { alertKindsRaised } from '../../../../src/domain/alerts/alert-rules.js';
import { money } from '../../../contracts/rules/money-text.js';

describe('the facts a new quote is compared with', () => {
  it('take the store’s previous price in the quote’s currency, its previous availability in any, and the lowest over every store', () => {
    const facts = alertFactsFor({
      quote: { storeId: 1, price: money('13.00'), availability: 'in_stock' },
      earlierQuotesOfEdition: [
        { storeId: 2, price: money('9.00'), availability: 'out_of_stock' },
        { storeId: 1, price: money('16.00'), availability: 'in_stock', monthLowest: money('11.00') },
        { storeId: 1, price: money('7.00 GBP'), availability: 'out_of_stock' },
      ],
      maxPrice: money('15.00'),
      lastAlerted: {},
    });
    expect(facts.previousPriceAtStore).toEqual(money('16.00'));
    expect(facts.previousAvailabilityAtStore).toBe('out_of_stock');
    expect(facts.lowestBefore).toEqual(money('9.00'));
  });

  it('are empty for the edition’s first quote, which then raises below_max_price at most', () => {
    const facts = alertFactsFor({
      quote: { storeId: 1, price: money('10.00'), availability: 'in_stock' },
      earlierQuotesOfEdition: [],
      maxPrice: money('10.00'),
      lastAlerted: {},
    });
    expect(facts).toMatchObject({ previousPriceAtStore: null, previousAvailabilityAtStore: null, lowestBefore: null });
    expect(alertKindsRaised(facts)).toEqual(['below_max_price']);
  });
});
