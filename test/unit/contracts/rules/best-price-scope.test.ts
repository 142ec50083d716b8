// The best-price-scope case table through the domain statement: the reader's stores by storeInPriceScope, the stores'
// shipping and the case's rates as the domain reads them, then bestQuoteOf and lowestQuoteOf over the case's quotes.
import type { ReferenceRateDay } from '../../../../src/domain/pricing/exchange-rates.js';
import { ANY_DESTINATION, type ShippingRules } from '../../../../src/domain/pricing/shipping.js';
import { Money } from '../../../../src/domain/shared/money.js';
import { type PriceScope, type ScopedEdition, type StoredQuote, bestQuoteOf, lowestQuoteOf } from '../../../../src/domain/wishes/price-scope.js';
import { storeInPriceScope } from '../../../../src/domain/wishes/user-stores.js';
import { deliveredPrice } from '../../../../src/domain/pricing/shipping.js';
import { money } from '../../../contracts/rules/money-text.js';
import {
  BEST_PRICE_SCOPE,
  conversionText,
  DEFAULT_READER,
  dayOf,
  fetchedAt,
  SCOPE_EDITIONS,
  SCOPE_STORES,
  type ScopeEdition,
  type ScopeShipping,
  type ScopeStore,
  shown,
} from '../../../contracts/rules/best-price-scope.js';
import { playRuleTable } from '../../../contracts/rules/rule-table.js';
import type { StoreShape } from '../../../contracts/rules/user-stores.js';

// Ids ascend along the tables' order, as the SQL side creates them.
const editionIds = Object.keys(SCOPE_EDITIONS) as ScopeEdition[];
const storeIds = Object.keys(SCOPE_STORES) as ScopeStore[];
const idOf = (names: readonly string[], name: string) => names.indexOf(name) + 1;
const languages = ['en', 'de', 'fr'];

const editions: ScopedEdition[] = editionIds.map((name) => ({
  id: idOf(editionIds, name),
  format: SCOPE_EDITIONS[name].format,
  languageId: idOf(languages, SCOPE_EDITIONS[name].language),
}));

const storeOf = (name: ScopeStore) => {
  const store: StoreShape = SCOPE_STORES[name];
  return { ...store, formats: [...store.formats], isActive: store.isActive ?? true };
};

/** A recipe's shipping as the domain's rules: amounts in the store's currency. */
function shippingRules(name: ScopeStore): ShippingRules | null {
  const store = SCOPE_STORES[name] as StoreShape & { shipping?: ScopeShipping };
  if (store.shipping === undefined) return null;
  const amount = (text: string | undefined) => (text === undefined ? null : Money.parse(text, store.currency));
  return new Map(
    Object.entries(store.shipping).map(([to, rate]) => [
      to === '*' ? ANY_DESTINATION : to,
      { flat: amount(rate.flat)!, freeFrom: amount(rate.freeFrom), perExtraItem: amount(rate.perExtraItem) },
    ]),
  );
}

playRuleTable(BEST_PRICE_SCOPE, 'domain', ({ reader = DEFAULT_READER, rates = [], quotes }) => {
  const preferences = { ...reader, convertCurrencies: reader.convert ?? false };
  const scope: PriceScope = {
    currency: reader.currency,
    formats: reader.formats,
    languageIds: reader.languages.map((code) => idOf(languages, code)),
    storeIds: new Set(storeIds.filter((s) => storeInPriceScope(storeOf(s), preferences)).map((s) => idOf(storeIds, s))),
    convert: preferences.convertCurrencies,
    rates: rates.map((r): ReferenceRateDay => ({ day: dayOf(r.day), perEuro: new Map(Object.entries(r.perEuro)) })),
    country: reader.country,
    shipping: new Map(storeIds.map((s) => [idOf(storeIds, s), shippingRules(s)])),
  };
  const stored = quotes.map(
    (q): StoredQuote => ({
      editionId: idOf(editionIds, q.edition),
      storeId: idOf(storeIds, q.at),
      price: money(q.price),
      availability: q.availability ?? 'in_stock',
      fetchedAt: fetchedAt(q.day),
      monthLowest: q.monthLowest === undefined ? null : money(q.monthLowest),
    }),
  );
  const nameOf = (quote: StoredQuote): string => quotes[stored.indexOf(quote)]!.name;
  const best = bestQuoteOf(scope, editions, stored);
  const lowest = lowestQuoteOf(scope, editions, stored);
  return {
    best:
      best === null
        ? null
        : {
            quote: nameOf(best.quote),
            price: shown(best.quote.price),
            converted:
              best.converted === null
                ? null
                : conversionText({
                    ...best.converted,
                    shipping: best.userShipping,
                    delivered: deliveredPrice(best.converted.price, best.userShipping),
                  }),
            shipping: shown(best.shipping),
            delivered: shown(deliveredPrice(best.quote.price, best.shipping)),
          },
    lowest:
      lowest === null
        ? null
        : { quote: nameOf(lowest.quote), price: shown(lowest.price), converted: lowest.converted === null ? null : conversionText(lowest.converted) },
  };
});
