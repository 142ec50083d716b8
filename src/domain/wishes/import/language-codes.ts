import { ISO_639_1_LANGUAGES } from '../../reference/iso-639-1-languages.js';
import { THREE_LETTER_CODES } from '../../reference/iso-639-2-codes.js';
import { normalizeForSearch } from '../../shared/search-text.js';
import { cleanText } from './text-cells.js';


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
