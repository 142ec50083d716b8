// The alert rules, told as stories (test/support/alert-rule-cases.ts): each quote of a story raises exactly the kinds
// the story says. The parity test (test/integration/pricing/alert-rules-parity.test.ts) holds the SQL to the same.
import { describe, expect, it } from 'vitest';
import { alertFactsFor } from '../../../../src/domain/alerts/alert-facts.js';
import { alertKindsRaised } from '../../../../src/domain/alerts/alert-rules.js';
import { ALERT_RULE_CASES, domainOutcomes, expectedOutcomes, money } from '../../../support/alert-rule-cases.js';

describe('alert rules', () => {
  it.each(ALERT_RULE_CASES.map((story) => [story.name, story] as const))('%s', (_name, story) => {
    expect(domainOutcomes(story)).toEqual(expectedOutcomes(story));
  });
});

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
