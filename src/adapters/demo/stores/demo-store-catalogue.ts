// The four demonstration stores as their shipped recipe files describe them (config/stores/demo-<slug>.json):
// names, currencies and URL paths come from there, so the server answers exactly the URLs the seeded store rows
// point at. The files are read as data here; the store adapter validates them when it seeds the store rows.
import { readFileSync } from 'node:fs';
import { DEMO_STORE_SLUGS, type DemoStoreSlug } from './demo-store-types.js';

const RECIPES_DIR = new URL('../../../../config/stores/', import.meta.url);

interface DemoRecipe {
  key: string;
  name: string;
  currency: string;
  homepageUrl: string;
  productUrlTemplate: string;
}

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
  const shipped = JSON.parse(readFileSync(new URL(`${key}.json`, RECIPES_DIR), 'utf8')) as DemoRecipe;
  if (shipped.key !== key) throw new Error(`config/stores/${key}.json describes ${shipped.key}`);
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
