import type { Availability } from '../../../domain/pricing/price-observation.js';
import { availabilityFrom } from './price-text/price-text.js';
import { CandidateSink, candidateFrom, conditionFrom } from './offer-facts.js';
import type { ExtractionContext, SourceOutcome } from './types.js';
import { UnreadSink } from './unread-prices.js';

const PREFIXES = ['product', 'og'] as const;

/**
 * OpenGraph / product meta: `product:price:amount` with `product:price:currency`, then `og:price:amount` with
 * `og:price:currency`; `product:sale_price:amount` (the current price of a discounted item) replaces the regular
 * price when present. Amounts pair with currencies by position; one currency applies to all amounts. List prices
 * (`product:original_price:amount`, `og:price:standard_amount`, `product:retail_price:amount`) are never read as a
 * price. Page-wide, often without VAT or for another variant: a weak witness (combine-sources.ts). An amount that
 * cannot be read is kept as a witness (`unread`).
 */
export function fromMeta(values: Map<string, string[]>, ctx: ExtractionContext): SourceOutcome {
  const sink = new CandidateSink();
  const unread = new UnreadSink();
  const availability = metaAvailability(values);
  const condition = conditionFrom(first(values, ['product:condition', 'og:condition']));
  for (const prefix of PREFIXES) {
    const sale = values.get(`${prefix}:sale_price:amount`) ?? [];
    const kind = sale.length > 0 ? 'sale_price' : 'price';
    const amounts = sale.length > 0 ? sale : (values.get(`${prefix}:price:amount`) ?? []);
    const currencies = values.get(`${prefix}:${kind}:currency`) ?? values.get(`${prefix}:price:currency`) ?? [];
    amounts.forEach((amount, index) => {
      const currency = currencies[index] ?? currencies[0];
      const outcome = candidateFrom({ value: amount, currency, availability, condition, machineReadable: true }, ctx);
      sink.add(outcome);
      unread.note(outcome, { value: amount, condition });
    });
  }
  return { candidates: sink.candidates, problems: sink.problems, ...(unread.values.length > 0 ? { unread: unread.values } : {}) };
}

function first(values: Map<string, string[]>, keys: readonly string[]): string | undefined {
  for (const key of keys) {
    const value = values.get(key)?.[0];
    if (value !== undefined) return value;
  }
  return undefined;
}

function metaAvailability(values: Map<string, string[]>): Availability {
  return availabilityFrom(first(values, ['product:availability', 'og:availability']));
}

/** The page's meta availability, for a price read from elsewhere that says nothing about availability. */
export function availabilityFromMeta(values: Map<string, string[]>): Availability {
  return metaAvailability(values);
}
