import type { EditionFormat } from '../../catalog/edition.js';

/** The kinds of edition an export's binding, format or media column can name: the catalog's formats. */
export type ImportFormat = EditionFormat;
