// The below-max-price case table through its SQL twin on PostgreSQL: the very texts the alert detector (a quote, never
// converted) and the wishes' below_max_price filter (a best offer, with its conversion) embed, over columns typed as
// theirs (a quote's or a best offer's, a wish's max price).
import { belowMaxPriceSql } from '../../../../src/adapters/postgres/repositories/sql-below-max-price.js';
import { BELOW_MAX_PRICE } from '../../../contracts/rules/below-max-price.js';
import { money } from '../../../contracts/rules/money-text.js';
import { ruleDatabase } from '../../../contracts/rules/rule-database.js';
import { playRuleTable } from '../../../contracts/rules/rule-table.js';

const on = ruleDatabase();

const COLUMNS = {
  amountMinor: 'o.amount_minor',
  currency: 'o.currency',
  availability: 'o.availability',
  maxMinor: 'o.max_price_minor',
  maxCurrency: 'o.max_price_currency',
};
/** The alert detector's text: a quote is never converted. */
const BELOW = belowMaxPriceSql(COLUMNS);
/** The wishes' filter: a best offer and its amount in the user's currency. */
const BELOW_CONVERTED = belowMaxPriceSql({ ...COLUMNS, converted: { amountMinor: 'o.user_minor', currency: 'o.user_currency' } });

playRuleTable(BELOW_MAX_PRICE, 'sql', async ({ maxPrice, offer }) => {
  const max = maxPrice === null ? null : money(maxPrice);
  const price = offer === null ? null : money(offer.price);
  const converted = offer?.converted === undefined ? null : money(offer.converted);
  // A best offer in the user's currency is its own amount in it.
  const user = converted ?? price;
  const [row] = await on.db.sql<{ below: boolean; below_converted: boolean }>(
    `select ${BELOW} as below, ${BELOW_CONVERTED} as below_converted
     from (select $1::bigint as amount_minor, $2::char(3) as currency, $3::text as availability,
                  $4::bigint as max_price_minor, $5::char(3) as max_price_currency,
                  $6::bigint as user_minor, $7::char(3) as user_currency) o`,
    [
      price?.toMinor().toString() ?? null,
      price?.currency ?? null,
      offer === null ? null : (offer.availability ?? 'in_stock'),
      max?.toMinor().toString() ?? null,
      max?.currency ?? null,
      user?.toMinor().toString() ?? null,
      user?.currency ?? null,
    ],
  );
  // Not converted, both texts must agree; converted, only the wishes' filter reads the conversion.
  if (converted === null && row!.below !== row!.below_converted) throw new Error('the alert detector’s and the wishes’ texts disagree');
  return row!.below_converted;
});
