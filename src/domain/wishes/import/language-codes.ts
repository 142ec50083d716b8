import { ISO_639_1_LANGUAGES } from '../../reference/iso-639-1-languages.js';
import { normalizeForSearch } from '../../shared/search-text.js';
import { cleanText } from './text-cells.js';

/**
 * ISO 639-2 codes (bibliographic and terminology forms; most are also the ISO 639-3 code) of the languages
 * that have a two-letter code: LibraryThing, Calibre and Open Library name languages this way ("eng", "ger").
 */
const THREE_LETTER_CODES: Readonly<Record<string, string>> = {
  aar: 'aa', abk: 'ab', afr: 'af', aka: 'ak', alb: 'sq', sqi: 'sq', amh: 'am', ara: 'ar', arg: 'an', arm: 'hy',
  hye: 'hy', asm: 'as', ava: 'av', ave: 'ae', aym: 'ay', aze: 'az', bak: 'ba', bam: 'bm', baq: 'eu', eus: 'eu',
  bel: 'be', ben: 'bn', bis: 'bi', bos: 'bs', bre: 'br', bul: 'bg', bur: 'my', mya: 'my', cat: 'ca', cha: 'ch',
  che: 'ce', chi: 'zh', zho: 'zh', chu: 'cu', chv: 'cv', cor: 'kw', cos: 'co', cre: 'cr', cze: 'cs', ces: 'cs',
  dan: 'da', div: 'dv', dut: 'nl', nld: 'nl', dzo: 'dz', eng: 'en', epo: 'eo', est: 'et', ewe: 'ee', fao: 'fo',
  fij: 'fj', fin: 'fi', fre: 'fr', fra: 'fr', fry: 'fy', ful: 'ff', geo: 'ka', kat: 'ka', ger: 'de', deu: 'de',
  gla: 'gd', gle: 'ga', glg: 'gl', glv: 'gv', gre: 'el', ell: 'el', grn: 'gn', guj: 'gu', hat: 'ht', hau: 'ha',
  heb: 'he', her: 'hz', hin: 'hi', hmo: 'ho', hrv: 'hr', hun: 'hu', ibo: 'ig', ice: 'is', isl: 'is', ido: 'io',
  iii: 'ii', iku: 'iu', ile: 'ie', ina: 'ia', ind: 'id', ipk: 'ik', ita: 'it', jav: 'jv', jpn: 'ja', kal: 'kl',
  kan: 'kn', kas: 'ks', kau: 'kr', kaz: 'kk', khm: 'km', kik: 'ki', kin: 'rw', kir: 'ky', kom: 'kv', kon: 'kg',
  kor: 'ko', kua: 'kj', kur: 'ku', lao: 'lo', lat: 'la', lav: 'lv', lim: 'li', lin: 'ln', lit: 'lt', ltz: 'lb',
  lub: 'lu', lug: 'lg', mac: 'mk', mkd: 'mk', mah: 'mh', mal: 'ml', mao: 'mi', mri: 'mi', mar: 'mr', may: 'ms',
  msa: 'ms', mlg: 'mg', mlt: 'mt', mon: 'mn', nau: 'na', nav: 'nv', nbl: 'nr', nde: 'nd', ndo: 'ng', nep: 'ne',
  nno: 'nn', nob: 'nb', nor: 'no', nya: 'ny', oci: 'oc', oji: 'oj', ori: 'or', orm: 'om', oss: 'os', pan: 'pa',
  per: 'fa', fas: 'fa', pli: 'pi', pol: 'pl', por: 'pt', pus: 'ps', que: 'qu', roh: 'rm', rum: 'ro', ron: 'ro',
  run: 'rn', rus: 'ru', sag: 'sg', san: 'sa', sin: 'si', slo: 'sk', slk: 'sk', slv: 'sl', sme: 'se', smo: 'sm',
  sna: 'sn', snd: 'sd', som: 'so', sot: 'st', spa: 'es', srd: 'sc', srp: 'sr', ssw: 'ss', sun: 'su', swa: 'sw',
  swe: 'sv', tah: 'ty', tam: 'ta', tat: 'tt', tel: 'te', tgk: 'tg', tgl: 'tl', tha: 'th', tib: 'bo', bod: 'bo',
  tir: 'ti', ton: 'to', tsn: 'tn', tso: 'ts', tuk: 'tk', tur: 'tr', twi: 'tw', uig: 'ug', ukr: 'uk', urd: 'ur',
  uzb: 'uz', ven: 've', vie: 'vi', vol: 'vo', wel: 'cy', cym: 'cy', wln: 'wa', wol: 'wo', xho: 'xh', yid: 'yi',
  yor: 'yo', zha: 'za', zul: 'zu',
};

/** Names the reference table does not carry: languages named in themselves, and common English variants. */
const OTHER_NAMES: Readonly<Record<string, string>> = {
  deutsch: 'de', francais: 'fr', espanol: 'es', castellano: 'es', italiano: 'it', portugues: 'pt',
  nederlands: 'nl', vlaams: 'nl', svenska: 'sv', norsk: 'no', bokmal: 'nb', nynorsk: 'nn', dansk: 'da',
  suomi: 'fi', polski: 'pl', cestina: 'cs', slovencina: 'sk', slovenscina: 'sl', magyar: 'hu', romana: 'ro',
  hrvatski: 'hr', srpski: 'sr', turkce: 'tr', catala: 'ca', euskara: 'eu', galego: 'gl', gaeilge: 'ga',
  cymraeg: 'cy', eesti: 'et', latviesu: 'lv', lietuviu: 'lt', islenska: 'is', latina: 'la', greek: 'el',
  farsi: 'fa', mandarin: 'zh', cantonese: 'zh', 'bahasa indonesia': 'id', 'bahasa melayu': 'ms', 'tieng viet': 'vi',
  русский: 'ru', українська: 'uk', български: 'bg', ελληνικα: 'el', עברית: 'he', العربية: 'ar', فارسی: 'fa',
  हिन्दी: 'hi', ไทย: 'th', 日本語: 'ja', 中文: 'zh', 한국어: 'ko',
};

const TWO_LETTER_CODES = new Set(ISO_639_1_LANGUAGES.map(([code]) => code));
const CODES_BY_NAME = buildNameIndex();

/**
 * The ISO 639-1 code of the language a cell names, by code ("en", "en-GB", "eng", "ger") or by name
 * ("English", "Deutsch", "Spanish; Castilian", "Chinese (Simplified)"); the first language of a list wins.
 */
export function languageCodeOf(...cells: ReadonlyArray<string | undefined>): string | null {
  for (const cell of cells) {
    const text = cleanText(cell);
    if (text === null) continue;
    for (const piece of text.split(/[,;|/]/)) {
      const code = codeOfOne(piece);
      if (code !== null) return code;
    }
  }
  return null;
}

function codeOfOne(piece: string): string | null {
  const text = piece.trim();
  const tag = /^([a-z]{2,3})(?:[-_][a-z0-9]{2,8})*$/i.exec(text);
  if (tag) {
    const code = (tag[1] ?? '').toLowerCase();
    if (code.length === 2 && TWO_LETTER_CODES.has(code)) return code;
    if (code.length === 3 && Object.hasOwn(THREE_LETTER_CODES, code)) return THREE_LETTER_CODES[code] ?? null;
  }
  return CODES_BY_NAME.get(nameKey(text)) ?? null;
}

/** Names compared folded and without qualifiers: "Modern Greek (1453-)" is found as "modern greek". */
function nameKey(name: string): string {
  return normalizeForSearch(name.replace(/\([^)]*\)/g, ' '));
}

function buildNameIndex(): Map<string, string> {
  const index = new Map<string, string>();
  for (const [code, names] of ISO_639_1_LANGUAGES) {
    for (const name of names.split(';')) {
      const key = nameKey(name);
      if (key !== '' && !index.has(key)) index.set(key, code);
    }
  }
  for (const [name, code] of Object.entries(OTHER_NAMES)) {
    const key = nameKey(name);
    if (!index.has(key)) index.set(key, code);
  }
  return index;
}
