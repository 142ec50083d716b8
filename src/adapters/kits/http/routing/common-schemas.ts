import { z } from 'zod';
import { textLength } from '../../../../domain/shared/text-length.js';
import { documentAs } from './documented-as.js';

/** A positive integer id in a JSON body. */
export const IdValue = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/**
 * A positive integer id in a path or query string. The text is checked as text (so `1.5`, `1e3`, `01` and `+1` are
 * refused, each a 400 naming the parameter); the document states what a client sends: an integer from 1.
 */
export const IdText = documentAs(
  z
    .string()
    .regex(/^[1-9]\d{0,15}$/, 'must be a positive integer id')
    .transform(Number)
    .pipe(z.number().max(Number.MAX_SAFE_INTEGER, 'is out of range')),
  { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
);

export const IdParams = z.strictObject({ id: IdText });

/**
 * A text of `min` to `max` characters, counted as PostgreSQL, JSON Schema's maxLength and the domain count them (code
 * points: an emoji is one character), not as JavaScript's `.length` counts UTF-16 units; trimmed first with `trim`.
 */
export function TextOf(max: number, options: { min?: number; trim?: boolean } = {}) {
  const min = options.min ?? 0;
  const base = options.trim ? z.string().trim() : z.string();
  const message = min > 0 ? `must be ${min} to ${max} characters` : `must be at most ${max} characters`;
  return documentAs(
    base.refine((text) => {
      const length = textLength(text);
      return length >= min && length <= max;
    }, message),
    { type: 'string', ...(min > 0 ? { minLength: min } : {}), maxLength: max },
  );
}

/** A boolean in a query string: exactly `true` or `false` (no `1`, `yes`, `TRUE` or empty value). */
export const BooleanText = z
  .enum(['true', 'false'], { error: 'must be true or false' })
  .transform((value) => value === 'true');

export const PER_PAGE_DEFAULT = 20;
export const PER_PAGE_MAX = 100;

/** `per_page` (1..100, default 20, never clamped) and `cursor`, shared by every list endpoint. */
export const PageQuery = {
  per_page: z
    .string()
    // The pattern is exactly 1..100, so the OpenAPI document states the limit the API enforces.
    .regex(/^(?:[1-9]\d?|100)$/, `must be an integer from 1 to ${PER_PAGE_MAX}`)
    .transform(Number)
    .default(PER_PAGE_DEFAULT)
    .describe(`Page size, 1 to ${PER_PAGE_MAX}; default ${PER_PAGE_DEFAULT}`),
  cursor: z.string().max(512).optional().describe('Opaque position from a `_links` href; never built by clients'),
};

export const Timestamp = z.string().describe('ISO 8601 UTC timestamp');

export const LinkSchema = z.object({ href: z.string() });
export const LinksSchema = z.object({
  self: LinkSchema,
  first: LinkSchema,
  last: LinkSchema,
  prev: LinkSchema.optional(),
  next: LinkSchema.optional(),
});

export function collectionOf(item: z.ZodType) {
  return z.object({ data: z.array(item), _links: LinksSchema });
}

export const ErrorSchema = z.object({
  error: z.string(),
  message: z.string(),
  details: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
