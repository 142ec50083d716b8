// Turns a store, an ISBN and a behaviour into the HTML the store shows: the deterministic default, or the offer
// a test asked for.
import { DEMO_STORES, type DemoStoreEntry } from './demo-store-catalogue.js';
import { bookFor, defaultOfferFor, relatedBooksFor } from './deterministic-catalogue.js';
import { shiftAmount } from './money-format.js';
import { STORE_THEMES } from './pages/store-themes.js';
import type { DemoBehaviour, DemoStoreSlug } from './demo-store-types.js';
import type { OfferModel, ProductPageModel } from './pages/page-model.js';

const RELATED_COUNT = 4;
const FEATURED_COUNT = 8;

/** Behaviours that still show a product page. */
export type PageBehaviour = Extract<DemoBehaviour, { kind: 'price' | 'no_price' | 'ambiguous' | 'used_and_new' }>;

export function productPage(slug: DemoStoreSlug, isbn: string, seed: string, baseUrl: string, behaviour: PageBehaviour | null): string {
  const store = DEMO_STORES[slug];
  const model: ProductPageModel = {
    store,
    baseUrl,
    book: bookFor(isbn, seed),
    offer: offerFor(store, isbn, seed, behaviour),
    related: relatedBooksFor(slug, isbn, seed, store.currency, RELATED_COUNT),
  };
  return STORE_THEMES[slug].product(model);
}

export function storeNotFoundPage(slug: DemoStoreSlug, requested: string, seed: string, baseUrl: string): string {
  const store = DEMO_STORES[slug];
  const featured = relatedBooksFor(slug, 'not-found', seed, store.currency, RELATED_COUNT);
  return STORE_THEMES[slug].notFound({ store, baseUrl, featured, requested });
}

export function storeHomePage(slug: DemoStoreSlug, seed: string, baseUrl: string): string {
  const store = DEMO_STORES[slug];
  const featured = relatedBooksFor(slug, 'home', seed, store.currency, FEATURED_COUNT);
  return STORE_THEMES[slug].home({ store, baseUrl, featured });
}

function offerFor(store: DemoStoreEntry, isbn: string, seed: string, behaviour: PageBehaviour | null): OfferModel {
  switch (behaviour?.kind) {
    case 'price':
      return { kind: 'single', amount: behaviour.amount, availability: behaviour.availability ?? 'in_stock', listAmount: null };
    case 'no_price':
      return { kind: 'none' };
    case 'ambiguous': {
      const base = defaultOfferFor(store.slug, isbn, seed, store.currency).amount;
      // A second, different price for the same edition: 3.00 (or 300 yen) more.
      return { kind: 'ambiguous', amounts: [base, shiftAmount(base, 300, store.currency)], availability: 'in_stock' };
    }
    case 'used_and_new':
      return { kind: 'used_and_new', newAmount: behaviour.newAmount, usedAmount: behaviour.usedAmount, availability: 'in_stock' };
    case undefined: {
      const offer = defaultOfferFor(store.slug, isbn, seed, store.currency);
      return { kind: 'single', ...offer };
    }
  }
}
