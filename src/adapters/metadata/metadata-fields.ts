// Reading the loosely typed fields of bibliographic answers: free-text dates, "Last, First" names, page counts,
// language tags and binding names. Pure; both sources' mappings use them.
import { ISO_639_1_LANGUAGES } from '../../domain/reference/iso-639-1-languages.js';
import { EARLIEST_PUBLISHED_YEAR } from '../../domain/catalog/edition.js';
import type { BookMetadata } from '../../application/catalog/ports/book-metadata-source.js';

/** No year after this is believed: a four-digit number beyond it is a page count or a catalogue number. */
const LATEST_BELIEVABLE_YEAR = 2100;

/** Trimmed text with inner whitespace collapsed; null for anything else or nothing. */
export function cleanText(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.replace(/\s+/g, ' ').trim();
  return text === '' ? null : text;
}

/** The year of a free-text date: "2019", "October 1, 2019", "2019-10-01", "c1997", "[1998?]"; null without one. */
export function publishedYearOf(value: unknown): number | null {
  const text = cleanText(value);
  if (text === null) return null;
  for (const match of text.matchAll(/(?<!\d)(\d{4})(?!\d)/g)) {
    const year = Number(match[1]);
    if (year >= EARLIEST_PUBLISHED_YEAR && year <= LATEST_BELIEVABLE_YEAR) return year;
  }
  return null;
}

/** "Banks, Iain M." as "Iain M. Banks" (and "King, Martin Luther, Jr." as "Martin Luther King Jr."); others as given. */
export function personName(value: string): string {
  const name = value.replace(/\s+/g, ' ').trim().replace(/,\s*\d{4}-(\d{4})?\.?$/, '');
  const parts = name.split(/\s*,\s*/);
  if (/^(inc|ltd|llc|corp|co|gmbh)\.?$/i.test(parts[1] ?? '')) return name;
  if (parts.length === 2 && parts[0] && parts[1]) return `${parts[1]} ${parts[0]}`;
  if (parts.length === 3 && parts[0] && parts[1] && /^(Jr\.?|Sr\.?|II|III|IV)$/.test(parts[2] ?? '')) return `${parts[1]} ${parts[0]} ${parts[2]}`;
  return name;
}

/** Names as "First Last", blanks dropped, each name once, in the given order. */
export function authorNames(values: readonly unknown[]): string[] {
  const names = values.map(cleanText).filter((name): name is string => name !== null).map(personName);
  return [...new Set(names)];
}

/** A positive page count; null for 0 (Google's "unknown"), fractions and absurd numbers. */
export function pageCountOf(value: unknown): number | null {
  const n = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 && n < 100_000 ? n : null;
}

/** The codes of the languages table, so a code the catalogue cannot hold reads as unknown. */
const KNOWN_LANGUAGE_CODES = new Set(ISO_639_1_LANGUAGES.map(([code]) => code));

/** Retired ISO 639-1 codes some services still answer. */
const RETIRED_LANGUAGE_CODES: Record<string, string> = { iw: 'he', in: 'id', ji: 'yi' };

/** The ISO 639-1 code of a language tag ("en", "en-GB", "zh-CN", "iw"); null when it has none ("und", "un"). */
export function languageCodeOf(value: unknown): string | null {
  const primary = cleanText(value)?.toLowerCase().split(/[-_]/)[0];
  if (primary === undefined) return null;
  const code = RETIRED_LANGUAGE_CODES[primary] ?? primary;
  return KNOWN_LANGUAGE_CODES.has(code) ? code : null;
}

/** Shelfwatch's format of a binding name ("Mass Market Paperback", "Hardcover", "Kindle Edition", "Audio CD"). */
export function formatOf(value: unknown): BookMetadata['format'] {
  const text = cleanText(value)?.toLowerCase();
  if (text === undefined) return null;
  if (/audio|mp3|cassette|spoken/.test(text)) return 'audiobook';
  if (/e-?book|kindle|epub|electronic|digital/.test(text)) return 'ebook';
  if (/hard|library binding|cloth|leather/.test(text)) return 'hardcover';
  if (/paper|soft|pocket|trade/.test(text)) return 'paperback';
  return null;
}

/** An http(s) URL, or null. */
export function webUrlOf(value: unknown): string | null {
  const text = cleanText(value);
  if (text === null) return null;
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}
