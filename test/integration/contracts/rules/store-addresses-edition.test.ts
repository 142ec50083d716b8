// The store-addresses-edition case table on PostgreSQL: the production condition over one store and one edition row.
import { STORE_ADDRESSES_EDITION as ADDRESSES } from '../../../../src/adapters/postgres/repositories/sql-pricing-repository.js';
import { ruleDatabase } from '../../../contracts/rules/rule-database.js';
import { playRuleTable } from '../../../contracts/rules/rule-table.js';
import { STORE_ADDRESSES_EDITION } from '../../../contracts/rules/store-addresses-edition.js';

const on = ruleDatabase();

playRuleTable(STORE_ADDRESSES_EDITION, 'sql', async ({ template, isbn13, gtin }) => {
  const [row] = await on.db.sql<{ addressed: boolean }>(
    `select (${ADDRESSES}) as addressed
     from (select $1::text as product_url_template) s, (select $2::text as isbn, $3::text as gtin) e`,
    [template, isbn13, gtin],
  );
  return row!.addressed;
});
