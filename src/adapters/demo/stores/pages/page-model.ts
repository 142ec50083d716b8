// What a store theme needs to draw its pages; the server fills it from the behaviour and the deterministic catalogue.
import type { DemoStoreEntry } from '../demo-store-catalogue.js';
import type { DemoAvailability } from '../demo-store-types.js';
import type { DemoBook, RelatedBook } from '../deterministic-catalogue.js';

/** The offer block of a product page. */
export type OfferModel =
  /** One price for the edition (with an optional higher list price shown struck through). */
  | { kind: 'single'; amount: string; availability: DemoAvailability; listAmount: string | null }
  /** No price at all: the book cannot be ordered here. */
  | { kind: 'none' }
  /** Two different prices for the same edition. */
  | { kind: 'ambiguous'; amounts: readonly [string, string]; availability: DemoAvailability }
  /** A new copy and a second-hand copy. */
  | { kind: 'used_and_new'; newAmount: string; usedAmount: string; availability: DemoAvailability };

export interface ProductPageModel {
  store: DemoStoreEntry;
  /** The server's base URL, for canonical links. */
  baseUrl: string;
  book: DemoBook;
  offer: OfferModel;
  related: readonly RelatedBook[];
}

export interface StorePageModel {
  store: DemoStoreEntry;
  baseUrl: string;
  /** Books shown on the front page or under a "not found" message. */
  featured: readonly RelatedBook[];
}

export interface NotFoundPageModel extends StorePageModel {
  /** What was asked for (an ISBN, maybe malformed). */
  requested: string;
}

/** How one store draws its pages. */
export interface StoreTheme {
  product(model: ProductPageModel): string;
  notFound(model: NotFoundPageModel): string;
  home(model: StorePageModel): string;
}
