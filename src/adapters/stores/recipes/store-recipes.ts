// Store recipes: how Shelfwatch finds and reads an edition's page at each store. They are data (config/stores/*.json,
// plus STORES_FILE), validated when loaded; this module is their public face.
export type { RecipeVerification, StoreExtraction, StoreFormat, StoreRecipe } from './recipe-types.js';
export { RECIPE_VERIFICATIONS, STORE_FORMATS } from './recipe-types.js';
export { type LoadOptions, loadStoreRecipes, SHIPPED_RECIPES_DIR } from './load-store-recipes.js';
export { StoreRecipeError } from './recipe-problems.js';
export { recipeForUrl } from './recipe-for-url.js';
export { expandProductUrl } from '../../../domain/pricing/product-url.js';
export { isbn10Of } from '../../../domain/catalog/isbn10.js';
