// Stores shipped with Shelfwatch. Keys are stable: the seeder upserts by key, never renumber or reuse one.
// Demonstration stores point at the bundled demonstration store server ({demo} is DEMO_STORE_URL) and are
// active when DEMO_STORES is on. Real stores ship disabled; an operator enables them with ENABLED_STORES
// after checking the store's terms allow automated price checks.

export type ShippedFormat = 'hardcover' | 'paperback' | 'ebook' | 'audiobook';

export interface ShippedStore {
  key: string;
  name: string;
  /** ISO 3166-1 alpha-2, null for an international store. */
  country: string | null;
  currency: string;
  formats: ShippedFormat[];
  homepageUrl: string;
  /** `{isbn13}` is replaced by the edition's ISBN; `{demo}` by DEMO_STORE_URL. */
  productUrlTemplate: string;
  demo: boolean;
  /** Reading hints for the HTML adapter: CSS selectors, and which offer counts when several differ. */
  extraction?: { selectors?: { price?: string; currency?: string; availability?: string }; offerChoice?: 'lowest' | 'first' };
}

const PRINT: ShippedFormat[] = ['hardcover', 'paperback'];
const ALL: ShippedFormat[] = ['hardcover', 'paperback', 'ebook', 'audiobook'];

export const SHIPPED_STORES: readonly ShippedStore[] = [
  // Demonstration stores: each serves pages in a different markup style (JSON-LD, microdata, meta tags, CSS).
  // All four sell paperbacks, so one paperback edition is asked at every demonstration store (the daily fetch
  // benchmark's "10,000 editions at 4 stores"); Ebook Emporium sells paperbacks beside its ebooks and audiobooks.
  { key: 'demo-paperback-palace', name: 'Paperback Palace (demo)', country: null, currency: 'EUR', formats: PRINT, homepageUrl: '{demo}/paperback-palace/', productUrlTemplate: '{demo}/paperback-palace/isbn/{isbn13}', demo: true },
  { key: 'demo-ebook-emporium', name: 'Ebook Emporium (demo)', country: null, currency: 'EUR', formats: ['paperback', 'ebook', 'audiobook'], homepageUrl: '{demo}/ebook-emporium/', productUrlTemplate: '{demo}/ebook-emporium/books/{isbn13}', demo: true },
  { key: 'demo-buchhandlung', name: 'Buchhandlung Beispiel (demo)', country: 'DE', currency: 'EUR', formats: ALL, homepageUrl: '{demo}/buchhandlung/', productUrlTemplate: '{demo}/buchhandlung/artikel/{isbn13}', demo: true },
  { key: 'demo-corner-bookshop', name: 'Corner Bookshop (demo)', country: 'GB', currency: 'GBP', formats: PRINT, homepageUrl: '{demo}/corner-bookshop/', productUrlTemplate: '{demo}/corner-bookshop/product/{isbn13}', demo: true,
    extraction: { selectors: { price: '.product-price .price-now', availability: '.stock-status' } } },

  // Real bookstores, disabled by default.
  { key: 'bookshop-org-us', name: 'Bookshop.org', country: 'US', currency: 'USD', formats: PRINT, homepageUrl: 'https://bookshop.org/', productUrlTemplate: 'https://bookshop.org/book/{isbn13}', demo: false },
  { key: 'bookshop-org-uk', name: 'Bookshop.org UK', country: 'GB', currency: 'GBP', formats: PRINT, homepageUrl: 'https://uk.bookshop.org/', productUrlTemplate: 'https://uk.bookshop.org/book/{isbn13}', demo: false },
  { key: 'blackwells-uk', name: "Blackwell's", country: 'GB', currency: 'GBP', formats: PRINT, homepageUrl: 'https://blackwells.co.uk/', productUrlTemplate: 'https://blackwells.co.uk/bookshop/product/{isbn13}', demo: false },
  { key: 'waterstones-uk', name: 'Waterstones', country: 'GB', currency: 'GBP', formats: PRINT, homepageUrl: 'https://www.waterstones.com/', productUrlTemplate: 'https://www.waterstones.com/books/search/term/{isbn13}', demo: false },
  { key: 'powells-us', name: "Powell's Books", country: 'US', currency: 'USD', formats: PRINT, homepageUrl: 'https://www.powells.com/', productUrlTemplate: 'https://www.powells.com/book/-{isbn13}', demo: false },
  { key: 'barnes-noble-us', name: 'Barnes & Noble', country: 'US', currency: 'USD', formats: ALL, homepageUrl: 'https://www.barnesandnoble.com/', productUrlTemplate: 'https://www.barnesandnoble.com/s/{isbn13}', demo: false },
  { key: 'indigo-ca', name: 'Indigo', country: 'CA', currency: 'CAD', formats: PRINT, homepageUrl: 'https://www.indigo.ca/', productUrlTemplate: 'https://www.indigo.ca/en-ca/search?q={isbn13}', demo: false },
  { key: 'thalia-de', name: 'Thalia', country: 'DE', currency: 'EUR', formats: ALL, homepageUrl: 'https://www.thalia.de/', productUrlTemplate: 'https://www.thalia.de/suche?sq={isbn13}', demo: false },
  { key: 'hugendubel-de', name: 'Hugendubel', country: 'DE', currency: 'EUR', formats: ALL, homepageUrl: 'https://www.hugendubel.de/', productUrlTemplate: 'https://www.hugendubel.de/de/search?q={isbn13}', demo: false },
  { key: 'fnac-fr', name: 'Fnac', country: 'FR', currency: 'EUR', formats: PRINT, homepageUrl: 'https://www.fnac.com/', productUrlTemplate: 'https://www.fnac.com/SearchResult/ResultList.aspx?Search={isbn13}', demo: false },
  { key: 'bol-nl', name: 'bol.', country: 'NL', currency: 'EUR', formats: ALL, homepageUrl: 'https://www.bol.com/', productUrlTemplate: 'https://www.bol.com/nl/nl/s/?searchtext={isbn13}', demo: false },
  { key: 'casa-del-libro-es', name: 'Casa del Libro', country: 'ES', currency: 'EUR', formats: PRINT, homepageUrl: 'https://www.casadellibro.com/', productUrlTemplate: 'https://www.casadellibro.com/busqueda-generica?busqueda={isbn13}', demo: false },
  { key: 'adlibris-se', name: 'Adlibris', country: 'SE', currency: 'SEK', formats: PRINT, homepageUrl: 'https://www.adlibris.com/se', productUrlTemplate: 'https://www.adlibris.com/se/bok/-{isbn13}', demo: false },
  { key: 'booktopia-au', name: 'Booktopia', country: 'AU', currency: 'AUD', formats: PRINT, homepageUrl: 'https://www.booktopia.com.au/', productUrlTemplate: 'https://www.booktopia.com.au/search.ep?keywords={isbn13}', demo: false },
  { key: 'kinokuniya-jp', name: 'Kinokuniya', country: 'JP', currency: 'JPY', formats: PRINT, homepageUrl: 'https://www.kinokuniya.co.jp/', productUrlTemplate: 'https://www.kinokuniya.co.jp/f/dsg-01-{isbn13}', demo: false },
  { key: 'kobo-intl', name: 'Rakuten Kobo', country: null, currency: 'USD', formats: ['ebook', 'audiobook'], homepageUrl: 'https://www.kobo.com/', productUrlTemplate: 'https://www.kobo.com/search?query={isbn13}', demo: false },
];
