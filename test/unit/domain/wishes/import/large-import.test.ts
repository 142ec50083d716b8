import { describe, expect, it } from 'vitest';
import { parseWishImport } from '../../../../../src/domain/wishes/import/parse-wish-import.js';
import { goodreadsCsv, syntheticGoodreadsRows, utf8 } from '../../../../support/import-fixtures.js';

const ROWS = 10_000;

/** Physical line of each row: rows start on line 2, and each embedded newline pushes the later rows down. */
function physicalLines(reviews: Array<string | undefined>): number[] {
  let line = 2;
  return reviews.map((review) => {
    const start = line;
    line += 1 + (review?.split('\n').length ?? 1) - 1;
    return start;
  });
}

describe('parseWishImport on a 10,000-row Goodreads export', () => {
  const rows = syntheticGoodreadsRows(ROWS);
  const lines = physicalLines(rows.map((row) => row.review));
  const expected = rows
    .map((row, i) => ({
      line: lines[i],
      isbns: row.isbn13 ? [row.isbn13] : [],
      gtin: null,
      title: row.title,
      fileTitle: row.title,
      series: null,
      author: row.author ?? null,
      authors: row.author ? [row.author] : [],
      // goodreadsCsv() writes every row as a paperback, with no publisher, year or page count.
      format: 'paperback',
      languageCode: null,
      publisher: null,
      year: null,
      pages: null,
      maxPrice: null,
    }))
    .filter((_, i) => rows[i]?.shelf === 'to-read');

  it.each([
    ['24 columns, LF', { columns: 24 as const, lineEnding: '\n' as const }],
    ['31 columns, BOM and CRLF', { columns: 31 as const, lineEnding: '\r\n' as const, bom: true }],
  ])('reads every to-read row with its physical line (%s)', (_name, options) => {
    const result = parseWishImport(utf8(goodreadsCsv(rows, options)));

    expect(result.layout).toBe('goodreads');
    expect(result.candidates).toHaveLength(7_500);
    expect(result.candidates).toEqual(expected);
    expect(result.skipped).toBe(2_500);
    expect(result.invalid).toEqual([]);
  });

  it('builds the same file from a row count', () => {
    expect(goodreadsCsv(ROWS)).toBe(goodreadsCsv(rows));
  });
});
