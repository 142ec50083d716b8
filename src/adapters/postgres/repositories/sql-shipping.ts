/*
 * The SQL twin of the domain's shipping rule (domain/pricing/shipping.ts: shippingRateTo, shippingFor) over
 * store.shipping (migration 21: destination → flat_minor, free_from_minor, per_extra_item_minor in the store's
 * currency), for one item; test/contracts/rules/best-price-scope.ts holds the two equal through the best prices.
 */

/** The store `store`'s charges to `country` (a text expression, null: none named): its own, else `*`'s; null when unknown. */
export const shippingRulesSql = (store: string, country: string): string => `coalesce(${store}.shipping -> (${country})::text, ${store}.shipping -> '*')`;

/**
 * What shipping one item worth `amountMinor` in `currency` costs under `rules` (charges in `storeCurrency`), in minor
 * units; null when the rules do not say or the price is in another currency than theirs.
 */
export function shippingMinorSql(rules: string, amountMinor: string, currency: string, storeCurrency: string): string {
  return `(case when ${rules} is null or ${currency} <> ${storeCurrency} then null
      when ${rules} ->> 'free_from_minor' is not null and ${amountMinor} >= (${rules} ->> 'free_from_minor')::bigint then 0
      else (${rules} ->> 'flat_minor')::bigint end)`;
}
