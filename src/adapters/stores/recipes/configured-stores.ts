import type { StoresConfig } from '../../../../config/config.js';
import { loadStoreRecipes } from './load-store-recipes.js';
import type { StoreRecipe } from './recipe-types.js';

/** A recipe and whether this deployment asks the store: demonstration stores by DEMO_STORES, the others by STORES. */
export interface ConfiguredStore extends StoreRecipe {
  isActive: boolean;
}

/** The stores this deployment knows: the shipped recipes and STORES_FILE's, each active or not by configuration. */
export function configuredStores(stores: StoresConfig): ConfiguredStore[] {
  return loadStoreRecipes({ storesFile: stores.storesFile ?? undefined, demoStoreUrl: stores.demoStoreUrl }).map((recipe) => ({
    ...recipe,
    isActive: recipe.demo ? stores.demoStores : stores.enabledStores.includes(recipe.key),
  }));
}
