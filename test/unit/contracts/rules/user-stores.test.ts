// The user-store case table through the domain statement (storeSellsTo, with effectivePreferences for a user who
// saved none).
import { effectivePreferences } from '../../../../src/domain/wishes/preferences.js';
import { storeSellsTo } from '../../../../src/domain/wishes/user-stores.js';
import { playRuleTable } from '../../../contracts/rules/rule-table.js';
import { USER_STORES } from '../../../contracts/rules/user-stores.js';

playRuleTable(USER_STORES, 'domain', ({ store, user }) =>
  storeSellsTo({ ...store, isActive: store.isActive ?? true }, user === 'no saved preferences' ? effectivePreferences(null) : user),
);
