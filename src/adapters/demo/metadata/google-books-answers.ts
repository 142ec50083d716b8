// Google Books' volumes search as the demonstration server answers it: `books#volumes` with the volume of the ISBN
// asked (or none), or the volumes a title search found. The shape follows the API's Volume resource and the answers of
// googleapis.com; the books are the demonstration catalogue's.
import { Isbn } from '../../../domain/catalog/isbn.js';
import { SeededHash } from '../stores/seeded-hash.js';
import type { DemoSourceView } from './demo-metadata-catalogue.js';

const ID_CHARACTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

export function googleVolumes(view: DemoSourceView | null, baseUrl: string): Record<string, unknown> {
  return googleVolumesOf(view === null ? [] : [view], 10, baseUrl);
}

/** The first `maxResults` volumes; `totalItems` counts them all. Google leaves `items` out when there is none. */
export function googleVolumesOf(views: readonly DemoSourceView[], maxResults: number, baseUrl: string): Record<string, unknown> {
  const items = views.slice(0, maxResults).map((view) => volume(view, baseUrl));
  return { kind: 'books#volumes', totalItems: views.length, ...(items.length > 0 ? { items } : {}) };
}

/** Google's 400 for a refused key (its real wording). */
export function badKeyError(): Record<string, unknown> {
  const message = 'API key not valid. Please pass a valid API key.';
  return { error: { code: 400, message, errors: [{ message, domain: 'global', reason: 'badRequest' }], status: 'INVALID_ARGUMENT' } };
}

function volume(view: DemoSourceView, baseUrl: string): Record<string, unknown> {
  const { book } = view;
  const id = volumeId(book.isbn13);
  const isbn10 = Isbn.parse(book.isbn13).isbn10;
  const identifiers = view.altSpelling && isbn10
    ? [{ type: 'ISBN_10', identifier: isbn10 }]
    : [...(isbn10 ? [{ type: 'ISBN_10', identifier: isbn10 }] : []), { type: 'ISBN_13', identifier: book.isbn13 }];
  const date = [String(book.year), `${book.year}-${pad(book.month)}`, `${book.year}-${pad(book.month)}-${pad(book.day)}`][view.dateStyle % 3];
  const info: Record<string, unknown> = {
    title: book.title,
    ...(book.subtitle ? { subtitle: book.subtitle } : {}),
    authors: book.authors,
    ...(view.withoutSecondaryField ? {} : { publisher: book.publisher }),
    publishedDate: date,
    industryIdentifiers: identifiers,
    readingModes: { text: false, image: false },
    // Google answers 0 when it does not know the page count.
    pageCount: view.withoutPages ? 0 : book.pages,
    printType: 'BOOK',
    maturityRating: 'NOT_MATURE',
    ...(view.withoutCover
      ? {}
      : { imageLinks: { smallThumbnail: `${baseUrl}/covers/${book.isbn13}-S.svg`, thumbnail: `${baseUrl}/covers/${book.isbn13}-M.svg` } }),
    language: book.languageCode,
    previewLink: `${baseUrl}/books?id=${id}`,
    infoLink: `${baseUrl}/books?id=${id}`,
    canonicalVolumeLink: `${baseUrl}/books/about?id=${id}`,
  };
  return {
    kind: 'books#volume',
    id,
    etag: volumeId(`etag${book.isbn13}`).slice(0, 11),
    selfLink: `${baseUrl}/books/v1/volumes/${id}`,
    volumeInfo: info,
    saleInfo: { country: 'US', saleability: 'NOT_FOR_SALE', isEbook: book.format === 'ebook' },
    accessInfo: { country: 'US', viewability: 'NO_PAGES', embeddable: false, publicDomain: false },
  };
}

function volumeId(seed: string): string {
  const h = new SeededHash(['volume', seed]);
  return Array.from({ length: 12 }, () => h.pick([...ID_CHARACTERS])).join('');
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}
