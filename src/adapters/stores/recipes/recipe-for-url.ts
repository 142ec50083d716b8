import { IDENTIFIER_PLACEHOLDER } from '../../../domain/pricing/product-url.js';
import type { StoreRecipe } from './recipe-types.js';

const bareHost = (host: string): string => host.toLowerCase().replace(/^www\./, '');

/** The path before the template's first placeholder (`/nl/nl/s/`), or the homepage's path. */
function pathPrefixes(recipe: StoreRecipe): string[] {
  return [recipe.homepageUrl, recipe.productUrlTemplate.replace(new RegExp(`${IDENTIFIER_PLACEHOLDER.source}.*$`), '')].flatMap((url) => {
    try {
      return [new URL(url).pathname];
    } catch {
      return [];
    }
  });
}

/**
 * The recipe of the store a URL belongs to, by host and port (`www.` optional). Stores sharing a host (bol.com's
 * Dutch and Belgian shops, the demonstration stores) are told apart by the longest path their URLs begin with; a
 * URL under none of their paths belongs to no recipe (applying one store's settings to another's page would be a
 * guess).
 */
export function recipeForUrl(recipes: readonly StoreRecipe[], url: string): StoreRecipe | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  const host = bareHost(parsed.host);
  const candidates = recipes.filter((r) => r.hosts.some((h) => bareHost(h) === host));
  if (candidates.length <= 1) return candidates[0];
  let best: { recipe: StoreRecipe; length: number } | undefined;
  for (const recipe of candidates) {
    const length = Math.max(-1, ...pathPrefixes(recipe).filter((p) => parsed.pathname.startsWith(p)).map((p) => p.length));
    if (length >= 0 && (best === undefined || length > best.length)) best = { recipe, length };
  }
  return best?.recipe;
}
