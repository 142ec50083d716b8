import type { PageRequest, PageSlice, PageWindow } from '../../../../domain/shared/page.js';
import { HttpProblem } from '../errors/http-problem.js';
import { type CursorCodec, filterHashOf, InvalidCursorError } from './cursor-codec.js';

export interface Link {
  href: string;
}
export interface PageLinks {
  self: Link;
  first: Link;
  last: Link;
  prev?: Link;
  next?: Link;
}
export interface Collection<T> {
  data: T[];
  _links: PageLinks;
}

export type Filters = Readonly<Record<string, string | number | undefined>>;

/** What every link of one listing (path, filters, page size) shares: the URL up to the cursor, and its cursors so far. */
interface ListingLinks {
  prefix: string;
  codec: CursorCodec;
  filterHash: string;
  cursors: Map<string, string>;
}

/**
 * Listings, and links with a cursor per listing, remembered at most (a few MB at worst): each link of a page used to
 * cost a query string, a JSON text and an HMAC lookup, and the hot ones (a first page's `next` and `last`) are few.
 */
const LISTINGS_MAX = 500;
const CURSORS_MAX = 32;

/**
 * The reusable pagination piece: turns `per_page` + `cursor` into a PageRequest, and a page of rows
 * into `{data, _links}`. Every list endpoint goes through it.
 */
export class Paginator {
  private readonly listings = new Map<string, ListingLinks>();

  constructor(private readonly codec: CursorCodec) {}

  /**
   * A cursor made for another page size or other filters yields the first page (seed rule 1); a cursor of
   * another listing, or an altered one, is `invalid_cursor`.
   */
  request(basePath: string, perPage: number, cursor: string | undefined, filters: Filters): PageRequest {
    if (cursor === undefined) return { window: { kind: 'first' }, size: perPage };
    const listing = this.listingLinks(basePath, filters, perPage);
    let state;
    try {
      state = listing.codec.decode(cursor);
    } catch (error) {
      if (error instanceof InvalidCursorError) throw new HttpProblem('invalid_cursor', 'The cursor is invalid or was altered; follow the _links as given');
      throw error;
    }
    if (state.perPage !== perPage || state.filterHash !== listing.filterHash) {
      return { window: { kind: 'first' }, size: perPage };
    }
    return { window: state.window, size: perPage };
  }

  collection<T, J>(
    basePath: string,
    filters: Filters,
    request: PageRequest,
    slice: PageSlice<T>,
    keyOf: (item: T) => number,
    toJson: (item: T) => J,
  ): Collection<J> {
    const listing = this.listingLinks(basePath, filters, request.size);
    const href = (window: PageWindow): string => hrefOf(listing, request.size, window);
    const w = request.window;
    const firstItem = slice.items[0];
    const lastItem = slice.items[slice.items.length - 1];
    const hasPrev = firstItem !== undefined && (w.kind === 'after' || ((w.kind === 'before' || w.kind === 'last') && slice.hasMore));
    const hasNext = lastItem !== undefined && (w.kind === 'before' || ((w.kind === 'first' || w.kind === 'after') && slice.hasMore));

    const first = href({ kind: 'first' });
    // A page that is both first and last (including an empty listing) is named by one URL.
    const single = !hasPrev && !hasNext && (w.kind === 'first' || w.kind === 'last');
    const links: PageLinks = {
      self: { href: single ? first : href(w) },
      first: { href: first },
      last: { href: single ? first : href({ kind: 'last' }) },
    };
    if (hasPrev && firstItem !== undefined) links.prev = { href: href({ kind: 'before', key: keyOf(firstItem) }) };
    if (hasNext && lastItem !== undefined) links.next = { href: href({ kind: 'after', key: keyOf(lastItem) }) };
    return { data: slice.items.map(toJson), _links: links };
  }

  /** The whole list answer: reads the page request, loads the slice, answers 200 with `{data, _links}`. */
  async respond<T, J>(
    at: { path: string; query: { per_page: number; cursor?: string | undefined }; filters?: Filters },
    load: (request: PageRequest) => Promise<PageSlice<T>>,
    keyOf: (item: T) => number,
    toJson: (item: T) => J,
  ): Promise<{ status: 200; body: Collection<J> }> {
    const filters = at.filters ?? {};
    const request = this.request(at.path, at.query.per_page, at.query.cursor, filters);
    const slice = await load(request);
    return { status: 200, body: this.collection(at.path, filters, request, slice, keyOf, toJson) };
  }

  private listingLinks(basePath: string, filters: Filters, perPage: number): ListingLinks {
    // JSON: no filter value can make two listings' keys meet (undefined filters are left out, as from the links).
    const key = JSON.stringify([perPage, basePath, filters]);
    let listing = this.listings.get(key);
    if (listing === undefined) {
      const params = new URLSearchParams();
      for (const [name, value] of Object.entries(filters)) if (value !== undefined) params.set(name, String(value));
      params.set('per_page', String(perPage));
      listing = { prefix: `${basePath}?${params.toString()}`, codec: this.codec.forListing(basePath), filterHash: filterHashOf(filters), cursors: new Map() };
      if (this.listings.size >= LISTINGS_MAX) this.listings.clear();
      this.listings.set(key, listing);
    }
    return listing;
  }
}

/** The link to a page: the listing's URL, with the cursor of the window unless it is the first page. */
function hrefOf(listing: ListingLinks, perPage: number, window: PageWindow): string {
  if (window.kind === 'first') return listing.prefix;
  const key = window.kind === 'last' ? 'l' : `${window.kind}${window.key}`;
  let href = listing.cursors.get(key);
  if (href === undefined) {
    // The cursor is URL-safe as it is (base64url and a dot), as URLSearchParams would write it.
    href = `${listing.prefix}&cursor=${listing.codec.encode({ window, perPage, filterHash: listing.filterHash })}`;
    if (listing.cursors.size >= CURSORS_MAX) listing.cursors.clear();
    listing.cursors.set(key, href);
  }
  return href;
}
