// Below max price: a wish's max price and an offer (its best price, or a new quote for the below_max_price alert).
// Stated once in the domain (isBelowMaxPrice, domain/wishes/wish-prices.ts: a wish's belowMaxPrice in production, and
// the alert rules); its SQL twin (sql-below-max-price.ts) filters the wishes list and detects alerts.
import type { Availability } from '../../../src/domain/pricing/price-observation.js';
import type { RuleTable } from './rule-table.js';

export interface BelowMaxPriceCase {
  name: string;
  /** "15.00" (EUR) or "15.00 GBP"; null: the wish has none. */
  maxPrice: string | null;
  /** The offer's price, its conversion into the user's currency (a converted best price, C11.4) and availability (in stock unless told); null: no offer. */
  offer: { price: string; converted?: string; availability?: Availability } | null;
  below: boolean;
}

export const BELOW_MAX_PRICE: RuleTable<BelowMaxPriceCase, boolean> = {
  rule: 'below max price',
  domain: 'isBelowMaxPrice (domain/wishes/wish-prices.ts)',
  sql: 'belowMaxPriceSql (sql-below-max-price.ts)',
  expected: (c) => c.below,
  cases: [
    { name: 'under the max', maxPrice: '15.00', offer: { price: '14.00' }, below: true },
    { name: 'equal to the max counts ("at or under")', maxPrice: '15.00', offer: { price: '15.00' }, below: true },
    { name: 'one cent over does not', maxPrice: '15.00', offer: { price: '15.01' }, below: false },
    { name: 'a free offer under a max of 0', maxPrice: '0.00', offer: { price: '0.00' }, below: true },
    { name: 'no max price: never', maxPrice: null, offer: { price: '0.01' }, below: false },
    { name: 'no offer: never', maxPrice: '15.00', offer: null, below: false },
    { name: 'no max price and no offer: never', maxPrice: null, offer: null, below: false },
    { name: 'a max in another currency, not converted: never', maxPrice: '50.00 GBP', offer: { price: '10.00' }, below: false },
    { name: 'the same amount in another currency is another price', maxPrice: '14.00 GBP', offer: { price: '14.00' }, below: false },
    { name: 'out of stock is no buying chance', maxPrice: '15.00', offer: { price: '14.00', availability: 'out_of_stock' }, below: false },
    { name: 'a preorder can be bought', maxPrice: '15.00', offer: { price: '14.00', availability: 'preorder' }, below: true },
    { name: 'an unknown availability can be bought', maxPrice: '15.00', offer: { price: '15.00', availability: 'unknown' }, below: true },
    { name: 'a currency without minor digits compares whole units', maxPrice: '1500 JPY', offer: { price: '1500 JPY' }, below: true },
    { name: 'a currency with three minor digits compares to the last one', maxPrice: '1.234 KWD', offer: { price: '1.235 KWD' }, below: false },
    { name: 'amounts are compared as numbers, not text', maxPrice: '100.00', offer: { price: '99.99' }, below: true },

    // A best price converted into the user's currency (C11.4)
    { name: 'converted: the converted amount is compared with a max in the user’s currency', maxPrice: '12.00', offer: { price: '10.00 GBP', converted: '12.00' }, below: true },
    { name: 'converted: a converted amount over the max is not below it', maxPrice: '12.00', offer: { price: '9.00 GBP', converted: '12.01' }, below: false },
    { name: 'converted: a max in the quote’s own currency compares the quote’s own amount', maxPrice: '10.00 GBP', offer: { price: '10.00 GBP', converted: '12.50' }, below: true },
    { name: 'converted: a max in a third currency: never', maxPrice: '50.00 USD', offer: { price: '10.00 GBP', converted: '12.50' }, below: false },
    { name: 'converted and out of stock: no buying chance', maxPrice: '15.00', offer: { price: '10.00 GBP', converted: '12.50', availability: 'out_of_stock' }, below: false },
  ],
};
