// The default-preferences case table on PostgreSQL: each case's user stored (with the preferences saved, if any),
// then read from the effective_preferences view.
import { DEFAULT_PREFERENCES_TABLE } from '../../../contracts/rules/default-preferences.js';
import { playRuleTable } from '../../../contracts/rules/rule-table.js';
import { ruleDatabase } from '../../../contracts/rules/rule-database.js';

const on = ruleDatabase();
let cases = 0;

playRuleTable(DEFAULT_PREFERENCES_TABLE, 'sql', async ({ saved }) => {
  const userId = await on.idOf('insert into app_user (subject) values ($1) returning user_id', [`rule-user-${++cases}`]);
  if (saved !== null) {
    await on.db.sql(
      'insert into user_preferences (user_id, country, currency, formats, alert_email, convert_currencies) values ($1, $2, $3, $4, $5, $6)',
      [userId, saved.country, saved.currency, saved.formats, saved.alertEmail, saved.convertCurrencies],
    );
  }
  const [row] = await on.db.sql<{ country: string | null; currency: string; formats: string[]; convert_currencies: boolean }>(
    'select country, currency, formats, convert_currencies from effective_preferences where user_id = $1',
    [userId],
  );
  return { country: row!.country, currency: row!.currency, formats: row!.formats, convertCurrencies: row!.convert_currencies };
});
