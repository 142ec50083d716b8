// The alert settings a reader turns on (domain/alerts/alert-settings.ts), as the wish and preferences bodies take them
// and their representations show them: one place for both resources, so the OpenAPI document names the limits once.
import { z } from 'zod';
import {
  type DefaultTarget,
  DROP_PERCENT_MAX,
  DROP_PERCENT_MIN,
  LOWEST_DAYS,
  TARGET_DISCOUNT_MAX,
  TARGET_DISCOUNT_MIN,
} from '../../../domain/alerts/alert-settings.js';
import { Money } from '../../../domain/shared/money.js';

const dropRange = `a whole number from ${DROP_PERCENT_MIN} to ${DROP_PERCENT_MAX}`;

export const AlertDropPercentBody = z.number().int(`must be ${dropRange}`).min(DROP_PERCENT_MIN, `must be ${dropRange}`).max(DROP_PERCENT_MAX, `must be ${dropRange}`).nullable();
export const AlertLowestDaysBody = z.literal(LOWEST_DAYS, { error: `must be one of ${LOWEST_DAYS.join(', ')}, or null` }).nullable();

export const AlertDropPercentJson = z.number().int().min(DROP_PERCENT_MIN).max(DROP_PERCENT_MAX).nullable();
export const AlertLowestDaysJson = z.literal(LOWEST_DAYS).nullable();

const discountRange = `a whole number from ${TARGET_DISCOUNT_MIN} to ${TARGET_DISCOUNT_MAX}`;
const TargetMaxPrice = z.strictObject({
  amount: z.string().max(20).describe('Decimal string, e.g. "12.99"'),
  currency: z.string().max(3).describe('ISO 4217; quotes in another currency never meet it (alerts are not converted)'),
});
const TARGET_WORDS =
  'For every wish without a max_price of its own: alert (below_target) when a price is at or under `max_price`, or at least ' +
  '`discount_percent` % under the lowest price seen before for the edition in the quote\'s currency (0: at or under the lowest ever). ' +
  'Exactly one of the two; null (default): off';

export const DefaultTargetBody = z
  .strictObject({
    max_price: TargetMaxPrice.optional(),
    discount_percent: z.number().int(`must be ${discountRange}`).min(TARGET_DISCOUNT_MIN, `must be ${discountRange}`).max(TARGET_DISCOUNT_MAX, `must be ${discountRange}`).optional(),
  })
  .refine((t) => (t.max_price === undefined) !== (t.discount_percent === undefined), { message: 'name either max_price or discount_percent' })
  .nullable()
  .describe(TARGET_WORDS);

export const DefaultTargetJson = z
  .union([
    z.object({ max_price: z.object({ amount: z.string(), currency: z.string() }) }),
    z.object({ discount_percent: z.number().int().min(TARGET_DISCOUNT_MIN).max(TARGET_DISCOUNT_MAX) }),
  ])
  .nullable()
  .describe(TARGET_WORDS);

/** The body's target as the domain's; undefined when left out (the current one stays). */
export function defaultTargetOf(body: z.infer<typeof DefaultTargetBody> | undefined): DefaultTarget | null | undefined {
  if (body === undefined || body === null) return body;
  if (body.max_price !== undefined) return { maxPrice: Money.parse(body.max_price.amount, body.max_price.currency, 'default_target.max_price.amount') };
  return { discountPercent: body.discount_percent! };
}

export function defaultTargetJson(target: DefaultTarget | null): z.infer<typeof DefaultTargetJson> {
  if (target === null) return null;
  return 'maxPrice' in target ? { max_price: target.maxPrice.toJSON() } : { discount_percent: target.discountPercent };
}
