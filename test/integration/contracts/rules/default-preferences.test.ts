// The default-preferences case table on PostgreSQL: each case's user stored (with the preferences saved, if any),
// then read from the effective_preferences view.
import type { DefaultTarget, LowestDays } from '../../../../src/domain/alerts/alert-settings.js';
import type { EditionFormat } from '../../../../src/domain/catalog/edition.js';
import { Money } from '../../../../src/domain/shared/money.js';
import { DEFAULT_PREFERENCES_TABLE } from '../../../contracts/rules/default-preferences.js';
import { playRuleTable } from '../../../contracts/rules/rule-table.js';
import { ruleDatabase } from '../../../contracts/rules/rule-database.js';

const on = ruleDatabase();
let cases = 0;

interface ViewRow {
  country: string | null;
  currency: string;
  formats: string[];
  convert_currencies: boolean;
  alert_drop_percent: number | null;
  alert_lowest_days: number | null;
  default_target_minor: string | null;
  default_target_currency: string | null;
  default_target_discount_percent: number | null;
}

function targetOf(row: ViewRow): DefaultTarget | null {
  if (row.default_target_minor !== null) return { maxPrice: Money.fromMinor(BigInt(row.default_target_minor), row.default_target_currency!.trim()) };
  return row.default_target_discount_percent === null ? null : { discountPercent: row.default_target_discount_percent };
}

playRuleTable(DEFAULT_PREFERENCES_TABLE, 'sql', async ({ saved }) => {
  const userId = await on.idOf('insert into app_user (subject) values ($1) returning user_id', [`rule-user-${++cases}`]);
  if (saved !== null) {
    const target = saved.alertDefaults.defaultTarget;
    const max = target !== null && 'maxPrice' in target ? target.maxPrice : null;
    await on.db.sql(
      `insert into user_preferences (user_id, country, currency, formats, alert_email, convert_currencies,
         alert_drop_percent, alert_lowest_days, default_target_minor, default_target_currency, default_target_discount_percent)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        userId, saved.country, saved.currency, saved.formats, saved.alertEmail, saved.convertCurrencies,
        saved.alertDefaults.dropPercent, saved.alertDefaults.lowestDays, max?.toMinor().toString() ?? null, max?.currency ?? null,
        target !== null && 'discountPercent' in target ? target.discountPercent : null,
      ],
    );
  }
  const [row] = await on.db.sql<ViewRow>(
    `select country, currency, formats, convert_currencies, alert_drop_percent, alert_lowest_days,
       default_target_minor, default_target_currency, default_target_discount_percent
     from effective_preferences where user_id = $1`,
    [userId],
  );
  return {
    country: row!.country,
    currency: row!.currency,
    formats: row!.formats as EditionFormat[],
    convertCurrencies: row!.convert_currencies,
    alertDefaults: { dropPercent: row!.alert_drop_percent, lowestDays: row!.alert_lowest_days as LowestDays | null, defaultTarget: targetOf(row!) },
  };
});
