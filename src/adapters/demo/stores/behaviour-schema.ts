// Checks a behaviour, from code (`set`) or from `POST /__control`, before it is stored.
import { z } from 'zod';
import { isPlainAmount } from './money-format.js';
import { DEMO_STORE_SLUGS, isIsbn13, type DemoBehaviour, type DemoStoreSlug } from './demo-store-types.js';

const amount = z.string().refine(isPlainAmount, 'a plain decimal amount such as "12.99"');
const times = z.number().int().min(1).optional();
/** Upper bound of `huge`, so a typo cannot exhaust memory or disk of the client under test. */
export const MAX_HUGE_MEGABYTES = 256;

export const behaviourSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('price'), amount, availability: z.enum(['in_stock', 'out_of_stock', 'preorder']).optional() }),
  z.strictObject({ kind: z.literal('not_found') }),
  z.strictObject({ kind: z.literal('captcha') }),
  z.strictObject({ kind: z.literal('forbidden') }),
  z.strictObject({ kind: z.literal('rate_limited'), retryAfterSeconds: z.number().int().min(0), times }),
  z.strictObject({ kind: z.literal('server_error'), times }),
  z.strictObject({ kind: z.literal('slow'), delayMs: z.number().int().min(0).max(600_000) }),
  z.strictObject({ kind: z.literal('no_price') }),
  z.strictObject({ kind: z.literal('ambiguous') }),
  z.strictObject({ kind: z.literal('used_and_new'), newAmount: amount, usedAmount: amount }),
  z.strictObject({ kind: z.literal('huge'), megabytes: z.number().positive().max(MAX_HUGE_MEGABYTES) }),
]);

export const controlRequestSchema = z.strictObject({
  store: z.enum(DEMO_STORE_SLUGS),
  isbn: z.string().refine((v) => v === '*' || isIsbn13(v), 'a 13-digit ISBN or "*"'),
  behaviour: behaviourSchema,
});

export const latencyRequestSchema = z.strictObject({ ms: z.number().int().min(0).max(600_000) });

export class InvalidBehaviourError extends Error {}

/** A readable one-line summary of what is wrong. */
export function describeIssues(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.length ? `${i.path.join('.')}: ` : ''}${i.message}`).join('; ');
}

/** The checked control request, or an InvalidBehaviourError. */
export function checkControlRequest(store: string, isbn: string, behaviour: unknown): { store: DemoStoreSlug; isbn: string; behaviour: DemoBehaviour } {
  const parsed = controlRequestSchema.safeParse({ store, isbn, behaviour });
  if (!parsed.success) throw new InvalidBehaviourError(describeIssues(parsed.error));
  return parsed.data;
}
