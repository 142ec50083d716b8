/**
 * The kinds of edition the catalog tracks: the one list. Imports, metadata sources, store recipes and wish filters
 * name these (their types alias `EditionFormat`), and the `edition.format` check constraint holds the same four.
 */
export const EDITION_FORMATS = ['hardcover', 'paperback', 'ebook', 'audiobook'] as const;
export type EditionFormat = (typeof EDITION_FORMATS)[number];
