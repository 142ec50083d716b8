// Open Library's Read API as the demonstration server answers it: for each ISBN it knows, `{records, items}` with the
// edition's record and, for about half the books, one scan of it (`match: exact`) in a lending status — lendable
// (three in ten), full access (one), checked out (one) — or restricted (one); the rest have no scan. Statuses can be
// set per ISBN (a test making a book lendable). Shapes follow openlibrary.org's answers (readlinks.py).
import { SeededHash } from '../stores/seeded-hash.js';
import { demoSourceView } from './demo-metadata-catalogue.js';
import type { DemoLendingStatus } from './demo-metadata-types.js';
import { editionKey, publishDate, workKey } from './open-library-answers.js';

/** The deterministic status of an ISBN's scan: 'none' when the edition has no scan. */
export function demoLendingStatus(isbn13: string): DemoLendingStatus {
  const roll = new SeededHash(['lending', isbn13]).below(10);
  return roll < 3 ? 'lendable' : roll === 3 ? 'full access' : roll === 4 ? 'checked out' : roll === 5 ? 'restricted' : 'none';
}

/** The page an item's `itemURL` names (the demonstration serves a small page there). */
export function demoItemUrl(baseUrl: string, isbn13: string, status: DemoLendingStatus): string {
  return status === 'full access' ? `${baseUrl}/stream/demo${isbn13}` : `${baseUrl}${editionKey(isbn13)}/borrow`;
}

/**
 * One entry of the answer, or null for an ISBN the demonstration's Open Library does not know. `status`: the ISBN's
 * set status, else its deterministic one.
 */
export function readApiEntry(isbn13: string, baseUrl: string, status: DemoLendingStatus | undefined): Record<string, unknown> | null {
  const view = demoSourceView('open-library', isbn13);
  if (view === null) return null;
  const key = editionKey(isbn13);
  const effective = status ?? demoLendingStatus(isbn13);
  const items =
    effective === 'none'
      ? []
      : [
          {
            enumcron: false,
            match: 'exact',
            status: effective,
            fromRecord: key,
            'ol-edition-id': key.split('/').pop(),
            'ol-work-id': workKey(isbn13).split('/').pop(),
            publishDate: String(view.book.year),
            contributor: '',
            itemURL: demoItemUrl(baseUrl, isbn13, effective),
          },
        ];
  return {
    records: {
      [key]: {
        isbns: [isbn13],
        issns: [],
        lccns: [],
        oclcs: [],
        olids: [key.split('/').pop()],
        publishDates: [publishDate(view)],
        recordURL: `${baseUrl}${key}`,
      },
    },
    items,
  };
}
