import { EDITION_FORMATS, type EditionFormat } from '../../../domain/catalog/edition.js';
import type { ExtractionConfig } from '../extraction/types.js';

/** The formats a store sells: the catalog's. */
export type StoreFormat = EditionFormat;
export const STORE_FORMATS: readonly StoreFormat[] = EDITION_FORMATS;

/** Whether a recipe was checked against saved real pages of the store, is a best reading of public material, or reads a demonstration store. */
export type RecipeVerification = 'saved-pages' | 'unverified' | 'demo';
export const RECIPE_VERIFICATIONS: readonly RecipeVerification[] = ['saved-pages', 'unverified', 'demo'];

/** How the page reader reads a store's pages: the store-specific part of ExtractionConfig, stored as `store.extraction`. */
// A store's currency is its recipe's own field, so a recipe never reads a page without one.
export type StoreExtraction = Omit<ExtractionConfig, 'defaultCurrency' | 'isbn13' | 'gtin' | 'currencyUnknown'>;

/** One store as a recipe file describes it, with `{demo}` expanded when a demonstration store URL was given. */
export interface StoreRecipe {
  /** Stable: the seeder upserts by key; never rename or reuse one. */
  key: string;
  name: string;
  /** ISO 3166-1 alpha-2; null for an international store. */
  country: string | null;
  /** ISO 4217: the store's prices when a page shows only a symbol. */
  currency: string;
  formats: StoreFormat[];
  homepageUrl: string;
  /**
   * `{isbn13}`/`{isbn}` become the ISBN-13, `{isbn10}` the ISBN-10 (none for 979- editions), `{gtin}` the GTIN or else
   * the ISBN-13. An edition the template cannot address (no ISBN-10, or only a GTIN for an ISBN placeholder) skips it.
   */
  productUrlTemplate: string;
  demo: boolean;
  /** Every host name of the store: those of homepageUrl and productUrlTemplate, then the recipe's extra ones. */
  hosts: string[];
  verified: RecipeVerification;
  notes?: string | undefined;
  extraction: StoreExtraction;
  /** Delivery charges per destination (C11.5); null when the recipe says nothing (shipping unknown). */
  shipping: RecipeShipping | null;
}

/** A recipe's shipping, in the store's currency: destination country (or `*`) → charges as amounts. */
export type RecipeShipping = Record<string, { flat: string; freeFrom?: string | undefined; perExtraItem?: string | undefined }>;
