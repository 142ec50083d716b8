// Pagination invariants on every list endpoint of the catalog: /api/books, /api/authors, /api/books/:bookId/editions.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';

let t: TestService;

interface Link {
  href: string;
}
interface Page {
  data: any[];
  _links: { self: Link; first: Link; last: Link; prev?: Link; next?: Link };
}

/** One list endpoint with the filters in use and the ids it should list, in ascending order. */
interface Listing {
  name: string;
  path: string;
  query: Record<string, string>;
  idOf(item: any): number;
  /** The ids the listing holds right now, straight from the database. */
  ids(): Promise<number[]>;
}

const PER_PAGE_VALUES = [1, 3, 7, 100];
const LINK_NAMES = ['self', 'first', 'last', 'prev', 'next'];

function hrefOf(path: string, params: Record<string, string | number>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) search.set(name, String(value));
  return `${path}?${search.toString()}`;
}

function cursorOf(href: string): string {
  const cursor = new URL(href, t.baseUrl).searchParams.get('cursor');
  expect(cursor, `no cursor in ${href}`).not.toBeNull();
  return cursor!;
}

/** The same link with one query parameter replaced (or removed with null). */
function withParam(href: string, name: string, value: string | null): string {
  const url = new URL(href, t.baseUrl);
  if (value === null) url.searchParams.delete(name);
  else url.searchParams.set(name, value);
  return `${url.pathname}${url.search}`;
}

/** Checks the `{data, _links}` body shape and that every link is followable and repeats per_page and the filters. */
function assertCollection(body: any, listing: Listing, perPage: number): asserts body is Page {
  expect(Object.keys(body).sort()).toEqual(['_links', 'data']);
  expect(Array.isArray(body.data)).toBe(true);
  expect(body.data.length).toBeLessThanOrEqual(perPage);
  const names = Object.keys(body._links);
  for (const name of ['self', 'first', 'last']) expect(names, `missing ${name}`).toContain(name);
  for (const name of names) expect(LINK_NAMES).toContain(name);
  for (const [name, link] of Object.entries(body._links as Record<string, unknown>)) {
    expect(Object.keys(link as object), name).toEqual(['href']);
    const href = (link as Link).href;
    expect(typeof href).toBe('string');
    const rootRelative = href.startsWith('/') && !href.startsWith('//');
    expect(rootRelative || /^https?:\/\//.test(href), `${name}: ${href} is neither root-relative nor absolute`).toBe(true);
    const url = new URL(href, t.baseUrl);
    expect(url.pathname, name).toBe(listing.path);
    expect(url.searchParams.getAll('per_page'), `${name} repeats per_page`).toEqual([String(perPage)]);
    for (const [param, value] of Object.entries(listing.query)) {
      expect(url.searchParams.getAll(param), `${name} repeats ${param}`).toEqual([value]);
    }
    if (listing.query.q === undefined) expect(url.searchParams.has('q'), `${name} has no q`).toBe(false);
    const cursor = url.searchParams.get('cursor');
    if (name === 'first') expect(cursor, 'first carries no cursor').toBeNull();
    if (cursor !== null) {
      expect(cursor, 'cursor is URL-safe').toMatch(/^[A-Za-z0-9_.~-]+$/);
      expect(href, 'cursor needs no escaping').toContain(`cursor=${cursor}`);
    }
  }
}

async function getPage(listing: Listing, href: string, perPage: number): Promise<Page> {
  const res = await t.call('GET', href);
  expect(res.status, `GET ${href}: ${res.text}`).toBe(200);
  assertCollection(res.body, listing, perPage);
  return res.body;
}

function entryHref(listing: Listing, perPage: number): string {
  return hrefOf(listing.path, { ...listing.query, per_page: perPage });
}

/** Follows `next` from `first`; returns the ids page by page. `between` runs between two page requests. */
async function walkNext(listing: Listing, perPage: number, between?: (step: number) => Promise<void>): Promise<number[][]> {
  const entry = await getPage(listing, entryHref(listing, perPage), perPage);
  let page = await getPage(listing, entry._links.first.href, perPage);
  const pages: number[][] = [];
  for (;;) {
    expect(pages.length, 'the walk ends').toBeLessThan(1000);
    const ids = page.data.map((item) => listing.idOf(item));
    pages.push(ids);
    if (pages.length === 1) expect(page._links.prev, 'no prev on the first page').toBeUndefined();
    else expect(page._links.prev, 'prev after the first page').toBeDefined();
    if (!page._links.next) break;
    expect(ids, 'a page before the last is full').toHaveLength(perPage);
    if (between) await between(pages.length);
    page = await getPage(listing, page._links.next.href, perPage);
  }
  return pages;
}

/** Follows `prev` from `last`; returns the ids page by page in display order (first page first). */
async function walkPrev(listing: Listing, perPage: number, between?: (step: number) => Promise<void>): Promise<number[][]> {
  const entry = await getPage(listing, entryHref(listing, perPage), perPage);
  let page = await getPage(listing, entry._links.last.href, perPage);
  const pages: number[][] = [];
  for (;;) {
    expect(pages.length, 'the walk ends').toBeLessThan(1000);
    const ids = page.data.map((item) => listing.idOf(item));
    pages.unshift(ids);
    if (pages.length === 1) expect(page._links.next, 'no next on the last page').toBeUndefined();
    else expect(page._links.next, 'next before the last page').toBeDefined();
    if (!page._links.prev) break;
    expect(ids, 'a page after the first is full').toHaveLength(perPage);
    if (between) await between(pages.length);
    page = await getPage(listing, page._links.prev.href, perPage);
  }
  return pages;
}

function expectStrictlyAscending(ids: number[]): void {
  for (let i = 1; i < ids.length; i++) expect(ids[i]!, `ids ascend at ${i}: ${ids.join(',')}`).toBeGreaterThan(ids[i - 1]!);
}

function expectError(res: { status: number; body: any; text: string }, status: number, code: string): void {
  expect(res.status, res.text).toBe(status);
  expect(res.body.error).toBe(code);
  expect(typeof res.body.message).toBe('string');
  for (const key of Object.keys(res.body)) expect(['error', 'message', 'details']).toContain(key);
}

async function idsOf(sql: string, values: unknown[] = []): Promise<number[]> {
  return (await t.db.sql<{ id: string }>(sql, values)).map((r) => Number(r.id));
}

// --- data, created in bulk ---

let bookA: number;
let bookB: number;
let emptyBook: number;

const books = (query: Record<string, string> = {}): Listing => ({
  name: `books ${JSON.stringify(query)}`,
  path: '/api/books',
  query,
  idOf: (b) => b.book_id,
  ids: () =>
    query.q === undefined
      ? idsOf('select book_id as id from book order by book_id')
      : idsOf('select book_id as id from book where title_search like $1 order by book_id', [`%${query.q.toLowerCase()}%`]),
});
const authors = (query: Record<string, string> = {}): Listing => ({
  name: `authors ${JSON.stringify(query)}`,
  path: '/api/authors',
  query,
  idOf: (a) => a.author_id,
  ids: () =>
    query.q === undefined
      ? idsOf('select author_id as id from author order by author_id')
      : idsOf('select author_id as id from author where name_search like $1 order by author_id', [`%${query.q.toLowerCase()}%`]),
});
const editionsOf = (bookId: () => number): Listing => ({
  name: 'editions',
  get path() {
    return `/api/books/${bookId()}/editions`;
  },
  query: {},
  idOf: (e) => e.edition_id,
  ids: () => idsOf('select edition_id as id from edition where book_id = $1 order by edition_id', [bookId()]),
});

async function insertBooks(titles: string[]): Promise<number[]> {
  return idsOf(
    `insert into book (book_original_title, title_search)
     select t, lower(t) from unnest($1::text[]) with ordinality as x(t, n) order by n returning book_id as id`,
    [titles],
  );
}

async function insertAuthors(names: string[]): Promise<number[]> {
  return idsOf(
    `insert into author (author_name, name_search)
     select t, lower(t) from unnest($1::text[]) with ordinality as x(t, n) order by n returning author_id as id`,
    [names],
  );
}

let isbnSeq = 0;
/** Editions need distinct 13-character ISBNs; the database does not check the checksum. */
async function insertEditions(bookId: number, count: number): Promise<number[]> {
  const isbns = Array.from({ length: count }, () => `978${String(++isbnSeq).padStart(10, '0')}`);
  return idsOf(
    `insert into edition (book_id, isbn, format, language_id)
     select $1, i, 'paperback', 1 from unnest($2::text[]) with ordinality as x(i, n) order by n returning edition_id as id`,
    [bookId, isbns],
  );
}

const interleaved = (a: string, b: string, n: number): string[] =>
  Array.from({ length: 2 * n }, (_, i) => (i % 2 === 0 ? `${a} ${i / 2 + 1}` : `${b} ${(i - 1) / 2 + 1}`));

beforeAll(async () => {
  t = await startTestService();
  // 12 matching rows interleaved with 12 others: a filtered listing has gaps in its ids.
  await insertBooks(interleaved('Walk', 'Noise', 12));
  await insertAuthors(interleaved('Walker', 'Noise', 12));
  [bookA, bookB, emptyBook] = await insertBooks(['Edition holder A', 'Edition holder B', 'Edition holder C']) as [number, number, number];
  // Editions of A interleaved with editions of B, so the parent filter matters.
  for (let i = 0; i < 11; i++) {
    await insertEditions(bookA, 1);
    await insertEditions(bookB, 1);
  }
});

afterAll(async () => {
  await t.stop();
});

const listings = (): Listing[] => [books(), books({ q: 'walk' }), authors(), authors({ q: 'walker' }), editionsOf(() => bookA)];

describe('walking a listing', () => {
  for (const perPage of PER_PAGE_VALUES) {
    it(`follows next from first and prev from last, visiting every item once in ascending order (per_page=${perPage})`, async () => {
      for (const listing of listings()) {
        const expected = await listing.ids();
        expect(expected.length, listing.name).toBeGreaterThan(10);

        const forward = await walkNext(listing, perPage);
        expect(forward.flat(), `${listing.name} forward`).toEqual(expected);
        expect(forward[0], `${listing.name} first page`).toEqual(expected.slice(0, perPage));

        const backward = await walkPrev(listing, perPage);
        expect(backward.flat(), `${listing.name} backward`).toEqual(expected);
        expect(backward[backward.length - 1], `${listing.name} last page`).toEqual(expected.slice(-perPage));
      }
    });
  }

  it('answers the same page again for its self link', async () => {
    for (const listing of listings()) {
      const first = await getPage(listing, entryHref(listing, 3), 3);
      const second = await getPage(listing, first._links.next!.href, 3);
      const last = await getPage(listing, second._links.last.href, 3);
      const beforeLast = await getPage(listing, last._links.prev!.href, 3);
      for (const page of [first, second, last, beforeLast]) {
        const again = await getPage(listing, page._links.self.href, 3);
        expect(again.data, listing.name).toEqual(page.data);
        expect(again._links, listing.name).toEqual(page._links);
      }
    }
  });
});

describe('walking while rows are inserted', () => {
  it('sees every book that existed at the start exactly once, also when new rows land ahead of and behind the cursor', async () => {
    // Explicit ids with gaps, far above the identity sequence: new rows can then be put between existing ones.
    const base = 50_000_000 + Math.floor(Math.random() * 1_000_000) * 100;
    const original = Array.from({ length: 12 }, (_, i) => base + i * 100);
    await t.db.sql(
      `insert into book (book_id, book_original_title, title_search)
       select id, 'Growing ' || id, 'growing ' || id from unnest($1::bigint[]) as x(id)`,
      [original],
    );
    const listing = books({ q: 'growing' });
    let inserted = 0;
    const insertSome = async (step: number) => {
      if (step > 6) return;
      // One row in a gap (ahead of or behind the cursor), one at the very start (identity ids are lower).
      const gapId = original[(step * 5) % original.length]! + 1 + inserted;
      await t.db.sql(`insert into book (book_id, book_original_title, title_search) values ($1, 'Growing new', 'growing new')`, [gapId]);
      await insertBooks(['Growing newest']);
      inserted++;
    };
    for (const perPage of [1, 3, 7]) {
      for (const walk of [walkNext, walkPrev]) {
        const pages = await walk(listing, perPage, insertSome);
        const seen = pages.flat();
        expectStrictlyAscending(seen);
        for (const id of original) expect(seen.filter((s) => s === id), `book ${id} (per_page=${perPage}, ${walk.name})`).toHaveLength(1);
      }
    }
    expect(inserted).toBeGreaterThan(0);
  });

  it('sees every author and every edition that existed at the start exactly once', async () => {
    const authorListing = authors();
    const editionListing = editionsOf(() => bookA);
    for (const [listing, add] of [
      [authorListing, () => insertAuthors(['Late arrival'])],
      [editionListing, () => insertEditions(bookA, 1)],
    ] as const) {
      for (const perPage of [1, 3, 7]) {
        for (const walk of [walkNext, walkPrev]) {
          const original = await listing.ids();
          const pages = await walk(listing, perPage, async (step) => {
            if (step <= 5) await add();
          });
          const seen = pages.flat();
          expectStrictlyAscending(seen);
          for (const id of original) expect(seen.filter((s) => s === id), `${listing.name} ${id} (per_page=${perPage}, ${walk.name})`).toHaveLength(1);
        }
      }
    }
  });
});

describe('small listings', () => {
  it('names an empty page with one URL for first, self and last, without prev or next', async () => {
    const empty: Listing[] = [books({ q: 'no such title anywhere' }), authors({ q: 'no such author anywhere' }), editionsOf(() => emptyBook)];
    for (const listing of empty) {
      for (const perPage of [1, 20, 100]) {
        const page = await getPage(listing, entryHref(listing, perPage), perPage);
        expect(page.data, listing.name).toEqual([]);
        expect(page._links.prev).toBeUndefined();
        expect(page._links.next).toBeUndefined();
        expect(page._links.self.href).toBe(page._links.first.href);
        expect(page._links.last.href).toBe(page._links.first.href);
        // Following last on an empty listing is the same empty page.
        const viaLast = await getPage(listing, page._links.last.href, perPage);
        expect(viaLast).toEqual(page);
      }
    }
  });

  it('names a single page with one URL for first, self and last, including a page that is exactly full', async () => {
    await insertBooks(['Solo one', 'Solo two', 'Solo three']);
    await insertAuthors(['Solo one', 'Solo two', 'Solo three']);
    const single: Listing[] = [books({ q: 'solo' }), authors({ q: 'solo' })];
    for (const listing of single) {
      const expected = await listing.ids();
      expect(expected).toHaveLength(3);
      for (const perPage of [3, 4, 100]) {
        const page = await getPage(listing, entryHref(listing, perPage), perPage);
        expect(page.data.map((item) => listing.idOf(item)), listing.name).toEqual(expected);
        expect(page._links.prev).toBeUndefined();
        expect(page._links.next).toBeUndefined();
        expect(page._links.self.href).toBe(page._links.first.href);
        expect(page._links.last.href).toBe(page._links.first.href);
        const viaLast = await getPage(listing, page._links.last.href, perPage);
        expect(viaLast).toEqual(page);
      }
    }
  });
});

describe('per_page', () => {
  it('defaults to 20 and allows at most 100', async () => {
    await insertBooks(Array.from({ length: 130 }, (_, i) => `Bulk ${i}`));
    await insertAuthors(Array.from({ length: 130 }, (_, i) => `Crowd ${i}`));
    const bulkBook = (await insertBooks(['Bulk holder']))[0]!;
    await insertEditions(bulkBook, 130);

    const cases: Array<[Listing, string]> = [
      [books({ q: 'bulk' }), '/api/books?q=bulk'],
      [authors({ q: 'crowd' }), '/api/authors?q=crowd'],
      [editionsOf(() => bulkBook), `/api/books/${bulkBook}/editions`],
      [books(), '/api/books'],
      [authors(), '/api/authors'],
    ];
    for (const [listing, path] of cases) {
      const expected = await listing.ids();
      expect(expected.length).toBeGreaterThan(100);
      const byDefault = await t.call('GET', path);
      expect(byDefault.status).toBe(200);
      assertCollection(byDefault.body, listing, 20);
      expect(byDefault.body.data.map((item: any) => listing.idOf(item)), listing.name).toEqual(expected.slice(0, 20));
      expect(byDefault.body._links.next).toBeDefined();

      const max = await getPage(listing, entryHref(listing, 100), 100);
      expect(max.data.map((item) => listing.idOf(item)), listing.name).toEqual(expected.slice(0, 100));
      const rest = await getPage(listing, max._links.next!.href, 100);
      expect(rest.data.map((item) => listing.idOf(item)), listing.name).toEqual(expected.slice(100, 200));
    }
  });

  it('refuses anything but an integer from 1 to 100 with 400 validation_failed', async () => {
    const paths = ['/api/books', '/api/books?q=walk', '/api/authors', '/api/authors?q=walker', `/api/books/${bookA}/editions`];
    for (const path of paths) {
      for (const value of ['0', '101', '-1', 'abc', '1.5', '', '1e1', '100000', ' 5', '0x10']) {
        const res = await t.call('GET', `${path}${path.includes('?') ? '&' : '?'}per_page=${encodeURIComponent(value)}`);
        expect(res.status, `${path} per_page=${JSON.stringify(value)}: ${res.text}`).toBe(400);
        expectError(res, 400, 'validation_failed');
        expect(res.body.details.map((d: { field: string }) => d.field), `${path} per_page=${value}`).toContain('per_page');
      }
    }
  });
});

describe('cursors bound to page size and filters', () => {
  it('answers the first page at the new size when a cursor is reused with another per_page', async () => {
    for (const listing of listings()) {
      const expected = await listing.ids();
      const first = await getPage(listing, entryHref(listing, 3), 3);
      const second = await getPage(listing, first._links.next!.href, 3);
      const cursorLinks = [first._links.next!.href, first._links.last.href, second._links.prev!.href, second._links.self.href];
      for (const href of cursorLinks) {
        for (const perPage of [2, 5]) {
          const page = await getPage(listing, withParam(href, 'per_page', String(perPage)), perPage);
          expect(page.data.map((item) => listing.idOf(item)), `${listing.name} ${href} at ${perPage}`).toEqual(expected.slice(0, perPage));
          expect(page._links.prev).toBeUndefined();
          expect(page._links.self.href).toBe(page._links.first.href);
          expect(page._links.next).toBeDefined();
        }
      }
    }
  });

  it('answers the first page when a cursor made for one q is used with another q or none', async () => {
    const pairs: Array<[Listing, Listing, Listing]> = [
      [books({ q: 'walk' }), books({ q: 'noise' }), books()],
      [authors({ q: 'walker' }), authors({ q: 'noise' }), authors()],
    ];
    for (const [made, other, unfiltered] of pairs) {
      const first = await getPage(made, entryHref(made, 2), 2);
      const second = await getPage(made, first._links.next!.href, 2);
      for (const href of [first._links.next!.href, first._links.last.href, second._links.prev!.href]) {
        const withOther = await getPage(other, withParam(href, 'q', other.query.q!), 2);
        expect(withOther.data.map((item) => other.idOf(item)), `${href} with q=${other.query.q}`).toEqual((await other.ids()).slice(0, 2));
        expect(withOther._links.prev).toBeUndefined();
        expect(withOther._links.self.href).toBe(withOther._links.first.href);

        const withNone = await getPage(unfiltered, withParam(href, 'q', null), 2);
        expect(withNone.data.map((item) => unfiltered.idOf(item)), `${href} without q`).toEqual((await unfiltered.ids()).slice(0, 2));
        expect(withNone._links.prev).toBeUndefined();
      }
    }
  });

  it('repeats q exactly, special characters included', async () => {
    const [id] = await insertBooks(['Rock & Roll = Fun? #1 / 100%']);
    const q = 'rock & roll = fun? #1 / 100%';
    const listing = books({ q });
    const page = await getPage(listing, entryHref(listing, 5), 5);
    expect(page.data.map((b) => b.book_id)).toEqual([id]);
  });
});

describe('tampered cursors', () => {
  const flip = (text: string, index: number): string => {
    const c = text[index]!;
    return text.slice(0, index) + (c === 'A' ? 'B' : 'A') + text.slice(index + 1);
  };

  function tamperedVariants(cursor: string): Array<[string, string]> {
    const [body, signature] = cursor.split('.') as [string, string];
    expect(signature, 'a cursor has a body and a signature').toBeDefined();
    const forgedBody = Buffer.from(JSON.stringify(['a', 1, 3, 'xxxxxxxx'])).toString('base64url');
    return [
      ['first character flipped', flip(cursor, 0)],
      ['middle character of the body flipped', flip(cursor, Math.floor(body.length / 2))],
      ['last character of the body flipped', flip(cursor, body.length - 1)],
      ['first character of the signature flipped', flip(cursor, body.length + 1)],
      ['last character flipped', flip(cursor, cursor.length - 1)],
      ['last character removed', cursor.slice(0, -1)],
      ['cut in half', cursor.slice(0, Math.floor(cursor.length / 2))],
      ['body only', body],
      ['empty signature', `${body}.`],
      ['empty body', `.${signature}`],
      ['extra segment', `${cursor}.${signature}`],
      ['signature of another body', `${forgedBody}.${signature}`],
      ['random base64url', randomBytes(24).toString('base64url')],
      ['random base64url with a dot', `${randomBytes(18).toString('base64url')}.${randomBytes(12).toString('base64url')}`],
      ['empty', ''],
      ['a dot', '.'],
      ['digits', '12345'],
      ['plain JSON', JSON.stringify({ after: 1 })],
    ];
  }

  it('answers 400 invalid_cursor on every listing', async () => {
    for (const listing of listings()) {
      const first = await getPage(listing, entryHref(listing, 3), 3);
      const links = listing.path === '/api/books' ? [first._links.next!.href, first._links.last.href] : [first._links.next!.href];
      for (const href of links) {
        const cursor = cursorOf(href);
        for (const [label, tampered] of tamperedVariants(cursor)) {
          expect(tampered).not.toBe(cursor);
          const res = await t.call('GET', withParam(href, 'cursor', tampered));
          expect(res.status, `${listing.name}: ${label} (${tampered}): ${res.text}`).toBe(400);
          expectError(res, 400, 'invalid_cursor');
        }
      }
    }
  });

  it('answers 400 invalid_cursor for a well-formed cursor of another listing', async () => {
    // Same per_page and no filter on both sides, so nothing but the listing tells the cursors apart.
    const sources: Array<[Listing, Listing]> = [
      [authors(), books()],
      [books(), authors()],
      [editionsOf(() => bookA), editionsOf(() => bookB)],
      [editionsOf(() => bookA), books()],
      [books(), editionsOf(() => bookA)],
    ];
    for (const [from, to] of sources) {
      const first = await getPage(from, entryHref(from, 3), 3);
      for (const link of [first._links.next!, first._links.last]) {
        const cursor = cursorOf(link.href);
        const res = await t.call('GET', hrefOf(to.path, { per_page: 3, cursor }));
        // Soft, so one run reports every pair that is accepted.
        expect.soft(res.status, `cursor of ${from.path} used on ${to.path}: ${res.text.slice(0, 200)}`).toBe(400);
        expect.soft(res.body?.error, `cursor of ${from.path} used on ${to.path}`).toBe('invalid_cursor');
      }
    }
  });
});
