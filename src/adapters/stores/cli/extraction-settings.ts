import type { ExtractionConfig, ExtractionSelectors, ExtractionSource } from '../extraction/types.js';
import type { StoreRecipe } from '../recipes/recipe-types.js';
import { SettingsError } from './setting-values.js';

/**
 * A page read with no store recipe and no --currency still needs a currency for prices shown with a bare sign or
 * none; USD is what a bare "$" most often means. The CLI says so whenever it assumes it.
 */
export const ASSUMED_CURRENCY = 'USD';

/** What one reading asks for, checked; unset fields fall back to the store recipe. */
export interface ReadingRequest {
  /** The page's address: its host picks the store recipe when no store key is given. */
  pageUrl: string;
  store?: string | undefined;
  currency?: string | undefined;
  isbn13?: string | undefined;
  /** The edition's GTIN, canonical form. */
  gtin?: string | undefined;
  selectors?: ExtractionSelectors | undefined;
  offerChoice?: 'first' | 'lowest' | undefined;
  trust?: ExtractionSource | undefined;
}

export interface ReadingSettings {
  config: ExtractionConfig;
  /** The recipe that applies (by key, else by the page's host); undefined: none. */
  recipe: StoreRecipe | undefined;
  /** The politeness gate's key: the store's, else the page's host. */
  gateKey: string;
  /** The currency is ASSUMED_CURRENCY: neither the request nor a recipe named one. */
  currencyAssumed: boolean;
}

export interface RecipeCatalogue {
  recipes: readonly StoreRecipe[];
  forUrl(url: string): StoreRecipe | undefined;
}

/** The engine's configuration: the request's own settings over the store recipe's. */
export function settingsFor(request: ReadingRequest, catalogue: RecipeCatalogue): ReadingSettings {
  const recipe = request.store !== undefined ? recipeByKey(request.store, catalogue) : catalogue.forUrl(request.pageUrl);
  const extraction = recipe?.extraction ?? {};
  const currency = request.currency ?? recipe?.currency;
  const selectors = { ...extraction.selectors, ...request.selectors };
  const offerChoice = request.offerChoice ?? extraction.offerChoice;
  const trustSource = request.trust ?? extraction.trustSource;
  const config: ExtractionConfig = {
    defaultCurrency: currency ?? ASSUMED_CURRENCY,
    ...(currency === undefined ? { currencyUnknown: true } : {}),
    ...(Object.keys(selectors).length > 0 ? { selectors } : {}),
    ...(offerChoice !== undefined ? { offerChoice } : {}),
    ...(trustSource !== undefined ? { trustSource } : {}),
    ...(extraction.searchPage !== undefined ? { searchPage: extraction.searchPage } : {}),
    ...(request.isbn13 !== undefined ? { isbn13: request.isbn13 } : {}),
    ...(request.gtin !== undefined ? { gtin: request.gtin } : {}),
  };
  return { config, recipe, gateKey: recipe?.key ?? hostOf(request.pageUrl), currencyAssumed: currency === undefined };
}

function recipeByKey(key: string, catalogue: RecipeCatalogue): StoreRecipe {
  const recipe = catalogue.recipes.find((candidate) => candidate.key === key);
  if (recipe === undefined) {
    throw new SettingsError(`unknown store ${JSON.stringify(key)}: \`npm run extract -- --list-stores\` lists the store keys`);
  }
  return recipe;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}
