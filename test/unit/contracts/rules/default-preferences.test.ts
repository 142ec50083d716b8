// The default-preferences case table through the domain statement (effectivePreferences).
import { effectivePreferences } from '../../../../src/domain/wishes/preferences.js';
import { DEFAULT_PREFERENCES_TABLE } from '../../../contracts/rules/default-preferences.js';
import { playRuleTable } from '../../../contracts/rules/rule-table.js';

playRuleTable(DEFAULT_PREFERENCES_TABLE, 'domain', ({ saved }) => {
  const { country, currency, formats, convertCurrencies, alertDefaults } = effectivePreferences(saved);
  return { country, currency, formats, convertCurrencies, alertDefaults };
});
