import { fileURLToPath } from 'node:url';
import { IDENTIFIER_PLACEHOLDER } from '../../../domain/pricing/product-url.js';
import { type RecipeEntry, readRecipeEntries } from './recipe-files.js';
import { entryLabel, issueLines, StoreRecipeError } from './recipe-problems.js';
import { overrideSchema, type RecipeInput, recipeSchema } from './recipe-schema.js';
import type { StoreRecipe } from './recipe-types.js';
import { byShippedOrder } from './shipped-order.js';

/** The shipped recipes: one file per store. */
export const SHIPPED_RECIPES_DIR = fileURLToPath(new URL('../../../../config/stores/', import.meta.url));
const SHIPPED_SHOWN_AS = 'config/stores';

interface Placed {
  input: RecipeInput;
  /** The file that last defined or changed the store. */
  file: string;
}

export interface LoadOptions {
  /** STORES_FILE: a recipe file (one recipe or an array) or a folder of them, adding stores or overriding shipped ones by key. */
  storesFile?: string | undefined;
  /** DEMO_STORE_URL, put in place of `{demo}`; without it `{demo}` stays and demonstration stores have no hosts. */
  demoStoreUrl?: string;
}

/**
 * The shipped recipes in release order (shipped-order.ts), then the stores STORES_FILE adds in file order.
 * An entry of STORES_FILE whose key is a shipped store's overrides it: it gives only the fields it changes (a
 * given `extraction` replaces the shipped one whole). Throws a StoreRecipeError naming every bad file, store and field.
 */
export function loadStoreRecipes(options: LoadOptions = {}): StoreRecipe[] {
  const problems: string[] = [];
  const shipped = readRecipeEntries(SHIPPED_RECIPES_DIR, SHIPPED_SHOWN_AS);
  problems.push(...shipped.problems);
  const placed = new Map<string, Placed>();
  for (const entry of shipped.entries) {
    const recipe = validate(entry, problems);
    if (recipe) place(placed, recipe, entry, problems);
  }
  const shippedKeys = new Set(placed.keys());
  const order = [...placed.values()].sort((a, b) => byShippedOrder(a.input.key, b.input.key));
  placed.clear();
  for (const p of order) placed.set(p.input.key, p);

  if (options.storesFile !== undefined) {
    const added = readRecipeEntries(options.storesFile);
    problems.push(...added.problems);
    const seen = new Map<string, string>();
    for (const entry of added.entries) {
      const label = entryLabel(entry);
      const key = (entry.value as { key?: unknown }).key;
      if (typeof key === 'string' && seen.has(key)) {
        problems.push(`${label}: key: ${key} is already defined in ${seen.get(key)}`);
        continue;
      }
      if (typeof key === 'string') seen.set(key, entry.file);
      const base = typeof key === 'string' && shippedKeys.has(key) ? placed.get(key) : undefined;
      const recipe = base ? override(entry, base.input, problems) : validate(entry, problems);
      if (recipe) placed.set(recipe.key, { input: recipe, file: entry.file });
    }
  }
  if (problems.length > 0) throw new StoreRecipeError(problems);
  return [...placed.values()].map((p) => resolve(p.input, options.demoStoreUrl));
}

function validate(entry: RecipeEntry, problems: string[]): RecipeInput | null {
  const parsed = recipeSchema.safeParse(entry.value);
  if (parsed.success) return parsed.data;
  problems.push(...issueLines(entryLabel(entry), parsed.error.issues));
  return null;
}

function override(entry: RecipeEntry, shipped: RecipeInput, problems: string[]): RecipeInput | null {
  const changes = overrideSchema.safeParse(entry.value);
  if (!changes.success) {
    problems.push(...issueLines(entryLabel(entry), changes.error.issues));
    return null;
  }
  return validate({ ...entry, value: { ...shipped, ...changes.data } }, problems);
}

function place(placed: Map<string, Placed>, recipe: RecipeInput, entry: RecipeEntry, problems: string[]): void {
  const earlier = placed.get(recipe.key);
  if (earlier) problems.push(`${entryLabel(entry)}: key: ${recipe.key} is already defined in ${earlier.file}`);
  else placed.set(recipe.key, { input: recipe, file: entry.file });
}

function resolve(input: RecipeInput, demoStoreUrl: string | undefined): StoreRecipe {
  const demo = (url: string): string => (demoStoreUrl === undefined ? url : url.replace('{demo}', demoStoreUrl.replace(/\/+$/, '')));
  const homepageUrl = demo(input.homepageUrl);
  const productUrlTemplate = demo(input.productUrlTemplate);
  return {
    key: input.key,
    name: input.name,
    country: input.country,
    currency: input.currency,
    formats: [...input.formats],
    homepageUrl,
    productUrlTemplate,
    demo: input.demo,
    hosts: [...new Set([hostOf(homepageUrl), hostOf(productUrlTemplate), ...(input.hosts ?? [])].filter((h): h is string => h !== null))],
    verified: input.verified,
    ...(input.notes === undefined ? {} : { notes: input.notes }),
    extraction: input.extraction ?? {},
    shipping: input.shipping?.to ?? null,
  };
}

function hostOf(url: string): string | null {
  if (url.includes('{demo}')) return null;
  try {
    // With its port when it is not the scheme's default: two local servers are two stores.
    return new URL(url.replace(IDENTIFIER_PLACEHOLDER, '0')).host.toLowerCase();
  } catch {
    return null;
  }
}
