/** The columns (or expressions) the below-max-price condition reads. */
export interface BelowMaxPriceColumns {
  amountMinor: string;
  currency: string;
  availability: string;
  maxMinor: string;
  maxCurrency: string;
  /** The offer's amount converted into the user's currency (a best price's, C11.4); absent: never converted. */
  converted?: { amountMinor: string; currency: string };
}

/**
 * The SQL twin of the domain's isBelowMaxPrice (domain/wishes/wish-prices.ts), for what must run inside a statement:
 * the alert detector's below_max_price and the wishes' below_max_price filter (a filtered page stays full). The
 * offer's price in the max price's currency — its own, else its conversion — at or under the max. True or false, never
 * null (no offer, no max price: false). test/contracts/rules/below-max-price.ts plays the domain's case table through
 * this text: change both, or neither.
 */
export function belowMaxPriceSql(c: BelowMaxPriceColumns): string {
  const compared = c.converted
    ? `(case when ${c.maxCurrency} = ${c.currency} then ${c.amountMinor}
          when ${c.maxCurrency} = ${c.converted.currency} then ${c.converted.amountMinor} end)`
    : null;
  if (compared === null) {
    return `(${c.maxMinor} is not null and ${c.maxCurrency} = ${c.currency} and ${c.amountMinor} <= ${c.maxMinor}
    and ${c.availability} <> 'out_of_stock') is true`;
  }
  return `(${c.maxMinor} is not null and ${compared} <= ${c.maxMinor} and ${c.availability} <> 'out_of_stock') is true`;
}
