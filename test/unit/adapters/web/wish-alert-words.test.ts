// A wish's own alerts and the account's defaults in words (the wishes and book pages' "Alerts" control).
import { describe, expect, it } from 'vitest';
import {
  type AlertDefaults,
  defaultTargetText,
  dropDefaultText,
  lowestDefaultOption,
  ownAlertsText,
} from '../../../../src/adapters/web/client/wish-alert-words.js';

const account = (drop: number | null, days: number | null, target: AlertDefaults['default_target'] = null): AlertDefaults => ({
  alert_drop_percent: drop,
  alert_lowest_days: days,
  default_target: target,
});

describe('a wish’s own alerts in words', () => {
  it('names what the wish sets itself, or says it follows the account', () => {
    expect(ownAlertsText({ alert_drop_percent: null, alert_lowest_days: null })).toBe('account defaults');
    expect(ownAlertsText({ alert_drop_percent: 15, alert_lowest_days: null })).toBe('15 % drop');
    expect(ownAlertsText({ alert_drop_percent: null, alert_lowest_days: 90 })).toBe('lowest of 90 days');
    expect(ownAlertsText({ alert_drop_percent: 5, alert_lowest_days: 365 })).toBe('5 % drop, lowest of 365 days');
  });

  it('says what an empty percentage and the first option follow: the account’s value, off, or nothing before it is known', () => {
    expect(dropDefaultText(account(20, null))).toBe('empty: the account default (20 %)');
    expect(dropDefaultText(account(null, 30))).toBe('empty: the account default (off)');
    expect(dropDefaultText(null)).toBe('empty: the account default');
    expect(lowestDefaultOption(account(null, 30))).toBe('Account default (30 days)');
    expect(lowestDefaultOption(account(20, null))).toBe('Account default (off)');
    expect(lowestDefaultOption(null)).toBe('Account default');
  });

  it('names the default target, which only wishes without a max price meet', () => {
    expect(defaultTargetText(account(null, null))).toBeNull();
    expect(defaultTargetText(null)).toBeNull();
    expect(defaultTargetText(account(null, null, { max_price: { amount: '1234.50', currency: 'EUR' } }))).toBe(
      'Your default target (1,234.50 EUR) applies while a wish has no max price of its own.',
    );
    expect(defaultTargetText(account(null, null, { discount_percent: 10 }))).toMatch(/^Your default target \(10 % under the lowest price ever\)/);
    expect(defaultTargetText(account(null, null, { discount_percent: 0 }))).toMatch(/\(at or under the lowest price ever\)/);
  });
});
