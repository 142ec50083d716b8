import { Money } from '../../../../domain/shared/money.js';

/**
 * Currency signs as store pages write them, and what each may stand for. A sign that stands for several currencies
 * ("$", "kr", "¥") is resolved by the caller's currency hint; ISO 4217 codes ("AUD", "SEK") are signs too and are
 * recognised without this table.
 */
export interface SignMeaning {
  /** The ISO codes this sign may stand for; empty for a currency symbol we do not know ("₤", "¢"). */
  readonly codes: readonly string[];
  /** The code when the hint is none of `codes`; null when the sign cannot be told without a hint ("kr"). */
  readonly fallback: string | null;
  /** Resolved only when the hint is one of `codes` ("R" on a ZAR store); elsewhere a sign we cannot tell. */
  readonly hintOnly?: boolean;
  /** A currency no longer in use: an amount in it is a conversion shown beside the price ("12,99 € / 25,41 лв."). */
  readonly withdrawn?: boolean;
}

/** The text names a currency that cannot be told without a hint ("kr" with no krona hint). */
export const UNRESOLVED = 'unresolved';
/** The signs written beside one number contradict each other ("€12 USD") or name a currency we do not know. */
export const CONTRADICTION = 'contradiction';
export type Resolution = string | typeof UNRESOLVED | typeof CONTRADICTION;

const fixed = (code: string): SignMeaning => ({ codes: [code], fallback: code });
const family = (codes: readonly string[], fallback: string | null): SignMeaning => ({ codes, fallback });
const onlyWithHint = (code: string): SignMeaning => ({ codes: [code], fallback: null, hintOnly: true });
/** A currency no longer in ISO 4217 (the lev, since Bulgaria took the euro): never read, never taken for the hint's. */
const WITHDRAWN: SignMeaning = { codes: [], fallback: null, withdrawn: true };

// Currencies written with "$" (alone or in a longer sign: "MOP$", "C$" for the córdoba, "T$" for the paʻanga).
const DOLLARS = [
  'USD', 'CAD', 'AUD', 'NZD', 'HKD', 'SGD', 'TWD', 'MXN', 'ARS', 'CLP', 'COP', 'UYU', 'BSD', 'BBD', 'BZD', 'BMD',
  'BND', 'FJD', 'GYD', 'JMD', 'KYD', 'LRD', 'NAD', 'SBD', 'SRD', 'TTD', 'XCD', 'DOP', 'CUP', 'MOP', 'NIO', 'TOP',
  'WST',
];
const KRONOR = ['SEK', 'NOK', 'DKK', 'ISK'];
const RUPEES = ['INR', 'PKR', 'LKR', 'NPR', 'MUR', 'SCR'];
const RUBLES = ['RUB', 'BYN'];
// Words and signs shared by several Arab currencies: told only by the hint.
const RIALS = ['SAR', 'IRR', 'OMR', 'QAR', 'YER'];
const DINARS = ['KWD', 'BHD', 'JOD', 'TND', 'LYD', 'IQD', 'DZD', 'RSD', 'MKD'];
const DIRHAMS = ['AED', 'MAD'];
const ARAB_POUNDS = ['EGP', 'SDG', 'SSP'];

const DOLLAR = family(DOLLARS, 'USD');
const YEN_OR_YUAN = family(['JPY', 'CNY'], 'JPY');
const RUPEE = family(RUPEES, 'INR');
const RUBLE = family(RUBLES, 'RUB');
const KRONA = family(KRONOR, null);

/** Spellings matched exactly as written (letters are whole words). */
const CASE_SENSITIVE: ReadonlyArray<readonly [string, SignMeaning]> = [
  ['€', fixed('EUR')],
  ['£', fixed('GBP')], ['￡', fixed('GBP')],
  ['$', DOLLAR], ['＄', DOLLAR],
  ['US$', fixed('USD')], ['US $', fixed('USD')], ['U$S', fixed('USD')],
  ['CA$', fixed('CAD')], ['CAN$', fixed('CAD')], ['Can$', fixed('CAD')], ['CDN$', fixed('CAD')],
  ['C$', family(['CAD', 'NIO'], 'CAD')],
  ['AU$', fixed('AUD')], ['AU $', fixed('AUD')], ['A$', fixed('AUD')],
  ['NZ$', fixed('NZD')], ['NZ $', fixed('NZD')],
  ['HK$', fixed('HKD')], ['NT$', fixed('TWD')], ['S$', fixed('SGD')], ['Mex$', fixed('MXN')], ['MX$', fixed('MXN')],
  ['R$', fixed('BRL')], ['RD$', fixed('DOP')], ['J$', fixed('JMD')], ['TT$', fixed('TTD')], ['BZ$', fixed('BZD')],
  ['EC$', fixed('XCD')], ['N$', fixed('NAD')], ['AR$', fixed('ARS')], ['COL$', fixed('COP')], ['$U', fixed('UYU')],
  ['SFr.', fixed('CHF')], ['sFr.', fixed('CHF')], ['Fr.', fixed('CHF')], ['fr.', fixed('CHF')],
  ['¥', YEN_OR_YUAN], ['￥', YEN_OR_YUAN], ['円', fixed('JPY')], ['JP¥', fixed('JPY')],
  ['元', fixed('CNY')], ['圆', fixed('CNY')], ['人民币', fixed('CNY')], ['RMB', fixed('CNY')], ['CN¥', fixed('CNY')],
  ['₩', fixed('KRW')], ['￦', fixed('KRW')], ['원', fixed('KRW')],
  ['₹', fixed('INR')], ['Rs.', RUPEE], ['Rs', RUPEE], ['₨', RUPEE],
  ['₽', fixed('RUB')], ['₴', fixed('UAH')],
  ['Ft', fixed('HUF')], ['Ft.', fixed('HUF')],
  ['Lek', fixed('ALL')], ['Lekë', fixed('ALL')], ['LEK', fixed('ALL')],
  ['₺', fixed('TRY')], ['TL', fixed('TRY')],
  ['Rp', fixed('IDR')], ['Rp.', fixed('IDR')], ['RM', fixed('MYR')], ['S/', fixed('PEN')], ['S/.', fixed('PEN')],
  ['؋', fixed('AFN')], ['₸', fixed('KZT')], ['₾', fixed('GEL')], ['ლარი', fixed('GEL')], ['₼', fixed('AZN')], ['֏', fixed('AMD')],
  ['₡', fixed('CRC')], ['₲', fixed('PYG')], ['₮', fixed('MNT')], ['₭', fixed('LAK')], ['៛', fixed('KHR')],
  ['₪', fixed('ILS')], ['NIS', fixed('ILS')], ['ש"ח', fixed('ILS')], ['ש״ח', fixed('ILS')],
  ['₫', fixed('VND')], ['₱', fixed('PHP')], ['฿', fixed('THB')], ['บาท', fixed('THB')],
  ['₦', fixed('NGN')], ['₵', fixed('GHS')], ['GH₵', fixed('GHS')], ['GH¢', fixed('GHS')],
  ['USh', fixed('UGX')], ['TSh', fixed('TZS')], ['৳', fixed('BDT')], ['Tk', fixed('BDT')], ['Tk.', fixed('BDT')],
  ['د.إ', fixed('AED')], ['ر.س', fixed('SAR')], ['\u20c1', fixed('SAR')],
  ['ج.م', fixed('EGP')], ['ج.م.', fixed('EGP')], ['E£', fixed('EGP')], ['L.E.', fixed('EGP')], ['جنيه مصري', fixed('EGP')],
  ['KD', fixed('KWD')], ['د.ك', fixed('KWD')], ['دينار كويتي', fixed('KWD')],
  ['BD', fixed('BHD')], ['د.ب', fixed('BHD')], ['دينار بحريني', fixed('BHD')],
  ['JD', fixed('JOD')], ['د.ا', fixed('JOD')], ['د.أ', fixed('JOD')], ['دينار أردني', fixed('JOD')],
  ['ر.ع', fixed('OMR')], ['ر.ع.', fixed('OMR')], ['ر.ق', fixed('QAR')], ['QR', fixed('QAR')],
  ['DT', fixed('TND')], ['د.ت', fixed('TND')], ['LD', fixed('LYD')], ['ل.د', fixed('LYD')], ['د.ل', fixed('LYD')],
  ['ع.د', fixed('IQD')], ['د.ع', fixed('IQD')],
  // "﷼" is the rial sign of Iran as much as of Saudi Arabia; "ريال", "دينار"… are words of several countries.
  ['﷼', family(RIALS, null)], ['ريال', family(RIALS, null)], ['دينار', family(DINARS, null)],
  ['درهم', family(DIRHAMS, null)], ['جنيه', family(ARAB_POUNDS, null)],
  ['FCFA', family(['XOF', 'XAF'], null)], ['F CFA', family(['XOF', 'XAF'], null)], ['CFA', family(['XOF', 'XAF'], null)],
  // Single letters: the hint's currency, else a sign we cannot tell (like "kr").
  ['R', onlyWithHint('ZAR')], ['Q', onlyWithHint('GTQ')],
];

/** Spellings matched in any letter case ("EUR", "eur", "Eur"; "руб.", "Руб."). */
const ANY_CASE: ReadonlyArray<readonly [string, SignMeaning]> = [
  ['euro', fixed('EUR')], ['euros', fixed('EUR')], ['yen', fixed('JPY')], ['yuan', fixed('CNY')],
  ['dollar', DOLLAR], ['dollars', DOLLAR], ['rupees', RUPEE], ['forint', fixed('HUF')], ['złotych', fixed('PLN')],
  ['zloty', fixed('PLN')], ['złoty', fixed('PLN')],
  ['руб.', RUBLE], ['руб', RUBLE], ['рубль', RUBLE], ['рубля', RUBLE], ['рублей', RUBLE], ['р.', RUBLE], ['р', RUBLE],
  ['грн.', fixed('UAH')], ['грн', fixed('UAH')],
  ['zł', fixed('PLN')], ['zl', fixed('PLN')], ['kč', fixed('CZK')], ['lei', fixed('RON')],
  ['лв.', WITHDRAWN], ['лв', WITHDRAWN], ['ден.', fixed('MKD')], ['ден', fixed('MKD')],
  ['дин.', fixed('RSD')], ['дин', fixed('RSD')],
  ['тг', fixed('KZT')], ['тенге', fixed('KZT')], ['đ', fixed('VND')], ['vnđ', fixed('VND')],
  ['ksh', fixed('KES')], ['ksh.', fixed('KES')], ['kshs', fixed('KES')],
  ['kr', KRONA], ['kr.', KRONA],
  // ISO codes that are no common word, also in lower case ("140,00 pln"); in upper case every ISO code is a sign.
  ...['eur', 'usd', 'gbp', 'chf', 'pln', 'czk', 'huf', 'sek', 'nok', 'dkk', 'rub', 'uah', 'jpy', 'cny', 'inr', 'brl',
    'mxn', 'ron', 'aud', 'nzd', 'sgd', 'hkd', 'krw', 'myr', 'idr', 'twd', 'aed', 'sar', 'kwd', 'bhd', 'omr',
    'jod', 'qar', 'egp', 'kzt', 'ils', 'thb', 'vnd', 'ngn', 'kes', 'zar'].map((code) => [code, fixed(code.toUpperCase())] as const),
];

/**
 * Letters of scripts whose words are spaced: a sign spelled with them must be a whole word ("Rs" is no sign in
 * "Offers"). Han, Kana and Thai run words together, so "1500円起" still shows the sign "円".
 */
const WORD_LETTER = /[\p{sc=Latin}\p{sc=Cyrillic}\p{sc=Greek}\p{sc=Arabic}\p{sc=Hebrew}\p{sc=Georgian}\p{sc=Armenian}\p{sc=Hangul}]/u;
export const isWordLetter = (ch: string | undefined): boolean => ch !== undefined && WORD_LETTER.test(ch);

interface Spelling {
  text: string;
  anyCase: boolean;
  meaning: SignMeaning;
  wholeWordStart: boolean;
  wholeWordEnd: boolean;
}

/** Spellings by their first character (lower case), longest first so that "US$" wins over "$" and "руб." over "р". */
const BY_FIRST_CHAR = new Map<string, Spelling[]>();
for (const [entries, anyCase] of [[CASE_SENSITIVE, false], [ANY_CASE, true]] as const) {
  for (const [text, meaning] of entries) {
    const spelling = { text: anyCase ? text.toLowerCase() : text, anyCase, meaning, wholeWordStart: isWordLetter(text[0]), wholeWordEnd: isWordLetter(text.at(-1)) };
    const key = text[0]?.toLowerCase() ?? '';
    BY_FIRST_CHAR.set(key, [...(BY_FIRST_CHAR.get(key) ?? []), spelling].sort((a, b) => b.text.length - a.text.length));
  }
}

/** The longest currency sign of the table written at `position` in `text` (letters as whole words), if any. */
export function signAt(text: string, position: number): { length: number; meaning: SignMeaning } | null {
  const candidates = BY_FIRST_CHAR.get(text[position]?.toLowerCase() ?? '');
  if (candidates === undefined) return null;
  for (const spelling of candidates) {
    const length = spelling.text.length;
    const written = text.slice(position, position + length);
    if ((spelling.anyCase ? written.toLowerCase() : written) !== spelling.text) continue;
    if (spelling.wholeWordStart && isWordLetter(text[position - 1])) continue;
    if (spelling.wholeWordEnd && isWordLetter(text[position + length])) continue;
    return { length, meaning: spelling.meaning };
  }
  return null;
}

const UNKNOWN_SYMBOL: SignMeaning = { codes: [], fallback: null };
const CURRENCY_SYMBOL = /^\p{Sc}$/u;

/** What a word or character outside the table stands for: an upper-case ISO code, or a currency symbol we do not know. */
export function meaningOf(written: string): SignMeaning | null {
  if (written.length === 3) return /^[A-Z]{3}$/.test(written) && Money.isCurrency(written) ? fixed(written) : null;
  return written.length === 1 && CURRENCY_SYMBOL.test(written) ? UNKNOWN_SYMBOL : null;
}

/** Every ISO code the table names (for the table's own test). */
export function tableCodes(): string[] {
  return [...new Set([...CASE_SENSITIVE, ...ANY_CASE].flatMap(([, meaning]) => meaning.codes))];
}

/**
 * The currency that the signs written beside one number name together: "$" and "AUD" are AUD, "€" and "USD"
 * contradict, "$" alone is the hint's dollar (else USD), "kr" alone needs a krona hint.
 */
export function resolveSigns(meanings: readonly SignMeaning[], hint: string | null): Resolution {
  const named = (code: string): boolean =>
    (hint !== null && hint === code) || meanings.some((m) => m.hintOnly !== true && m.codes.length === 1 && m.codes[0] === code);
  // "R 450" is rands on a ZAR store or beside "ZAR", and a sign we cannot tell anywhere else.
  if (meanings.some((meaning) => meaning.hintOnly === true && !meaning.codes.some(named))) return UNRESOLVED;
  let codes: readonly string[] | null = null;
  for (const meaning of meanings) {
    codes = codes === null ? meaning.codes : codes.filter((code) => meaning.codes.includes(code));
  }
  if (codes === null || codes.length === 0) return CONTRADICTION;
  if (codes.length === 1) return codes[0] ?? CONTRADICTION;
  if (hint !== null && codes.includes(hint)) return hint;
  const fallback = meanings.find((meaning) => meaning.fallback !== null && codes.includes(meaning.fallback))?.fallback;
  return fallback ?? UNRESOLVED;
}
