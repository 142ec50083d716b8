import { expect } from 'vitest';
import type { ImportCandidate } from '../../../../../src/domain/wishes/import/parse-wish-import.js';

/**
 * A whole candidate as a test expects it: what the row says, everything else empty, `author` the first of
 * `authors`, and `fileTitle` the title (with a series, a text that begins with the title) unless the test says
 * otherwise.
 */
export function expectedCandidate(said: Partial<ImportCandidate> & Pick<ImportCandidate, 'line'>): ImportCandidate {
  const title = said.title ?? null;
  const fileTitle: unknown = title === null || said.series === undefined || said.series === null ? title : expect.stringContaining(title);
  return {
    isbns: [],
    gtin: null,
    title: null,
    fileTitle: fileTitle as string | null,
    series: null,
    author: said.authors?.[0] ?? null,
    authors: [],
    format: null,
    languageCode: null,
    publisher: null,
    year: null,
    pages: null,
    maxPrice: null,
    ...said,
  };
}
