// How availability reads in structured data and on the page, per language.
import type { DemoAvailability } from '../demo-store-types.js';

export const SCHEMA_ORG_AVAILABILITY: Record<DemoAvailability, string> = {
  in_stock: 'https://schema.org/InStock',
  out_of_stock: 'https://schema.org/OutOfStock',
  preorder: 'https://schema.org/PreOrder',
};

/** Values of `product:availability` in OpenGraph product markup. */
export const OPEN_GRAPH_AVAILABILITY: Record<DemoAvailability, string> = {
  in_stock: 'in stock',
  out_of_stock: 'out of stock',
  preorder: 'preorder',
};

export const ENGLISH_AVAILABILITY: Record<DemoAvailability, string> = {
  in_stock: 'In stock',
  out_of_stock: 'Out of stock',
  preorder: 'Available to pre-order',
};

export const GERMAN_AVAILABILITY: Record<DemoAvailability, string> = {
  in_stock: 'Sofort lieferbar',
  out_of_stock: 'Derzeit nicht lieferbar',
  preorder: 'Vorbestellbar',
};
