import { wordsOf } from './element-price-text.js';

/**
 * What the class, id, itemprop and data-* attributes of an element say about it, for reading a visible price block:
 * a price, an old price, savings, shipping, a unit price, instalments, a fraction of a price, related products.
 * Names are split into words ("a-price-whole", "oldPrice", "price__was"), and most words must be whole words: "old"
 * is not in "bold", "list" in "listing" is no list price.
 */

/**
 * `member`: a price for members or card holders only; `deposit`: a bottle or item deposit; `surcharge`: an amount
 * added to another ("+ 2,00 €", an option's extra cost, shipping written after a plus).
 */
export type NameRole = 'old' | 'saving' | 'shipping' | 'unit' | 'instalment' | 'member' | 'deposit' | 'surcharge' | 'related';

/** Words naming a price; also a word that starts or ends with "price" (priceblock, ourprice, saleprice). */
const PRICE_WORDS = new Set([
  'price', 'prices', 'pricing', 'preis', 'preise', 'prix', 'precio', 'precios', 'prezzo', 'prezzi', 'prijs', 'prijzen',
  'cena', 'ceny', 'pris', 'pret', 'preț', 'fiyat', 'fiyati', 'fiyatı', '価格', '价格', 'цена', 'hinta', 'preco', 'preço',
  'precos', 'preços', 'cijena', 'kaina',
]);

const OLD_WORDS = new Set([
  'old', 'was', 'list', 'regular', 'rrp', 'uvp', 'msrp', 'srp', 'strike', 'striked', 'strikethrough', 'strikeout',
  'crossed', 'crossout', 'before', 'original', 'compare', 'former', 'previous', 'statt', 'streich', 'ancien', 'barre',
  'tachado', 'vorher', 'reference', 'retail',
]);
const SAVING_WORDS = new Set([
  'save', 'saving', 'savings', 'yousave', 'discount', 'rabatt', 'ersparnis', 'sparen', 'remise', 'reduction',
  'economie', 'descuento', 'ahorro', 'sconto', 'risparmio', 'korting', 'percent', 'percentage',
]);
const SHIPPING_WORDS = new Set([
  'shipping', 'delivery', 'postage', 'freight', 'versand', 'versandkosten', 'lieferkosten', 'porto', 'livraison',
  'envio', 'envío', 'spedizione', 'verzending', 'verzendkosten',
]);
const UNIT_WORDS = new Set(['unit', 'unitprice', 'grundpreis', 'perunit', 'per', 'perkg', 'kilo', 'kg']);
const INSTALMENT_WORDS = new Set([
  'instalment', 'instalments', 'installment', 'installments', 'financing', 'finance', 'klarna', 'afterpay', 'monthly',
  'permonth', 'raten', 'ratenzahlung', 'rate', 'emi', 'paypal', 'credit',
]);
const MEMBER_WORDS = new Set(['member', 'members', 'membership', 'loyalty', 'club', 'mitglied', 'mitglieder', 'adherent', 'socio', 'fidelite']);
const DEPOSIT_WORDS = new Set(['deposit', 'pfand', 'consigne', 'statiegeld']);
const RELATED_WORDS = new Set([
  'accessory', 'accessories', 'accessoires', 'accesorios', 'accessori', 'related', 'recommend', 'recommended', 'recommendation', 'recommendations', 'recs', 'also', 'similar', 'carousel',
  'slider', 'upsell', 'upsells', 'crosssell', 'bundle', 'bundles', 'frequently', 'others', 'recently', 'viewed',
  'empfehlung', 'empfehlungen', 'aehnliche', 'ähnliche', 'zubehoer', 'zubehör', 'recommandations', 'similaires',
  'consigliati', 'relacionados', 'aanbevolen', 'gerelateerde', 'suggestions', 'suggested', 'sponsored',
]);
/** Pieces of a split price: never a whole price on their own. */
const FRAGMENT_WORDS = new Set([
  'whole', 'integer', 'int', 'fraction', 'fractional', 'decimal', 'decimals', 'dec', 'cents', 'cent', 'symbol',
  'currency', 'sign', 'label', 'title', 'caption', 'heading',
]);

const ROLE_WORDS: ReadonlyArray<readonly [NameRole, ReadonlySet<string>]> = [
  ['old', OLD_WORDS],
  ['saving', SAVING_WORDS],
  ['shipping', SHIPPING_WORDS],
  ['unit', UNIT_WORDS],
  ['instalment', INSTALMENT_WORDS],
  ['member', MEMBER_WORDS],
  ['deposit', DEPOSIT_WORDS],
];

const isPriceWord = (word: string): boolean => PRICE_WORDS.has(word) || word.startsWith('price') || word.endsWith('price') || word.endsWith('preis');

/** The names of an element: class, id, itemprop, aria-label, data-* names and their short values. */
export function namesOf(attribs: Readonly<Record<string, string>>): string[] {
  const names: string[] = [];
  for (const [key, value] of Object.entries(attribs)) {
    if (key === 'class' || key === 'id' || key === 'itemprop' || key === 'aria-label') names.push(value);
    else if (key.startsWith('data-')) {
      names.push(key.slice(5));
      if (value.length <= 40 && !/^[\d\s.,]*$/.test(value)) names.push(value);
    }
  }
  return names;
}

/** Whether an element's names name a price (class "price", id "product-price", itemprop "price", data-price…). */
export function namesPrice(names: readonly string[]): boolean {
  return names.some((name) => wordsOf(name).some(isPriceWord));
}

/**
 * Whether an element's class or id makes it a piece of a split price (whole, fraction, currency symbol) or a label
 * (data-* names do not: `data-currency` is said of a whole price).
 */
export function namesFragment(attribs: Readonly<Record<string, string>>): boolean {
  return wordsOf(`${attribs['class'] ?? ''} ${attribs['id'] ?? ''}`).some((word) => FRAGMENT_WORDS.has(word));
}

/**
 * What an element's names say it holds that is not the item's price. On the price element itself any such word
 * counts (class="price was"); on its containers only a name that also names a price ("old-price", "price--was",
 * "listPrice"): "font-regular" or "list-unstyled" around a price say nothing about it. Related-product words count
 * on any container.
 */
export function roleOf(names: readonly string[], own: boolean): NameRole | null {
  for (const name of names) {
    if (!ROLE_HINT.test(name)) continue;
    const words = wordsOf(name);
    if (words.some((word) => RELATED_WORDS.has(word)) || /you-?may|also-?bought|cross-?sell/i.test(name)) return 'related';
    const pricey = own || words.some(isPriceWord);
    if (!pricey) continue;
    for (const [role, set] of ROLE_WORDS) {
      if (words.some((word, i) => set.has(word) || set.has(word + (words[i + 1] ?? '')) || compoundOf(word, set))) return role;
    }
  }
  return null;
}

/** A cheap first look: a name none of whose letters spell a role word has no role. */
const ROLE_HINT = new RegExp(
  [...OLD_WORDS, ...SAVING_WORDS, ...SHIPPING_WORDS, ...UNIT_WORDS, ...INSTALMENT_WORDS, ...MEMBER_WORDS, ...DEPOSIT_WORDS, ...RELATED_WORDS, 'you-?may', 'cross'].join('|'),
  'i',
);

/** "oldprice", "listprice", "wasprice", "pricewas", "streichpreis": a role word glued to a price word. */
function compoundOf(word: string, set: ReadonlySet<string>): boolean {
  const match = /^(.+?)(price|preis)$|^(price|preis)(.+)$/.exec(word);
  const rest = match?.[1] ?? match?.[4];
  return rest !== undefined && set.has(rest);
}
