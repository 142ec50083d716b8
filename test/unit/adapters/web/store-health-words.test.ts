import { describe, expect, it } from 'vitest';
import { attemptsSummary, FAILURE_WORDS, failureSentence, refusalLines, verdictOf } from '../../../../src/adapters/web/client/store-health-words.js';
import { FETCH_FAILURE_KINDS } from '../../../../src/domain/pricing/price-observation.js';

describe('store health in words', () => {
  it('has a sentence for every failure kind the API reports', () => {
    expect(Object.keys(FAILURE_WORDS).sort()).toEqual([...FETCH_FAILURE_KINDS].sort());
    expect(failureSentence('blocked')).toBe('the store showed a robot check');
    expect(failureSentence('no_price')).toBe('the page had no price');
    expect(failureSentence('something_new')).toBe('the fetch failed (something_new)');
  });

  it('says whether a store works, and how often it refused and why', () => {
    expect(verdictOf({ attempts: 0, prices: 0 })).toBe('unused');
    expect(verdictOf({ attempts: 3, prices: 3 })).toBe('working');
    expect(verdictOf({ attempts: 3, prices: 1 })).toBe('some_failures');
    expect(verdictOf({ attempts: 3, prices: 0 })).toBe('failing');
    expect(attemptsSummary({ attempts: 1, prices: 1 })).toBe('1 fetch: 1 price read, 0 refused');
    expect(refusalLines({ timeout: 1, blocked: 3, no_price: 1 })).toEqual(['robot check: 3', 'no price on the page: 1', 'too slow to answer: 1']);
  });
});
