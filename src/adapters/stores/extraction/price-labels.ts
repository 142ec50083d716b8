import type { NameRole } from './price-names.js';

/**
 * Words a page writes beside a price to say what it is, when no class or id says it: "Price:", "Preis", "售價：",
 * "Цена", "Add to cart –" (the item's price), "RRP", "UVP", "Prix conseillé", "定價" (a list price), "Member price" (a
 * price for some buyers only), "Versand" (shipping). A label is the whole text of a table header, a `<dt>`, a `<label>`, a `<b>`…, or
 * the start of a line ("Price: 99"). Matched as whole phrases, in any letter case, so "List price" is never "price".
 */

export type LabelKind = 'price' | NameRole;

const SELLING = [
  // English
  'price', 'our price', 'your price', 'sale price', 'selling price', 'special price', 'offer price', 'now', 'now only',
  'today', 'price now', 'current price', 'retail price',
  // German, Dutch, Scandinavian
  'preis', 'unser preis', 'ihr preis', 'verkaufspreis', 'angebotspreis', 'aktionspreis', 'sonderpreis', 'jetzt',
  'jetzt nur', 'nur', 'prijs', 'onze prijs', 'nu', 'nu voor', 'pris', 'vår pris', 'vores pris', 'hinta', 'verð',
  // Romance
  'prix', 'notre prix', 'prix de vente', 'prix promo', 'prix spécial', 'maintenant', 'precio', 'precio de venta',
  'precio final', 'precio oferta', 'precio especial', 'nuestro precio', 'ahora', 'prezzo', 'prezzo di vendita',
  'prezzo scontato', 'prezzo speciale', 'ora', 'preço', 'preco', 'preço final', 'preço promocional', 'por', 'agora',
  'preț', 'pret', 'preţ',
  // Slavic, Baltic, Hungarian, Turkish, Greek, Hebrew, Arabic
  'cena', 'cijena', 'cena s dph', 'akční cena', 'kaina', 'hind', 'ár', 'fiyat', 'satış fiyatı', 'indirimli fiyat',
  'цена', 'ціна', 'цена со скидкой', 'цена продажи', 'τιμή', 'מחיר', 'سعر', 'السعر',
  // East Asian
  '售價', '售价', '特價', '特价', '價格', '价格', '価格', '販売価格', '税込価格', '特別価格', '优惠价', '優惠價', '現價', '现价',
  '가격', '판매가', '할인가', '판매가격',
  // The buy button's words before the amount it charges ("Add to cart – $24.99", "In den Warenkorb · 12,99 €")
  'add to cart', 'add to basket', 'add to bag', 'add to trolley', 'buy now', 'in den warenkorb', 'jetzt kaufen',
  'ajouter au panier', 'añadir al carrito', 'agregar al carrito', 'adicionar ao carrinho', 'aggiungi al carrello',
  'in winkelwagen', 'lägg i varukorgen', 'læg i kurv', 'legg i handlekurven', 'dodaj do koszyka', 'do koszyka',
  'в корзину', 'sepete ekle', 'カートに入れる', '加入購物車', '加入购物车', '장바구니 담기',
];

const OLD = [
  'list price', 'rrp', 'srp', 'msrp', 'recommended retail price', 'was', 'regular price', 'original price', 'compare at',
  'compare at price', 'before', 'old price', 'listenpreis', '定価', 'uvp', 'statt', 'vorher', 'bisher', 'streichpreis',
  'alter preis', 'unverbindliche preisempfehlung', 'prix conseillé', 'prix public conseillé', 'prix barré',
  'ancien prix', 'avant', 'au lieu de', 'prix de référence', 'precio recomendado', 'precio anterior', 'precio de lista',
  'precio normal', 'antes', 'prezzo consigliato', 'prezzo di listino', 'prezzo precedente', 'prima', 'preço original',
  'preço anterior', 'de', 'adviesprijs', 'van', 'voorheen', 'ordinarie pris', 'ord. pris', 'normalpris', 'før',
  'suositushinta', 'cena katalogowa', 'poprzednia cena', 'cena regularna', 'běžná cena', 'původní cena', 'eski fiyat',
  'старая цена', 'стара ціна', '定價', '定价', '原價', '原价', '建議售價', '建议售价', '市價', '市价', '参考価格',
  '希望小売価格', '通常価格', '메이커 희망 소매 가격', '정가', '소비자가', '시중가',
];

const MEMBER = [
  'member price', 'members price', "members' price", 'member', 'club price', 'loyalty price', 'with card',
  'mitgliederpreis', 'clubpreis', 'kundenkartenpreis', 'prix adhérent', 'prix membre', 'prix fidélité', 'precio socio',
  'precio miembro', 'prezzo soci', 'prezzo fedeltà', 'ledenprijs', 'medlemspris', 'klubbpris', 'cena klubowa',
  '會員價', '会员价', '会員価格', '회원가',
];

const SHIPPING = [
  'shipping', 'delivery', 'postage', 'versand', 'versandkosten', 'lieferkosten', 'livraison', 'frais de port', 'envío',
  'envio', 'gastos de envío', 'spedizione', 'verzendkosten', 'porto', 'frakt', '運費', '运费', '送料', '배송비',
];

const UNIT = ['unit price', 'grundpreis', 'prix au kg', 'prix au litre', 'precio por kg', 'precio por litro', '単価', '单价'];
const SAVING = ['you save', 'save', 'sie sparen', 'ersparnis', 'économisez', 'ahorras', 'ahorro', 'risparmi', 'je bespaart', '節省', '节省'];
const DEPOSIT = ['deposit', 'pfand', 'consigne', 'statiegeld', 'pant'];

const KINDS: ReadonlyMap<string, LabelKind> = new Map<string, LabelKind>([
  ...SELLING.map((label) => [label, 'price'] as const),
  ...OLD.map((label) => [label, 'old'] as const),
  ...MEMBER.map((label) => [label, 'member'] as const),
  ...SHIPPING.map((label) => [label, 'shipping'] as const),
  ...UNIT.map((label) => [label, 'unit'] as const),
  ...SAVING.map((label) => [label, 'saving'] as const),
  ...DEPOSIT.map((label) => [label, 'deposit'] as const),
]);

/** At most this long: a label, not a sentence. */
const LABEL_CHARS = 40;
/** What may end a label: a colon, or a dash or dot before the amount ("Add to cart – $24.99", "Preis · 12 €"). */
const TRAILER = /[\s:：*–—·•|-]+$/u;

/** What a label says the price beside it is; null when the text is no label we know. */
export function labelKind(text: string): LabelKind | null {
  if (text.length > LABEL_CHARS * 2) return null;
  const label = text.replace(/\s+/g, ' ').replace(TRAILER, '').trim().toLowerCase();
  if (label === '' || label.length > LABEL_CHARS) return null;
  return KINDS.get(label) ?? null;
}

/**
 * The label a text starts with ("Price: 99", "售價：NT$450", "Preis 12,99 €") and what it says; null when it starts
 * with none. A label is followed by a colon, or by a space and then a digit or a currency sign; `length` runs through
 * the colon and the spaces after it.
 */
export function leadingLabel(text: string): { kind: LabelKind; length: number } | null {
  const head = text.slice(0, LABEL_CHARS + 4);
  const stop = head.search(LABEL_STOP);
  if (stop <= 0) return null;
  const kind = labelKind(head.slice(0, stop));
  if (kind === null) return null;
  let length = head[stop] === ':' || head[stop] === '：' ? stop + 1 : stop;
  while (head[length] === ' ') length++;
  return { kind, length };
}

const LABEL_STOP = /[:：\d\p{Sc}]/u;

/** The label a text ends with ("… Precio normal:", "定價：", "UVP"): its last one to four words; null for none. */
export function labelEnding(text: string): LabelKind | null {
  const words = text.replace(TRAILER, '').trim().slice(-LABEL_CHARS).split(' ');
  // Longest first: "precio normal" before "normal", "precio de venta" before "de".
  for (let count = Math.min(4, words.length); count >= 1; count--) {
    const kind = labelKind(words.slice(-count).join(' '));
    if (kind !== null) return kind;
  }
  return null;
}


// The selling price, then what it replaces: "19,99 € statt 25,00 €", "£12.99 RRP £16.99", "$15.99 (was $19.99)".
const BEFORE_OLD =
  /^(.*\d.*?)\s*[([]?\s*(?<!\p{L})(?:statt|anstatt|instead of|au lieu de|invece di|en lugar de|en vez de|in plaats van|zamiast|was|rrp|uvp|msrp|srp|list price|regular price|compare at|prix conseillé|precio recomendado|prezzo consigliato)(?!\p{L})\s*[:：]?\s*\p{Sc}?\s*\d/iu;
const NOW = /(?:^|[\s,;.])(?:now|now only|jetzt|jetzt nur|nu|nu voor|ahora|maintenant|agora|ora|nur|por|today|sale|offer)\s*[:：]?\s*(\D{0,4}\d.*)$/iu;
const OLD_WORD = /(?:^|[^\p{L}])(?:was|statt|uvp|rrp|msrp|list price|listenpreis|regular|original|compare at|prix conseillé|avant|antes|de|van|prima|vorher|bisher|precio recomendado|prezzo consigliato|定價|定价|原價|原价|정가)(?![\p{L}])/iu;

/**
 * The selling price's part of a text that shows an old and a new price: "Was £20 now £15" → "£15", "UVP 25 € jetzt
 * 19,99 €" → "19,99 €", "19,99 € statt 25,00 €" → "19,99 €", "£12.99 RRP £16.99" → "£12.99". Null when the text is
 * not written that way.
 */
export function sellingPart(text: string): string | null {
  const before = BEFORE_OLD.exec(text);
  if (before !== null) return before[1] ?? null;
  const now = NOW.exec(text);
  if (now === null || !OLD_WORD.test(text.slice(0, now.index + 1))) return null;
  return now[1] ?? null;
}
