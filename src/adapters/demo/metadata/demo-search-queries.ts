// Reading the two services' search requests into the demonstration's search terms: Open Library's `title`, `author`
// and `q` parameters, Google's `q` with its keywords (`intitle:`, `inauthor:`, each a word or a "quoted phrase").
import type { DemoMetadataRequest } from './demo-metadata-types.js';
import { searchWords, type DemoSearchTerms } from './demo-search-index.js';

export interface DemoSearchQuery {
  terms: DemoSearchTerms;
  /** What the request log shows. */
  asked: NonNullable<DemoMetadataRequest['search']>;
  /** A keyword the demonstration does not search by (inpublisher:, subject:, …): it then finds nothing. */
  unsupported: boolean;
}

export function openLibrarySearchQuery(params: URLSearchParams): DemoSearchQuery {
  const title = params.get('title');
  const author = params.get('author');
  return {
    terms: { title: searchWords(title ?? ''), author: searchWords(author ?? ''), any: searchWords(params.get('q') ?? '') },
    asked: { title, author },
    unsupported: false,
  };
}

export function googleSearchQuery(q: string): DemoSearchQuery {
  const title: string[] = [];
  const author: string[] = [];
  const any: string[] = [];
  let unsupported = false;
  for (const match of q.matchAll(/(?:([a-z]+):)?("[^"]*"?|\S+)/gi)) {
    const keyword = match[1]?.toLowerCase();
    const value = (match[2] ?? '').replace(/^"|"$/g, '');
    if (keyword === 'intitle') title.push(value);
    else if (keyword === 'inauthor') author.push(value);
    else if (keyword === undefined) any.push(value);
    else unsupported = true;
  }
  return {
    terms: { title: title.flatMap(searchWords), author: author.flatMap(searchWords), any: any.flatMap(searchWords) },
    asked: { title: title.length > 0 ? title.join(' ') : null, author: author.length > 0 ? author.join(' ') : null },
    unsupported,
  };
}
