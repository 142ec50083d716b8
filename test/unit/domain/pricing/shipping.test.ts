import { describe, expect, it } from 'vitest';
import { deliveredPrice, rankingAmount, shippingFor, type ShippingRules } from '../../../../src/domain/pricing/shipping.js';
import { Money } from '../../../../src/domain/shared/money.js';

const gbp = (amount: string) => Money.parse(amount, 'GBP');
const rules: ShippingRules = new Map([
  ['GB', { flat: gbp('2.99'), freeFrom: gbp('25.00'), perExtraItem: null }],
  ['*', { flat: gbp('7.50'), freeFrom: null, perExtraItem: gbp('1.50') }],
]);

describe('shipping to a destination', () => {
  it('charges the country its own flat fee, free from the order amount on', () => {
    expect(shippingFor(rules, 'GB', gbp('24.99'))).toEqual(gbp('2.99'));
    expect(shippingFor(rules, 'GB', gbp('25.00'))).toEqual(gbp('0.00'));
  });

  it('charges every other country the wildcard, with each extra item', () => {
    expect(shippingFor(rules, 'DE', gbp('99.00'))).toEqual(gbp('7.50'));
    expect(shippingFor(rules, 'DE', gbp('99.00'), 3)).toEqual(gbp('10.50'));
    expect(shippingFor(rules, null, gbp('5.00'))).toEqual(gbp('7.50'));
  });

  it('is unknown without rules, without a rule for the destination, or in another currency', () => {
    expect(shippingFor(null, 'GB', gbp('5.00'))).toBeNull();
    expect(shippingFor(new Map([['GB', rules.get('GB')!]]), 'FR', gbp('5.00'))).toBeNull();
    expect(shippingFor(rules, 'GB', Money.parse('5.00', 'EUR'))).toBeNull();
  });
});

describe('the delivered price', () => {
  it('adds the shipping, or is unknown with it', () => {
    expect(deliveredPrice(gbp('12.99'), gbp('3.50'))).toEqual(gbp('16.49'));
    expect(deliveredPrice(gbp('12.99'), null)).toBeNull();
  });

  it('ranks by the delivered price, and by the price alone when shipping is unknown', () => {
    expect(rankingAmount(gbp('12.99'), gbp('4.50'))).toEqual(gbp('17.49'));
    expect(rankingAmount(gbp('12.99'), null)).toEqual(gbp('12.99'));
  });
});
