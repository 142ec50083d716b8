// The user-store case table on PostgreSQL: each case's store and user stored, then asked as production asks for the
// user's stores (sql-reference-catalog.ts): store_sells_to() with the user's effective preferences.
import { playRuleTable } from '../../../contracts/rules/rule-table.js';
import { ruleDatabase } from '../../../contracts/rules/rule-database.js';
import { USER_STORES } from '../../../contracts/rules/user-stores.js';

const on = ruleDatabase();
let cases = 0;

playRuleTable(USER_STORES, 'sql', async ({ store, user }) => {
  const n = ++cases;
  const storeId = await on.idOf(
    `insert into store (store_key, store_name, country, currency, formats, homepage_url, product_url_template, is_active)
     values ($1, $1, $2, $3, $4, 'https://store.example', 'https://store.example/{isbn}', $5) returning store_id`,
    [`rule-store-${n}`, store.country, store.currency, store.formats, store.isActive ?? true],
  );
  const userId = await on.idOf('insert into app_user (subject) values ($1) returning user_id', [`rule-user-${n}`]);
  if (user !== 'no saved preferences') {
    const saved = [userId, user.country, user.currency, user.formats];
    await on.db.sql('insert into user_preferences (user_id, country, currency, formats) values ($1, $2, $3, $4)', saved);
  }
  const rows = await on.db.sql(
    `select s.store_id from store s
     where s.store_id = $2
       and exists (select 1 from effective_preferences u where u.user_id = $1 and store_sells_to(s, u.country, u.currency, u.formats))`,
    [userId, storeId],
  );
  return rows.length === 1;
});
