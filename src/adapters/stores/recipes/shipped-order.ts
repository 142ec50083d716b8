/**
 * The order the shipped stores were released in. A fresh database numbers its stores in this order, and a fetch
 * run works a bundle's stores by id, so a new release appends here and never reorders. Shipped files missing from
 * the list come after it, by key.
 */
export const SHIPPED_ORDER: readonly string[] = [
  'demo-paperback-palace',
  'demo-ebook-emporium',
  'demo-buchhandlung',
  'demo-corner-bookshop',
  'bookshop-org-us',
  'bookshop-org-uk',
  'blackwells-uk',
  'waterstones-uk',
  'powells-us',
  'barnes-noble-us',
  'indigo-ca',
  'thalia-de',
  'hugendubel-de',
  'fnac-fr',
  'bol-nl',
  'casa-del-libro-es',
  'adlibris-se',
  'booktopia-au',
  'kinokuniya-jp',
  'kobo-intl',
  'amazon-us',
  'amazon-uk',
  'amazon-de',
  'amazon-fr',
  'amazon-es',
  'bol-be',
];

/** Sorts shipped stores by release order; unlisted ones last, by key. */
export function byShippedOrder(a: string, b: string): number {
  const rank = (key: string): number => {
    const at = SHIPPED_ORDER.indexOf(key);
    return at === -1 ? SHIPPED_ORDER.length : at;
  };
  return rank(a) - rank(b) || a.localeCompare(b);
}
