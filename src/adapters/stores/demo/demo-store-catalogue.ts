// The four demonstration stores as shipped in ../recipes/shipped-stores.ts: names, currencies and URL paths
// come from there, so the server answers exactly the URLs the seeded store rows point at.
import { SHIPPED_STORES } from '../recipes/shipped-stores.js';
import { DEMO_STORE_SLUGS, type DemoStoreSlug } from './demo-store-types.js';

export interface DemoStoreEntry {
  slug: DemoStoreSlug;
  /** The shipped store key, `demo-<slug>`. */
  key: string;
  name: string;
  currency: string;
  /** Path of the store's front page, e.g. `/paperback-palace/`. */
  homePath: string;
  /** Path before the ISBN on a product page, e.g. `/paperback-palace/isbn/`. */
  productPathPrefix: string;
  /** The product page path for an ISBN. */
  productPath(isbn: string): string;
}

function entryFor(slug: DemoStoreSlug): DemoStoreEntry {
  const key = `demo-${slug}`;
  const shipped = SHIPPED_STORES.find((s) => s.key === key);
  if (!shipped) throw new Error(`The shipped stores have no ${key}`);
  const template = shipped.productUrlTemplate.replace('{demo}', '');
  const [prefix, suffix] = template.split('{isbn13}');
  if (prefix === undefined || suffix !== '' || !prefix.startsWith(`/${slug}/`)) {
    throw new Error(`Unexpected product URL template for ${key}: ${shipped.productUrlTemplate}`);
  }
  return {
    slug,
    key,
    name: shipped.name.replace(/\s*\(demo\)$/, ''),
    currency: shipped.currency,
    homePath: shipped.homepageUrl.replace('{demo}', ''),
    productPathPrefix: prefix,
    productPath: (isbn) => `${prefix}${isbn}`,
  };
}

export const DEMO_STORES: Readonly<Record<DemoStoreSlug, DemoStoreEntry>> = Object.fromEntries(
  DEMO_STORE_SLUGS.map((slug) => [slug, entryFor(slug)]),
) as Record<DemoStoreSlug, DemoStoreEntry>;
