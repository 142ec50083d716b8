// The stores shipped with Shelfwatch, as their recipe files (config/stores/*.json) describe them, `{demo}` kept.
// Kept for the demonstration store server and the benchmarks, which need the shipped stores only.
import { loadStoreRecipes, type StoreFormat, type StoreRecipe } from './store-recipes.js';

export type ShippedFormat = StoreFormat;
export type ShippedStore = StoreRecipe;

export const SHIPPED_STORES: readonly ShippedStore[] = loadStoreRecipes();
