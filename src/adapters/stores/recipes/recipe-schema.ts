// The recipe file format. Every object is strict: a misspelt field is an error, never silently ignored.
import { z } from 'zod';
import { EXTRACTION_SOURCES, type ExtractionSource } from '../extraction/types.js';
import { selectorProblem } from './css-selector-check.js';
import { isCountryCode, isCurrencyCode } from './iso-codes.js';
import { IDENTIFIER_PLACEHOLDER, IDENTIFIER_PLACEHOLDERS } from '../../../domain/pricing/product-url.js';
import { ANY_DESTINATION } from '../../../domain/pricing/shipping.js';
import { Money } from '../../../domain/shared/money.js';
import { RECIPE_VERIFICATIONS, type RecipeVerification, STORE_FORMATS, type StoreExtraction, type StoreFormat } from './recipe-types.js';

/** Stands in for `{demo}` (DEMO_STORE_URL) while a demonstration store's URLs are checked. */
const DEMO_BASE = 'http://demo.invalid';

/** The message for a value of the wrong kind, and "is required" for a missing one. */
const expecting = (message: string) => ({ error: (issue: { input?: unknown }) => (issue.input === undefined ? 'is required' : message) });

const text = (message: string) => z.string(expecting(message)).trim().min(1, message);

export const STORE_KEY = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

const key = text('must be a text').pipe(
  z.string().max(64, 'must be at most 64 characters').regex(STORE_KEY, 'must be lower-case letters, digits and inner hyphens (a-z, 0-9, -)'),
);

function httpUrlProblem(url: string): string | null {
  try {
    const parsed = new URL(url.replace(/^\{demo\}/, DEMO_BASE));
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? null : 'must be an http:// or https:// URL';
  } catch {
    return 'must be an http:// or https:// URL';
  }
}

const homepageUrl = text('must be a URL').superRefine((url, ctx) => {
  const problem = httpUrlProblem(url);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

const productUrlTemplate = text('must be a URL template').superRefine((template, ctx) => {
  const fail = (message: string): void => ctx.addIssue({ code: 'custom', message });
  if (!IDENTIFIER_PLACEHOLDERS.some((p) => template.includes(p))) return fail('must contain {isbn13}, {isbn}, {isbn10} or {gtin}');
  const unknown = (template.match(/\{[^}]*\}/g) ?? []).filter((p) => p !== '{demo}' && !(IDENTIFIER_PLACEHOLDERS as readonly string[]).includes(p));
  if (unknown.length > 0) return fail(`has unknown placeholder ${unknown[0]} (known: {isbn13}, {isbn}, {isbn10}, {gtin}, {demo})`);
  const problem = httpUrlProblem(template.replace(IDENTIFIER_PLACEHOLDER, '9780000000002'));
  if (problem) fail(problem);
});

const selector = (options: { attribute: boolean }) =>
  text('must be a CSS selector').superRefine((value, ctx) => {
    const problem = selectorProblem(value, options);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const extraction = z.strictObject(
  {
    selectors: z
      .strictObject(
        {
          price: selector({ attribute: true }).optional(),
          currency: selector({ attribute: true }).optional(),
          availability: selector({ attribute: true }).optional(),
        },
        expecting('must be an object with price, currency and/or availability selectors'),
      )
      .optional(),
    offerChoice: z.enum(['first', 'lowest'], expecting('must be first or lowest')).optional(),
    trustSource: z.enum(EXTRACTION_SOURCES as [ExtractionSource, ...ExtractionSource[]], expecting(`must be one of ${EXTRACTION_SOURCES.join(', ')}`)).optional(),
    searchPage: z
      .strictObject({ resultLink: selector({ attribute: false }).optional() }, expecting('must be an object (empty, or with resultLink)'))
      .optional(),
  },
  expecting('must be an object'),
);

const amount = z.string(expecting('must be an amount as a text, such as "2.99"')).regex(/^\d{1,9}(?:\.\d+)?$/, 'must be an amount as a text, such as "2.99"');

const DESTINATION_MESSAGE = 'must be an ISO 3166-1 alpha-2 country code such as DE or GB, or *';

const shippingRate = z.strictObject(
  { flat: amount, freeFrom: amount.optional(), perExtraItem: amount.optional() },
  expecting('must be an object with flat and optionally freeFrom and perExtraItem'),
);

/** Delivery charges per destination country (or `*` for every other one), in the store's currency (C11.5). */
const shipping = z.strictObject(
  {
    currency: z.string(expecting('must be an ISO 4217 currency code such as EUR')).refine(isCurrencyCode, 'must be an ISO 4217 currency code such as EUR').optional(),
    to: z
      .record(
        z.string().refine((code) => code === ANY_DESTINATION || isCountryCode(code)),
        shippingRate,
        // A key the refinement refused comes back as the record's own issue: named here.
        {
          error: (issue: { code?: string; input?: unknown }) =>
            issue.code === 'invalid_key' ? DESTINATION_MESSAGE : issue.input === undefined ? 'is required' : 'must be an object from destination country (or *) to its charges',
        },
      )
      .refine((destinations) => Object.keys(destinations).length > 0, 'must name at least one destination'),
  },
  expecting('must be an object with to (and optionally currency)'),
);

const recipeFields = {
  key,
  name: text('must be a text'),
  country: z.union(
    [z.null(), z.string().refine(isCountryCode, 'must be an ISO 3166-1 alpha-2 country code such as DE or GB, or null')],
    expecting('must be an ISO 3166-1 alpha-2 country code such as DE or GB, or null'),
  ),
  currency: z.string(expecting('must be an ISO 4217 currency code such as EUR')).refine(isCurrencyCode, 'must be an ISO 4217 currency code such as EUR'),
  formats: z
    .array(z.enum(STORE_FORMATS as [StoreFormat, ...StoreFormat[]], expecting(`must be one of ${STORE_FORMATS.join(', ')}`)), expecting('must be a list of formats'))
    .min(1, 'must name at least one format')
    .refine((list) => new Set(list).size === list.length, 'must not repeat a format'),
  homepageUrl,
  productUrlTemplate,
  demo: z.boolean(expecting('must be true or false')),
  hosts: z
    .array(
      z.string(expecting('must be a host name')).regex(/^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/, 'must be a lower-case host name such as www.example.com (no scheme, no path)'),
      expecting('must be a list of host names'),
    )
    .optional(),
  verified: z.enum(RECIPE_VERIFICATIONS as [RecipeVerification, ...RecipeVerification[]], expecting(`must be one of ${RECIPE_VERIFICATIONS.join(', ')}`)),
  notes: z.string(expecting('must be a text')).optional(),
  extraction: extraction.optional(),
  shipping: shipping.optional(),
};

/** A complete recipe: a shipped store, or a store STORES_FILE adds. */
export const recipeSchema = z.strictObject(recipeFields, expecting('must be a JSON object')).superRefine((recipe, ctx) => {
  for (const field of ['homepageUrl', 'productUrlTemplate'] as const) {
    const usesDemo = recipe[field].includes('{demo}');
    if (usesDemo && !recipe.demo) ctx.addIssue({ code: 'custom', path: [field], message: '{demo} is for demonstration stores only (demo: true)' });
    if (usesDemo && !recipe[field].startsWith('{demo}/')) ctx.addIssue({ code: 'custom', path: [field], message: '{demo} must start the URL, followed by /' });
  }
  if (recipe.shipping) checkShippingAmounts(recipe.shipping, recipe.currency, ctx);
  if ((recipe.verified === 'demo') !== recipe.demo) {
    ctx.addIssue({ code: 'custom', path: ['verified'], message: recipe.demo ? 'must be demo for a demonstration store' : 'is demo only for a demonstration store (demo: true)' });
  }
});

/** Shipping is added to the store's prices, so it is stated in their currency, each amount to its minor unit. */
function checkShippingAmounts(given: z.infer<typeof shipping>, storeCurrency: string, ctx: z.RefinementCtx): void {
  if (given.currency !== undefined && given.currency !== storeCurrency) {
    ctx.addIssue({ code: 'custom', path: ['shipping', 'currency'], message: `must be the store's currency (${storeCurrency}): shipping is added to its prices` });
    return;
  }
  for (const [destination, rate] of Object.entries(given.to)) {
    for (const field of ['flat', 'freeFrom', 'perExtraItem'] as const) {
      const value = rate[field];
      if (value === undefined) continue;
      try {
        Money.parse(value, storeCurrency);
      } catch {
        ctx.addIssue({ code: 'custom', path: ['shipping', 'to', destination, field], message: `must have at most ${Money.minorDigits(storeCurrency)} decimals for ${storeCurrency}` });
      }
    }
  }
}

/** An override of a store by key: the key, and only the fields it changes. */
export const overrideSchema = z.strictObject({ ...z.object(recipeFields).partial().shape, key }, expecting('must be a JSON object'));

export type RecipeInput = z.infer<typeof recipeSchema>;
export type OverrideInput = z.infer<typeof overrideSchema>;

// The file format's extraction part is the page reader's: a field added to one must be added to the other.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const extractionMatchesReader: Same<Required<z.infer<typeof extraction>>, Required<StoreExtraction>> = true;
void extractionMatchesReader;
