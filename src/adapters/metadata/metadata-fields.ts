// Reading the loosely typed fields of bibliographic answers: free-text dates, "Last, First" names, page counts,
// language tags and binding names. Pure; both sources' mappings use them.
import type { BookMetadata } from '../../application/catalog/ports/book-metadata-source.js';
import { formatOf as bindingFormatOf } from '../../domain/wishes/import/book-format.js';
import { languageCodeOf as languageCodeOfCells } from '../../domain/wishes/import/language-codes.js';
import { yearOf } from '../../domain/wishes/import/numbers.js';

/** Trimmed text with inner whitespace collapsed; null for anything else or nothing. */
export function cleanText(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.replace(/\s+/g, ' ').trim();
  return text === '' ? null : text;
}

/** The year of a free-text date ("2019", "October 1, 2019", "c1997"): the same reading as an export's date cells. */
export function publishedYearOf(value: unknown): number | null {
  return typeof value === 'string' ? yearOf(value) : null;
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

/** Retired ISO 639-1 codes some services still answer. */
const RETIRED_LANGUAGE_CODES: Record<string, string> = { iw: 'he', in: 'id', ji: 'yi' };

/** The ISO 639-1 code of a language tag ("en", "en-GB", "zh-CN", "iw"); null when it has none ("und", "un"). */
export function languageCodeOf(value: unknown): string | null {
  const primary = cleanText(value)?.toLowerCase().split(/[-_]/)[0];
  if (primary === undefined) return null;
  return languageCodeOfCells(RETIRED_LANGUAGE_CODES[primary] ?? primary);
}

/** Shelfwatch's format of a binding name ("Mass Market Paperback", "Hardcover", "Kindle Edition", "Audio CD"): the
 * same words as an export's binding column. */
export function formatOf(value: unknown): BookMetadata['format'] {
  return typeof value === 'string' ? bindingFormatOf(value) : null;
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
