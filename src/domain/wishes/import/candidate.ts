import { foldAuthor } from './fold.js';
import type { ImportCandidate } from './import-candidate.js';
import type { RowFields } from './row-reading.js';
import { splitTitleSeries } from './title-series.js';

/** A wanted row as the import hands it on: title freed of its series suffix, authors without repeats. */
export function toCandidate(
  line: number,
  fields: RowFields,
  isbns: string[],
  gtin: string | null,
  maxPrice: ImportCandidate['maxPrice'],
): ImportCandidate {
  const { title, series } = splitTitleSeries(fields.title, fields.series);
  const authors = distinctAuthors(fields.authors);
  return {
    line,
    isbns,
    gtin,
    title,
    fileTitle: fields.title,
    series,
    author: authors[0] ?? null,
    authors,
    format: fields.format,
    languageCode: fields.languageCode,
    publisher: fields.publisher,
    year: fields.year,
    pages: fields.pages,
    maxPrice,
  };
}

/** Exports repeat the primary author among the others ("Le Guin, Ursula K." and "Ursula K. Le Guin"). */
function distinctAuthors(names: readonly string[]): string[] {
  const seen = new Set<string>();
  const distinct: string[] = [];
  for (const name of names) {
    const key = foldAuthor(name) || name;
    if (seen.has(key)) continue;
    seen.add(key);
    distinct.push(name);
  }
  return distinct;
}
