import type { Availability } from '../../../../domain/pricing/price-observation.js';

const MAX_TEXT = 1000;
const UNICODE_SPACES = /[\u00a0\u2000-\u200b\u202f\u205f\u3000]/g;

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(UNICODE_SPACES, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * schema.org ItemAvailability, by short name (prefixes schema.org/…, schema:… and case are ignored).
 * - InStock, LimitedAvailability, OnlineOnly, InStoreOnly, MadeToOrder (print on demand) → in_stock: it can be
 *   bought at that price now.
 * - PreOrder, PreSale and BackOrder → preorder: it can be ordered at that price now but ships later.
 * - OutOfStock, SoldOut, Discontinued → out_of_stock.
 * - Reserved and anything else → unknown.
 */
const SCHEMA_AVAILABILITY: Readonly<Record<string, Availability>> = {
  instock: 'in_stock',
  limitedavailability: 'in_stock',
  onlineonly: 'in_stock',
  instoreonly: 'in_stock',
  madetoorder: 'in_stock',
  preorder: 'preorder',
  presale: 'preorder',
  backorder: 'preorder',
  outofstock: 'out_of_stock',
  soldout: 'out_of_stock',
  discontinued: 'out_of_stock',
  oos: 'out_of_stock',
};

// Page words (accents folded). Negations are tested first: "nicht lieferbar" contains "lieferbar".
const OUT_OF_STOCK_WORDS =
  /\b(?:out of stock|sold out|not (?:currently )?(?:in stock|available)|currently unavailable|unavailable|no longer available|out of print|discontinued|nicht (?:mehr )?(?:lieferbar|verfugbar|vorratig|auf lager)|ausverkauft|vergriffen|epuise|rupture de stock|indisponible|non disponible|agotado|no disponible|sin existencias|esaurito|non disponibile|uitverkocht|niet (?:leverbaar|op voorraad|beschikbaar))\b/;
const PREORDER_WORDS =
  /\b(?:pre-? ?orders?|pre-? ?sale|back-? ?order(?:ed)?|vorbestell\w*|erscheint (?:am|im|voraussichtlich)|noch nicht erschienen|pre-? ?commande|en reserva|preventa|prenotazione|in prenotazione|coming soon|forthcoming)\b/;
const IN_STOCK_WORDS =
  /\b(?:in stock|available(?: for order)?|(?:sofort )?lieferbar|auf lager|vorratig|verfugbar|en stock|disponible|en existencia|disponibile|op voorraad|leverbaar|add to (?:cart|basket|bag)|in den warenkorb)\b/;

/**
 * What a page says about availability: a schema.org value ("https://schema.org/InStock", "OutOfStock", "PreOrder"…),
 * an OpenGraph value ("instock", "oos", "available for order") or page words ("In stock", "Nicht lieferbar",
 * "Vorrätig", "Épuisé", "Vorbestellbar"…). Unrecognised or empty text is `unknown`.
 */
export function availabilityFrom(text: string | null | undefined): Availability {
  if (typeof text !== 'string') return 'unknown';
  const folded = fold(text.slice(0, MAX_TEXT));
  if (folded === '') return 'unknown';
  const short = folded
    .replace(/^(?:https?:)?\/\/(?:www\.)?schema\.org\//, '')
    .replace(/^schema:/, '')
    .replace(/[\s_-]+/g, '');
  const known = SCHEMA_AVAILABILITY[short];
  if (known !== undefined) return known;
  if (OUT_OF_STOCK_WORDS.test(folded)) return 'out_of_stock';
  if (PREORDER_WORDS.test(folded)) return 'preorder';
  if (IN_STOCK_WORDS.test(folded)) return 'in_stock';
  return 'unknown';
}
