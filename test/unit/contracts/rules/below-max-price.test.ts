// The below-max-price case table through the domain statement (isBelowMaxPrice).
import { isBelowMaxPrice } from '../../../../src/domain/wishes/wish-prices.js';
import { BELOW_MAX_PRICE } from '../../../contracts/rules/below-max-price.js';
import { money } from '../../../contracts/rules/money-text.js';
import { playRuleTable } from '../../../contracts/rules/rule-table.js';

playRuleTable(BELOW_MAX_PRICE, 'domain', ({ maxPrice, offer }) =>
  isBelowMaxPrice(
    maxPrice === null ? null : money(maxPrice),
    offer === null
      ? null
      : {
          price: money(offer.price),
          converted: offer.converted === undefined ? null : { price: money(offer.converted) },
          availability: offer.availability ?? 'in_stock',
        },
  ),
);
