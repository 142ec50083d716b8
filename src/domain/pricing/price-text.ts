import { Money } from '../shared/money.js';
import type { Availability } from './price-observation.js';

/**
 * Reading prices and availability as store pages write them ("18,09 €", "US$ 12", "1.234,56", "Sofort lieferbar").
 * Pure functions: no I/O, no locale tables from the platform; the rules are spelled out below.
 *
 * Decimal separator rules, for one number:
 * - both "." and "," present: the last one is the decimal separator ("1.234,56", "1,234.56");
 * - digits grouped by spaces (also NBSP, narrow NBSP, thin space) or apostrophes are thousands ("1 234,56", "1'234.50");
 * - one separator kind used several times is thousands ("1.234.567");
 * - one separator used once: decimal, except when exactly three digits follow and the integer part is not 0
 *   ("1.500 €" is 1500, "1,500" is 1500): then thousands — unless the currency has three minor digits (BHD, KWD…)
 *   or the text is machine-readable (a schema.org `content`/JSON-LD value) and the separator is ".".
 */

export interface PriceTextHints {
  /** Currency to assume when the text shows no currency, and to resolve "$", "¥", "kr" and "Rs". */
  currency?: string | null;
  /**
   * The text is a machine value (JSON-LD `price`, microdata `content`): a lone "." is always the decimal
   * separator ("18.090" is 18.09, not 18090). Human text is read with the thousands heuristic above.
   */
  machineReadable?: boolean;
}

export interface ParsedPrice {
  /** Normalised to the currency's minor digits when the currency is known; else the plain decimal ("18.09"). */
  amount: string;
  currency: string | null;
}

const DOLLAR_CURRENCIES = new Set([
  'USD', 'CAD', 'AUD', 'NZD', 'HKD', 'SGD', 'TWD', 'MXN', 'ARS', 'CLP', 'COP', 'UYU', 'BSD', 'BBD', 'BZD', 'BMD',
  'BND', 'FJD', 'GYD', 'JMD', 'KYD', 'LRD', 'NAD', 'SBD', 'SRD', 'TTD', 'XCD', 'DOP', 'CUP',
]);
const KRONA_CURRENCIES = new Set(['SEK', 'NOK', 'DKK', 'ISK']);
const RUPEE_CURRENCIES = new Set(['INR', 'PKR', 'LKR', 'NPR', 'MUR', 'SCR']);
const YEN_YUAN_CURRENCIES = new Set(['JPY', 'CNY']);

/** A currency sign that cannot be resolved without a hint ("kr" on a page of a store whose currency is not a krona). */
const UNRESOLVED = '?';

type Resolver = (hint: string | null) => string;
const fixed = (code: string): Resolver => () => code;
const fromHint = (family: Set<string>, fallback: string): Resolver => (hint) => (hint !== null && family.has(hint) ? hint : fallback);

/** Currency signs, longest first so that "US$" wins over "$". Letters compare case-insensitively. */
const SIGNS: ReadonlyArray<readonly [string, Resolver]> = [
  ['euros', fixed('EUR')],
  ['euro', fixed('EUR')],
  ['Mex$', fixed('MXN')],
  ['SFr.', fixed('CHF')],
  ['US$', fixed('USD')],
  ['CA$', fixed('CAD')],
  ['AU$', fixed('AUD')],
  ['NZ$', fixed('NZD')],
  ['HK$', fixed('HKD')],
  ['NT$', fixed('TWD')],
  ['Rs.', fromHint(RUPEE_CURRENCIES, 'INR')],
  ['kr.', fromHint(KRONA_CURRENCIES, UNRESOLVED)],
  ['Fr.', fixed('CHF')],
  ['lei', fixed('RON')],
  ['C$', fixed('CAD')],
  ['A$', fixed('AUD')],
  ['S$', fixed('SGD')],
  ['R$', fixed('BRL')],
  ['zł', fixed('PLN')],
  ['Kč', fixed('CZK')],
  ['Ft', fixed('HUF')],
  ['kr', fromHint(KRONA_CURRENCIES, UNRESOLVED)],
  ['Rs', fromHint(RUPEE_CURRENCIES, 'INR')],
  ['€', fixed('EUR')],
  ['£', fixed('GBP')],
  ['¥', fromHint(YEN_YUAN_CURRENCIES, 'JPY')],
  ['￥', fromHint(YEN_YUAN_CURRENCIES, 'JPY')],
  ['円', fixed('JPY')],
  ['元', fixed('CNY')],
  ['₩', fixed('KRW')],
  ['₹', fixed('INR')],
  ['₨', fromHint(RUPEE_CURRENCIES, 'INR')],
  ['₽', fixed('RUB')],
  ['₺', fixed('TRY')],
  ['₪', fixed('ILS')],
  ['₫', fixed('VND')],
  ['₱', fixed('PHP')],
  ['฿', fixed('THB')],
  ['₴', fixed('UAH')],
  ['₦', fixed('NGN')],
  ['$', fromHint(DOLLAR_CURRENCIES, 'USD')],
];

/** Words meaning "no charge"; only when they are the whole text (never "Free shipping from 20 €"). */
const FREE_WORDS = new Set(['free', 'gratis', 'kostenlos', 'gratuit', 'gratuito', 'gratuita', 'free!']);

const UNICODE_SPACES = /[\u00a0\u2000-\u200b\u202f\u205f\u3000]/g;
/** Digits, optionally grouped by "." "," or by a space/apostrophe followed by exactly three digits. */
const NUMBER = /\d+(?:(?:[.,]|[ '’](?=\d{3}(?!\d)))\d+)*/g;
const MAX_TEXT = 1000;
const isLetter = (ch: string | undefined): boolean => ch !== undefined && /\p{L}/u.test(ch);

function normaliseHint(currency: string | null | undefined): string | null {
  if (typeof currency !== 'string') return null;
  const code = currency.trim().toUpperCase();
  return Money.isCurrency(code) ? code : null;
}

/**
 * A currency written on its own ("EUR", "eur", "€", "US$", "kr" with a krona hint): its ISO 4217 code, or null when
 * the text is no currency or cannot be resolved.
 */
export function currencyFromText(text: string | null | undefined, hint?: string | null): string | null {
  if (typeof text !== 'string') return null;
  const trimmed = text.replace(UNICODE_SPACES, ' ').trim();
  if (trimmed === '') return null;
  const code = trimmed.toUpperCase();
  if (/^[A-Z]{3}$/.test(code) && Money.isCurrency(code)) return code;
  const hintCode = normaliseHint(hint);
  const lower = trimmed.toLowerCase();
  for (const [sign, resolve] of SIGNS) {
    if (lower === sign.toLowerCase()) {
      const resolved = resolve(hintCode);
      return resolved === UNRESOLVED ? null : resolved;
    }
  }
  return null;
}

/** The currency sign or ISO code written right before `end` in `text`, if any. */
function signBefore(text: string, end: number, hint: string | null): string | null {
  const before = text.slice(Math.max(0, end - 8), end).replace(/ $/, '');
  const from = Math.max(0, end - 8);
  const iso = /(?:^|[^\p{L}])([A-Z]{3})$/u.exec(before);
  if (iso?.[1] !== undefined && Money.isCurrency(iso[1]) && (from === 0 || iso.index > 0 || iso[0].length > 3)) return iso[1];
  const lower = before.toLowerCase();
  for (const [sign, resolve] of SIGNS) {
    const s = sign.toLowerCase();
    if (!lower.endsWith(s)) continue;
    const charBefore = before[before.length - s.length - 1];
    if (isLetter(sign[0]) && isLetter(charBefore)) continue;
    return resolve(hint);
  }
  return null;
}

/** The currency sign or ISO code written right after `start` in `text`, if any. */
function signAfter(text: string, start: number, hint: string | null): string | null {
  // "18,- €" and "18,– €": a dash for zero cents may sit between the number and the sign.
  const after = text.slice(start, start + 10).replace(/^[.,][-–—]{1,2}/, '').replace(/^ /, '');
  const iso = /^([A-Z]{3})(?!\p{L})/u.exec(after);
  if (iso?.[1] !== undefined && Money.isCurrency(iso[1])) return iso[1];
  const lower = after.toLowerCase();
  for (const [sign, resolve] of SIGNS) {
    const s = sign.toLowerCase();
    if (!lower.startsWith(s)) continue;
    if (isLetter(sign[sign.length - 1]) && isLetter(after[s.length])) continue;
    return resolve(hint);
  }
  return null;
}

function validGroups(integer: string, separator: string): boolean {
  const groups = integer.split(separator);
  return groups.every((group, i) => (i === 0 ? group.length >= 1 && group.length <= 3 : group.length === 3));
}

/** "1.234,56" → "1234.56"; null when the grouping makes no sense ("1.23.4"). */
function decimalOf(token: string, currency: string | null, machineReadable: boolean): string | null {
  const spaced = /[ '’]/.test(token);
  const compact = token.replace(/[ '’]/g, '');
  if (spaced && !/^\d{1,3}(?:[ '’]\d{3})+(?:[.,]\d+)?$/.test(token)) return null;
  const dots = compact.split('.').length - 1;
  const commas = compact.split(',').length - 1;
  let integer: string;
  let fraction = '';
  if (dots > 0 && commas > 0) {
    const decimal = compact.lastIndexOf('.') > compact.lastIndexOf(',') ? '.' : ',';
    const thousands = decimal === '.' ? ',' : '.';
    if (spaced || compact.split(decimal).length !== 2) return null;
    const [intPart = '', fracPart = ''] = compact.split(decimal);
    if (!validGroups(intPart, thousands)) return null;
    integer = intPart.split(thousands).join('');
    fraction = fracPart;
  } else if (dots + commas > 0) {
    const separator = dots > 0 ? '.' : ',';
    const parts = compact.split(separator);
    if (parts.length > 2) {
      if (spaced || !validGroups(compact, separator)) return null;
      integer = parts.join('');
    } else {
      const [intPart = '', fracPart = ''] = parts;
      const threeMinor = currency !== null && Money.minorDigits(currency) === 3;
      const looksGrouped =
        !spaced && fracPart.length === 3 && !/^0+$/.test(intPart) && !threeMinor && !(machineReadable && separator === '.');
      if (looksGrouped) {
        integer = intPart + fracPart;
      } else {
        integer = intPart;
        fraction = fracPart;
      }
    }
  } else {
    integer = compact;
  }
  integer = integer.replace(/^0+(?=\d)/, '');
  return fraction === '' ? integer : `${integer}.${fraction}`;
}

/** Applies the currency's minor digits ("18.1" EUR → "18.10", "18.0900" → "18.09"); null when it cannot be represented. */
function normalise(decimal: string, currency: string | null, machine = false): string | null {
  if (currency === null) return decimal;
  let value = decimal;
  const digits = Money.minorDigits(currency);
  const dot = value.indexOf('.');
  if (dot >= 0) {
    let fraction = value.slice(dot + 1);
    while (fraction.length > digits && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
    value = fraction === '' ? value.slice(0, dot) : `${value.slice(0, dot)}.${fraction}`;
    // Binary floating-point noise from a store's backend ("18.090000000000003"): round, but only machine values
    // and only when the excess is noise (many more digits, within a millionth of a minor unit).
    if (machine && fraction.length > digits + 4) {
      const rounded = Number(value).toFixed(digits);
      if (Math.abs(Number(rounded) - Number(value)) < 1e-6 * 10 ** -digits) value = rounded;
    }
  }
  try {
    return Money.parse(value, currency).amount;
  } catch {
    return null;
  }
}

/**
 * Reads a price: a JSON number (18.09) or page text ("€ 18,09", "18,09 €", "1.234,56", "US$ 12", "EUR 12,99",
 * "¥1,500"). A currency written next to the number wins over the hint; "$" alone is the hint's dollar (else USD),
 * "¥" the hint's yen/yuan (else JPY), "kr" needs a krona hint. Answers null for text that holds no price, several
 * different prices ("€12.99 – €15.99", "19,99 € statt 25,00 €"), a negative amount, more decimals than the currency
 * has, or a currency sign that contradicts the hint and cannot be resolved ("kr" for a EUR store).
 * "Free" (and "gratis", "kostenlos"…) as the whole text is an amount of 0.
 */
export function parsePriceText(text: string | number, hints: PriceTextHints = {}): ParsedPrice | null {
  const hint = normaliseHint(hints.currency);
  if (typeof text === 'number') {
    if (!Number.isFinite(text) || text < 0) return null;
    const written = String(text);
    if (!/^\d+(?:\.\d+)?$/.test(written)) return null; // 1e21, 1e-7
    const amount = normalise(written.replace(/^0+(?=\d)/, ''), hint, true);
    return amount === null ? null : { amount, currency: hint };
  }
  if (typeof text !== 'string') return null;
  const cleaned = text.slice(0, MAX_TEXT).replace(UNICODE_SPACES, ' ').replace(/\s+/g, ' ').trim();
  if (cleaned === '' || /^[-−–]\s*\p{Sc}?\s*\d/u.test(cleaned)) return null;

  if (FREE_WORDS.has(cleaned.toLowerCase())) {
    const amount = normalise('0', hint);
    return amount === null ? null : { amount, currency: hint };
  }

  interface Found {
    decimal: string | null;
    currency: string | null;
  }
  const marked: Found[] = [];
  const unmarked: Found[] = [];
  for (const match of cleaned.matchAll(NUMBER)) {
    const start = match.index;
    const end = start + match[0].length;
    if (/^ ?%/.test(cleaned.slice(end, end + 2))) continue; // "7 % MwSt."
    const sign = signBefore(cleaned, start, hint) ?? signAfter(cleaned, end, hint);
    if (sign === UNRESOLVED) {
      // The text names a currency we cannot tell (kr without a krona hint): unknown currency, or no answer at all
      // when the caller assumes a currency that the text contradicts.
      if (hint !== null) return null;
      marked.push({ decimal: decimalOf(match[0], null, hints.machineReadable === true), currency: null });
      continue;
    }
    const currency = sign ?? hint;
    const found = { decimal: decimalOf(match[0], currency, hints.machineReadable === true), currency };
    (sign === null ? unmarked : marked).push(found);
  }
  const chosen = marked.length > 0 ? marked : unmarked;
  const first = chosen[0];
  if (first === undefined || first.decimal === null) return null;
  const amounts = new Set<string>();
  for (const found of chosen) {
    if (found.decimal === null) return null;
    const amount = normalise(found.decimal, found.currency, hints.machineReadable === true);
    if (amount === null) return null;
    amounts.add(`${found.currency ?? ''} ${amount}`);
  }
  if (amounts.size > 1) return null;
  const amount = normalise(first.decimal, first.currency, hints.machineReadable === true);
  return amount === null ? null : { amount, currency: first.currency };
}

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
