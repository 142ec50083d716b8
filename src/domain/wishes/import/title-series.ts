import { normalizeForSearch } from '../../shared/search-text.js';
import { cleanText } from './text-cells.js';

export interface ImportSeries {
  name: string;
  /** As the export writes it: "1", "1.5", "1-3"; null when the export gives no place in the series. */
  position: string | null;
}

export interface TitleAndSeries {
  title: string | null;
  series: ImportSeries | null;
}

const POSITION = String.raw`(\d+(?:\.\d+)?(?:\s*-\s*\d+(?:\.\d+)?)?)`;
/** "Alex Stern, #1", "The Locked Tomb #1", "Hyperion Cantos, #1-2". */
const HASH_FORM = new RegExp(String.raw`^(.+?),?\s*#\s*${POSITION}$`);
/** "Alex Stern Book 1", "Discworld, Vol. 4". */
const WORD_FORM = new RegExp(String.raw`^(.+?),?\s+(?:book|vol\.?|volume)\s+${POSITION}$`, 'i');
/** A title ending in a parenthesis: "Ninth House (Alex Stern, #1)". */
const TRAILING_PARENTHESIS = /^(.*\S)\s*\(([^()]+)\)$/;

/**
 * Splits the series suffix off a title: "Ninth House (Alex Stern, #1)" → "Ninth House" in "Alex Stern" #1.
 * Conservative on purpose, because parentheses are also part of titles ("Tales (from the Old Country)"):
 * a suffix goes only when it has a number (`#1`, `Book 1`) or when `known` — the series the export names in
 * a column of its own — is the text in the parenthesis. A series of the export's own column wins over the
 * suffix's, whose spelling is only the title's.
 */
export function splitTitleSeries(rawTitle: string | null, known: ImportSeries | null = null): TitleAndSeries {
  const title = cleanText(rawTitle ?? undefined);
  if (title === null) return { title: null, series: known };
  const parts = TRAILING_PARENTHESIS.exec(title);
  if (!parts) return { title, series: known };
  const [, bare = '', inside = ''] = parts;
  const suffix = readSeriesSuffix(inside);
  const namesKnown = known !== null && sameName(inside, known.name);
  if (!suffix && !namesKnown) return { title, series: known };
  return { title: bare, series: known ?? suffix };
}

/**
 * The series of a series cell: "The Mistborn Saga (#1), The Cosmere" (Hardcover), "Alex Stern (1)"
 * (LibraryThing), "Alex Stern, #1", or a bare name. The first series listed is the one kept.
 */
export function readSeriesCell(cell: string | undefined, position?: string | undefined): ImportSeries | null {
  const text = cleanText(cell);
  if (text === null) return null;
  const first = firstListed(text);
  const numbered = /^(.+?)\s*\(\s*#?\s*([\d.]+(?:\s*-\s*[\d.]+)?)\s*\)$/.exec(first);
  if (numbered) return { name: numbered[1] ?? first, position: cleanPosition(numbered[2]) };
  const suffix = readSeriesSuffix(first);
  if (suffix) return suffix;
  return { name: first, position: cleanPosition(position) };
}

/** "8.0" (Calibre's series_index) → "8"; a blank or zero-free position stays as written. */
export function cleanPosition(position: string | undefined): string | null {
  const text = cleanText(position);
  if (text === null) return null;
  return text.replace(/^(\d+)\.0+$/, '$1').replace(/\s*-\s*/, '-');
}

function readSeriesSuffix(inside: string): ImportSeries | null {
  // Goodreads lists a book's other series after a semicolon: "(Discworld, #1; Rincewind, #1)".
  const first = inside.split(';')[0]?.trim() ?? '';
  const match = HASH_FORM.exec(first) ?? WORD_FORM.exec(first);
  if (!match) return null;
  const name = cleanText(match[1]);
  return name === null ? null : { name, position: cleanPosition(match[2]) };
}

/**
 * The first entry of a list separated by commas or "|", whose entries may carry parentheses with commas inside;
 * a comma before "#" belongs to the entry ("Alex Stern, #1").
 */
function firstListed(text: string): string {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '(') depth += 1;
    else if (char === ')') depth = Math.max(0, depth - 1);
    else if (depth === 0 && (char === '|' || (char === ',' && !/^\s*#/.test(text.slice(i + 1, i + 4))))) {
      return text.slice(0, i).trim();
    }
  }
  return text;
}

function sameName(a: string, b: string): boolean {
  return normalizeForSearch(a) === normalizeForSearch(b);
}
