import { meaningOf, signAt, type SignMeaning } from './currency-signs.js';

/** Price text cut into numbers, currency signs, words, dashes, percent signs, spaces and other characters. */

export type TokenKind = 'number' | 'sign' | 'word' | 'dash' | 'percent' | 'space' | 'other';

export interface Token {
  kind: TokenKind;
  text: string;
  start: number;
  end: number;
  /** For signs: what the sign stands for. */
  meaning?: SignMeaning;
}

/**
 * A number: digits grouped by a space/apostrophe before each three digits ("1 234,56", "1'234.50"), or by "." and ","
 * ("1.234,56"); optionally ending in a dash for zero cents ("18,-", "129:-"); or a fraction with no integer part
 * (".75"). A space joins digits only after a group of one to three ("ISBN 9783161484100 719,15" is two numbers).
 */
const ZERO_CENTS = String.raw`(?:[.,:][-–—]{1,2}(?!\d))?`;
const NUMBER = String.raw`(?:\d{1,3}(?:[ '’]\d{3}(?!\d))+(?:[.,]\d+)?|\d+(?:[.,]\d+)*)${ZERO_CENTS}|(?<![\d.,])[.,]\d+(?:[.,]\d+)*`;
const NUMBER_AT = new RegExp(NUMBER, 'y');
const WORD_AT = /\p{L}[\p{L}\p{M}]*/uy;
const DASHES = new Set(['-', '‐', '‑', '‒', '–', '—', '−']);
const PERCENTS = new Set(['%', '％', '٪']);

// Digits and separators from other scripts, to ASCII: "１，５００円", Arabic-Indic "١٢٫٥٠".
const FOREIGN_DIGITS: ReadonlyArray<readonly [RegExp, number]> = [
  [/[０-９]/g, 0xff10],
  [/[٠-٩]/g, 0x0660],
  [/[۰-۹]/g, 0x06f0],
];
const UNICODE_SPACES = /[\u00a0\u2000-\u200b\u202f\u205f\u3000]/g;
const MAX_TEXT = 1000;

// Character references left in JSON-LD strings and double-encoded attributes ("&pound;12.99", "18,09&#8239;€").
const NAMED_REFERENCES: Readonly<Record<string, string>> = {
  nbsp: ' ', euro: '€', pound: '£', yen: '¥', cent: '¢', dollar: '$', amp: '&', quot: '"', apos: "'", curren: '¤',
};
const REFERENCE = /&(?:#(\d{1,7})|#x([\da-f]{1,6})|([a-z]{2,6}));/gi;

function decodeReferences(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(REFERENCE, (whole, decimal?: string, hex?: string, name?: string) => {
    const code = decimal !== undefined ? Number(decimal) : hex !== undefined ? parseInt(hex, 16) : null;
    if (code !== null) return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    return NAMED_REFERENCES[name?.toLowerCase() ?? ''] ?? whole;
  });
}

/** Text as the tokeniser reads it: references decoded, spaces collapsed (line breaks kept); digits in ASCII. */
export function cleanText(text: string): string {
  let cleaned = decodeReferences(text.slice(0, MAX_TEXT));
  for (const [digits, zero] of FOREIGN_DIGITS) {
    cleaned = cleaned.replace(digits, (ch) => String(ch.charCodeAt(0) - zero));
  }
  return cleaned
    .replace(/[，]/g, ',')
    .replace(/[．٫]/g, '.')
    .replace(/[٬]/g, ',')
    .replace(UNICODE_SPACES, ' ')
    // A line break separates: "180\n269 Kč" is two numbers, never 180269.
    .replace(/\s*[\n\r\u2028\u2029]\s*/g, '\n')
    .replace(/[^\S\n]+/g, ' ')
    .trim();
}

/**
 * A decimal separator cut from its two decimals by a space, as some pages write them ("392. 00", "$ 8. 94",
 * "1.837, 32 €"), joined back ("392.00"): only exactly two digits after the gap with nothing numeric after them, and
 * never after a year ("2025, 22 €" is a year and a price). Three digits ("1. 250") stay cut, and refused.
 */
const CUT_DECIMALS = /(?<![\d.,])(\d{1,3}(?:[.,]\d{3})*|\d+)([.,]) (\d{2})(?![\d%％]|[.,]\d)/g;
const YEAR = /^(?:19|20)\d\d$/;

export function joinCutDecimals(cleaned: string): string {
  if (!/[.,] \d/.test(cleaned)) return cleaned;
  return cleaned.replace(CUT_DECIMALS, (whole, integer: string, separator: string, decimals: string) =>
    YEAR.test(integer) ? whole : `${integer}${separator}${decimals}`,
  );
}

export function tokenise(cleaned: string): Token[] {
  const tokens: Token[] = [];
  let position = 0;
  const push = (kind: TokenKind, length: number, meaning?: SignMeaning): void => {
    const token: Token = { kind, text: cleaned.slice(position, position + length), start: position, end: position + length };
    if (meaning !== undefined) token.meaning = meaning;
    tokens.push(token);
    position += length;
  };
  while (position < cleaned.length) {
    const ch = cleaned[position] ?? '';
    const number = /[\d.,]/.test(ch) ? matchAt(NUMBER_AT, cleaned, position) : null;
    if (number !== null) {
      push('number', number.length);
      continue;
    }
    const sign = signAt(cleaned, position);
    if (sign !== null) {
      push('sign', sign.length, sign.meaning);
      continue;
    }
    const word = matchAt(WORD_AT, cleaned, position);
    if (word !== null) {
      const meaning = meaningOf(word); // "AUD", "SGD" in upper case
      push(meaning === null ? 'word' : 'sign', word.length, meaning ?? undefined);
      continue;
    }
    const meaning = meaningOf(ch); // a currency symbol we do not know: "₤", "¢"
    if (meaning !== null) push('sign', 1, meaning);
    else if (DASHES.has(ch)) push('dash', 1);
    else if (PERCENTS.has(ch)) push('percent', 1);
    else push(ch === ' ' || ch === '\n' ? 'space' : 'other', 1);
  }
  return tokens;
}

function matchAt(pattern: RegExp, text: string, position: number): string | null {
  pattern.lastIndex = position;
  return pattern.exec(text)?.[0] ?? null;
}
