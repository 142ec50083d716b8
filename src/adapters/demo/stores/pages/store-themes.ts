// Which theme draws which store.
import { buchhandlungTheme } from './buchhandlung-theme.js';
import { cornerBookshopTheme } from './corner-bookshop-theme.js';
import { ebookEmporiumTheme } from './ebook-emporium-theme.js';
import { paperbackPalaceTheme } from './paperback-palace-theme.js';
import type { DemoStoreSlug } from '../demo-store-types.js';
import type { StoreTheme } from './page-model.js';

export const STORE_THEMES: Readonly<Record<DemoStoreSlug, StoreTheme>> = {
  'paperback-palace': paperbackPalaceTheme,
  'ebook-emporium': ebookEmporiumTheme,
  buchhandlung: buchhandlungTheme,
  'corner-bookshop': cornerBookshopTheme,
};
