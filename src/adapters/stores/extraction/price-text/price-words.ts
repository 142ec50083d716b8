/**
 * Words around a number that change what it is: a lowest price ("ab 12,99 €"), an upper bound ("up to $50"),
 * a saving ("Save $5"), an old price beside a new one ("statt", "was"), a multibuy ("2 for £10"), instalments,
 * an identifier ("ISBN"), a unit ("100 g", "2 items"). Matched in any letter case, as whole words.
 */

const alternatives = (words: readonly string[]): string => words.map((w) => w.replace(/[.]/g, '\\.').replace(/ /g, '\\s+')).join('|');
const NOT_LETTER_BEFORE = '(?<!\\p{L})';
const NOT_LETTER_AFTER = '(?!\\p{L})';

/** Right before an amount (only spaces, ":" or "(" between). */
const endsWith = (words: readonly string[]): RegExp =>
  new RegExp(`${NOT_LETTER_BEFORE}(?:${alternatives(words)})\\s*[:(]?\\s*$`, 'iu');
/** Right after an amount. */
const startsWith = (words: readonly string[]): RegExp =>
  new RegExp(`^\\s*[)]?\\s*(?:${alternatives(words)})${NOT_LETTER_AFTER}`, 'iu');
const anywhere = (words: readonly string[]): RegExp =>
  new RegExp(`${NOT_LETTER_BEFORE}(?:${alternatives(words)})${NOT_LETTER_AFTER}`, 'iu');

/** "From X": the lowest of several prices (sizes, formats, sellers), never the price of one thing. */
export const FROM_BEFORE = endsWith([
  'from', 'starting at', 'starting from', 'starts at', 'as low as', 'ab', 'ab nur', 'à partir de', 'a partir de',
  'à partir du', 'dès', 'a partire da', 'desde', 'vanaf', 'da', 'od', 'fra', 'från', 'von', 'от', 'від',
]);
/** "X and up", "$49+" (a "+" that ends the text or a phrase; not "+ VAT", "+税", "+ $3"). */
export const FROM_AFTER = new RegExp(
  `^(?:\\+(?=\\s*(?:$|[.,;!)]))|\\s*(?:&|and|or|und|oder|et|y|o)\\s+(?:up|above|more|mehr|plus|más|più)${NOT_LETTER_AFTER})`,
  'iu',
);
/** "Up to X", "X & under": a bound, not a price. */
export const UP_TO_BEFORE = endsWith([
  'up to', 'bis zu', "jusqu'à", 'jusqu’à', "jusqu'a", 'hasta', 'até', 'fino a', 'max.', 'max', 'maximal', 'höchstens',
  'under', 'unter', 'moins de', 'less than', 'below', 'do',
]);
export const UP_TO_AFTER = startsWith(['& under', 'and under', '& below', 'and below', 'or less', 'und weniger', 'max.', 'max']);

/** Words that join the two ends of a range ("12 to 15 €", "von 12 bis 15 €", "de 12 à 15 €"). */
export const RANGE_WORDS = new Set(['to', 'bis', 'à', 'a', 'tot', 'al', 'hasta', 'até', 'do', 'до', 'til', 'till', '~', '～']);

/** A saving written before or after an amount ("Save $5.00", "Sie sparen 5,00 €", "$5 off", "5 € Rabatt"). */
export const SAVING_BEFORE = endsWith([
  'save', 'you save', 'saving', 'savings', 'sparen', 'sie sparen', 'sparen sie', 'sparst', 'du sparst', 'spare',
  'ersparnis', 'économisez', 'economisez', 'économie', 'economie', 'ahorra', 'ahorras', 'ahorro', 'ahorre', 'risparmi',
  'risparmio', 'risparmia', 'bespaar', 'je bespaart', 'oszczędzasz', 'ušetříte', 'экономия',
]);
/**
 * "Discount" before an amount labels the saving or the discounted price ("Rabatt 5 €", "met korting €9,99"): the
 * text says too little to read.
 */
export const DISCOUNT_BEFORE = endsWith([
  'discount', 'rabatt', 'korting', 'met korting', 'remise', 'réduction', 'descuento', 'sconto', 'zniżka', 'sleva',
  'zľava', 'скидка', 'знижка',
]);
export const SAVING_AFTER = startsWith([
  'off', 'rabatt', 'discount', 'korting', 'sconto', 'descuento', 'remise', 'de réduction', 'günstiger', 'sparen',
  'saved', 'gespart', 'ersparnis', 'économisés', 'économisé', 'ahorrado', 'risparmiati',
]);

/** An old price: never the price, and beside a new one no rule says which is meant ("Was $20, now $15"). */
export const OLD_PRICE_BEFORE = endsWith([
  'was', 'statt', 'anstatt', 'instead of', 'au lieu de', 'invece di', 'antes', 'voorheen', 'vorher', 'bisher',
  'previously', 'originally', 'old price', 'alter preis', 'ancien prix', 'prix barré',
]);

/** Old and new prices side by side: with these words no number in the text can be overlooked. */
export const COMPARISON = anywhere([
  'was', 'now', 'statt', 'anstatt', 'instead', 'uvp', 'rrp', 'msrp', 'srp', 'reg', 'regular', 'original', 'originally',
  'previously', 'before', 'vorher', 'bisher', 'früher', 'zuvor', 'avant', 'au lieu de', 'antes', 'ahora', 'prima',
  'invece', 'voorheen', 'van', 'voor', 'nu', 'jetzt', 'list price', 'compare at', 'alter preis', 'old price',
  'ancien prix', 'prix barré', 'běžná cena', 'bežná cena', 'statt nur',
]);

/** "2 for £10", "3 x 9,99 €", "12x de R$ 44,00", "3 zum Preis von 2": the amount is not the price of one. */
export const MULTIBUY_AFTER_COUNT = new RegExp(
  `^(?:\\s*[x×]|\\s+(?:for|für|fur|pour|por|voor|para|zum|get)${NOT_LETTER_AFTER})`,
  'iu',
);
/** Instalments ("4 interest-free payments of $7.50"): the amount is a part of the price. */
export const INSTALMENTS = anywhere([
  'payments', 'installments', 'instalments', 'raten', 'monatsraten', 'mensualités',
  'mensualites', 'cuotas', 'parcelas', 'vezes', 'sem juros', 'interest-free', 'interest free', 'per month for',
]);

/** A label before a number that names something else: an identifier ("ISBN 978…", "Art.-Nr. 12345", "Item #: 4711")
 * or a quantity ("Qty: 2", "мин. заказ: 1"). */
export const LABEL_BEFORE = new RegExp(
  `${NOT_LETTER_BEFORE}(?:isbn(?:-?1[03])?|ean(?:-?13)?|gtin(?:-?\\d+)?|sku|upc|asin|mpn|issn|art(?:ikel)?\\.?\\s*-?\\s*nr|artikelnummer|bestellnummer|bestell-?nr|item(?:\\s*(?:no|nr|number))?|ref|réf|référence|referenz|modell?|nr|no|id|code|kod|код(?:\\s+товара)?|арт|артикул|qty|quantity|menge|anzahl|stückzahl|min|minimum|mindestens|заказ|кол-во|количество|cantidad|quantité|quantità|aantal|stock|bestand)\\s*[.:#№]*\\s*[.:#№]?\\s*$|[#№]\\s*$`,
  'iu',
);

/** A word that asks for a count: a space-grouped number after it may be a count and a price ("Pack of 2 129,00 €"). */
export const COUNT_BEFORE = endsWith(['of', 'x', '×', 'pack', 'set', 'lot', 'qty', 'menge', 'anzahl', 'stück', 'stk', 'pcs', 'for', 'für', 'je']);

/** A unit after a number makes it a quantity ("100 g", "2 items", "16.00 ft", "3 Stück"). */
export const UNIT_AFTER = startsWith([
  'g', 'gr', 'kg', 'mg', 'l', 'ml', 'cl', 'dl', 'lt', 'm', 'cm', 'mm', 'km', 'm²', 'm2', 'qm', 'ft', 'inch', 'inches',
  'oz', 'lb', 'lbs', 'pcs', 'pc', 'piece', 'pieces', 'item', 'items', 'unit', 'units', 'stück', 'stk', 'st.', 'pages',
  'page', 'seiten', 'pp', 'p.', 'month', 'months', 'day', 'days', 'tage', 'year', 'years', 'jahre', 'min',
  'gb', 'mb', 'tb', 'kw', 'mah', 'ausgaben', 'issues', 'left', 'übrig', 'in stock', 'auf lager', 'von',
  'of', 'out of', 'sur', 'sterne', 'sternen', 'stars', 'bewertungen', 'reviews', 'ratings', 'trên', 'x',
]);

/** A price per weight, volume or length ("3,50 €/kg", "(0,56 € / 100 g)"): not the price of the item. */
export const UNIT_PRICE_AFTER = new RegExp(
  `^\\s*(?:/|per|pro|je|par|por|la|le)\\s*(?:\\d+(?:[.,]\\d+)?\\s*)?(?:g|gr|kg|mg|l|ml|cl|dl|lt|m|cm|mm|km|m²|m2|qm|oz|lb|lbs|kilo|liter|litre|litro)${NOT_LETTER_AFTER}`,
  'iu',
);

/** A year after a month name ("July, 2004"), or a full date ("15.08.2017"). */
export const MONTH_BEFORE = endsWith([
  'january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november',
  'december', 'januar', 'februar', 'märz', 'mai', 'juni', 'juli', 'oktober', 'dezember', 'janvier', 'février',
  'mars', 'avril', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre', 'jan', 'feb', 'mar',
  'apr', 'jun', 'jul', 'aug', 'sep', 'sept', 'oct', 'okt', 'nov', 'dec', 'dez',
].map((month) => `${month},?`));
export const DATE = /^\d{1,2}\.\d{1,2}\.(?:\d{2}|\d{4})$/;

/** "Free" as the whole text (never "Free shipping from 20 €"). */
export const FREE_WORDS = new Set(['free', 'gratis', 'kostenlos', 'kostenfrei', 'gratuit', 'gratuite', 'gratuito', 'gratuita', 'free!']);
