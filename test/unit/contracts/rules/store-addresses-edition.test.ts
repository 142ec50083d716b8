// The store-addresses-edition case table through the domain statement (expandProductUrl gives a URL).
import { expandProductUrl } from '../../../../src/domain/pricing/product-url.js';
import { playRuleTable } from '../../../contracts/rules/rule-table.js';
import { STORE_ADDRESSES_EDITION } from '../../../contracts/rules/store-addresses-edition.js';

playRuleTable(STORE_ADDRESSES_EDITION, 'domain', ({ template, isbn13, gtin }) => expandProductUrl(template, { isbn13, gtin }) !== null);
