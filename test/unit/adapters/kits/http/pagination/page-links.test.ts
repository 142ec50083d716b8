import { describe, expect, it } from 'vitest';
import { HttpProblem } from '../../../../../../src/adapters/kits/http/errors/http-problem.js';
import { CursorCodec } from '../../../../../../src/adapters/kits/http/pagination/cursor-codec.js';
import { type Collection, type Filters, Paginator } from '../../../../../../src/adapters/kits/http/pagination/page-links.js';
import type { PageRequest, PageSlice } from '../../../../../../src/domain/shared/page.js';

interface Item {
  id: number;
}

const BASE = '/api/things';
const paginator = new Paginator(new CursorCodec('unit-test-key'));

/** An in-memory keyset store: ascending ids, `size` rows plus "are there more in the reading direction". */
function sliceFrom(ids: readonly number[], request: PageRequest): PageSlice<Item> {
  const sorted = [...ids].sort((a, b) => a - b);
  const w = request.window;
  let rows: number[];
  let hasMore: boolean;
  switch (w.kind) {
    case 'first':
    case 'after': {
      const from = w.kind === 'first' ? sorted : sorted.filter((id) => id > w.key);
      rows = from.slice(0, request.size);
      hasMore = from.length > request.size;
      break;
    }
    case 'before':
    case 'last': {
      const upTo = w.kind === 'last' ? sorted : sorted.filter((id) => id < w.key);
      rows = upTo.slice(Math.max(0, upTo.length - request.size));
      hasMore = upTo.length > request.size;
      break;
    }
  }
  return { items: rows.map((id) => ({ id })), hasMore };
}

/** What a list endpoint does with a URL: parse per_page/cursor, read a slice, build the collection. */
function serve(ids: readonly number[], href: string, filters: Filters = {}): Collection<number> {
  const url = new URL(href, 'http://localhost');
  expect(url.pathname).toBe(BASE);
  const perPage = Number(url.searchParams.get('per_page') ?? 20);
  const request = paginator.request(BASE, perPage, url.searchParams.get('cursor') ?? undefined, filters);
  return paginator.collection(BASE, filters, request, sliceFrom(ids, request), (item) => item.id, (item) => item.id);
}

const range = (n: number): number[] => Array.from({ length: n }, (_, i) => (i + 1) * 10);
const hrefOf = (perPage: number, filters: Record<string, string> = {}): string =>
  `${BASE}?${new URLSearchParams({ ...filters, per_page: String(perPage) }).toString()}`;

function walk(ids: () => readonly number[], start: string, direction: 'next' | 'prev', filters: Filters = {}): number[][] {
  const pages: number[][] = [];
  let href: string | undefined = start;
  for (let guard = 0; href !== undefined; guard++) {
    if (guard > 1000) throw new Error('the walk does not end');
    const page = serve(ids(), href, filters);
    pages.push(page.data);
    href = page._links[direction]?.href;
  }
  return pages;
}

describe('Paginator.request', () => {
  it('reads the first page without a cursor', () => {
    expect(paginator.request(BASE, 20, undefined, {})).toEqual({ window: { kind: 'first' }, size: 20 });
  });

  it('honours a cursor from its own links', () => {
    const page = serve(range(5), hrefOf(2));
    const cursor = new URL(page._links.next!.href, 'http://x').searchParams.get('cursor')!;
    expect(paginator.request(BASE, 2, cursor, {})).toEqual({ window: { kind: 'after', key: 20 }, size: 2 });
  });

  it('answers the first page at the new size when per_page changed (seed rule 1)', () => {
    const page = serve(range(10), hrefOf(2));
    const cursor = new URL(page._links.next!.href, 'http://x').searchParams.get('cursor')!;
    expect(paginator.request(BASE, 5, cursor, {})).toEqual({ window: { kind: 'first' }, size: 5 });
  });

  it('answers the first page when the filters changed', () => {
    const page = serve(range(10), hrefOf(2, { q: 'tolkien' }), { q: 'tolkien' });
    const cursor = new URL(page._links.next!.href, 'http://x').searchParams.get('cursor')!;
    expect(paginator.request(BASE, 2, cursor, { q: 'tolkien' }).window.kind).toBe('after');
    expect(paginator.request(BASE, 2, cursor, { q: 'pratchett' })).toEqual({ window: { kind: 'first' }, size: 2 });
    expect(paginator.request(BASE, 2, cursor, {})).toEqual({ window: { kind: 'first' }, size: 2 });
  });

  it.each(['garbage', '', 'a.b', 'eyJhIjoxfQ.AAAAAAAAAAAAAAAA'])('turns the bad cursor %j into an invalid_cursor problem', (cursor) => {
    let caught: unknown;
    try {
      paginator.request(BASE, 20, cursor, {});
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(HttpProblem);
    expect((caught as HttpProblem).code).toBe('invalid_cursor');
  });
});

describe('Paginator.collection links', () => {
  it('on an empty listing: self, first and last are the same first-page URL; no prev, no next', () => {
    const page = serve([], hrefOf(20));
    expect(page.data).toEqual([]);
    expect(page._links).toEqual({ self: { href: hrefOf(20) }, first: { href: hrefOf(20) }, last: { href: hrefOf(20) } });
  });

  it('on a single page: self, first and last are the same; no prev, no next', () => {
    const page = serve(range(3), hrefOf(3));
    expect(page.data).toEqual([10, 20, 30]);
    expect(page._links).toEqual({ self: { href: hrefOf(3) }, first: { href: hrefOf(3) }, last: { href: hrefOf(3) } });
  });

  it('on the first of several pages: next but no prev; first is self', () => {
    const page = serve(range(5), hrefOf(2));
    expect(page.data).toEqual([10, 20]);
    expect(page._links.prev).toBeUndefined();
    expect(page._links.next).toBeDefined();
    expect(page._links.self.href).toBe(page._links.first.href);
    expect(page._links.last.href).not.toBe(page._links.first.href);
  });

  it('on the last page: prev but no next', () => {
    const first = serve(range(5), hrefOf(2));
    const last = serve(range(5), first._links.last.href);
    expect(last.data).toEqual([40, 50]);
    expect(last._links.next).toBeUndefined();
    expect(last._links.prev).toBeDefined();
    expect(last._links.self.href).toBe(first._links.last.href);
  });

  it('on a middle page: prev and next, self is the URL that was followed', () => {
    const first = serve(range(6), hrefOf(2));
    const middle = serve(range(6), first._links.next!.href);
    expect(middle.data).toEqual([30, 40]);
    expect(middle._links.self.href).toBe(first._links.next!.href);
    expect(middle._links.prev).toBeDefined();
    expect(middle._links.next).toBeDefined();
  });

  it('does not offer next when the listing ends exactly at a page boundary', () => {
    const pages = walk(() => range(4), hrefOf(2), 'next');
    expect(pages).toEqual([
      [10, 20],
      [30, 40],
    ]);
  });

  it('repeats per_page and the filters in use in every link; undefined filters are left out; hrefs are root-relative', () => {
    const filters = { q: 'le guin & co', type_id: 3, genre_id: undefined };
    const first = serve(range(9), `${BASE}?q=x&per_page=2`, filters);
    const middle = serve(range(9), first._links.next!.href, filters);
    for (const [name, link] of Object.entries(middle._links)) {
      expect(link.href.startsWith(`${BASE}?`), name).toBe(true);
      const url = new URL(link.href, 'http://localhost');
      expect(url.searchParams.get('per_page'), name).toBe('2');
      expect(url.searchParams.get('q'), name).toBe('le guin & co');
      expect(url.searchParams.get('type_id'), name).toBe('3');
      expect(url.searchParams.has('genre_id'), name).toBe(false);
    }
    expect(new URL(middle._links.first.href, 'http://localhost').searchParams.has('cursor')).toBe(false);
  });

  it('puts the cursor into hrefs without any escaping', () => {
    const page = serve(range(9), hrefOf(2));
    for (const link of [page._links.next!, page._links.last]) {
      const raw = /[?&]cursor=([^&]*)/.exec(link.href)![1]!;
      expect(decodeURIComponent(raw)).toBe(raw);
      expect(raw).toMatch(/^[A-Za-z0-9_.-]+$/);
    }
  });

  it('maps items with toJson and keys them with keyOf', () => {
    const request = paginator.request(BASE, 2, undefined, {});
    const collection = paginator.collection(BASE, {}, request, { items: [{ id: 7 }, { id: 9 }], hasMore: true }, (i) => i.id, (i) => ({ thing_id: i.id }));
    expect(collection.data).toEqual([{ thing_id: 7 }, { thing_id: 9 }]);
    expect(paginator.request(BASE, 2, new URL(collection._links.next!.href, 'http://x').searchParams.get('cursor')!, {})).toEqual({
      window: { kind: 'after', key: 9 },
      size: 2,
    });
  });
});

describe('Paginator walks', () => {
  for (const count of [0, 1, 2, 3, 5, 7, 10]) {
    for (const size of [1, 2, 3, 5, 10, 11]) {
      it(`visits all ${count} items exactly once forward and backward at per_page=${size}`, () => {
        const ids = range(count);
        const forward = walk(() => ids, hrefOf(size), 'next');
        expect(forward.flat()).toEqual(ids);
        expect(forward.every((p) => p.length <= size)).toBe(true);
        expect(forward.slice(0, -1).every((p) => p.length === size)).toBe(true);

        const lastHref = serve(ids, hrefOf(size))._links.last.href;
        const backward = walk(() => ids, lastHref, 'prev');
        expect(backward.reverse().flat()).toEqual(ids);
        expect(backward.every((p) => p.length <= size)).toBe(true);
      });
    }
  }

  /** Inserts rows after every existing key, before them all, and between two, as other clients might. */
  function inserter(): (live: number[]) => void {
    let high = 1000;
    let low = 9;
    let between = 5;
    return (live) => {
      live.push(high++, low--, (between += 10));
    };
  }

  it('still visits every original item exactly once when rows are inserted during a forward walk', () => {
    const live = range(7);
    const insert = inserter();
    const seen: number[] = [];
    let href: string | undefined = hrefOf(2);
    while (href !== undefined) {
      const page = serve(live, href);
      seen.push(...page.data);
      insert(live);
      href = page._links.next?.href;
      if (seen.length > 100) throw new Error('the walk does not end');
    }
    expect(seen.filter((id) => range(7).includes(id))).toEqual(range(7));
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('still visits every original item exactly once when rows are inserted during a backward walk', () => {
    const live = range(7);
    const insert = inserter();
    const seen: number[] = [];
    let href: string | undefined = serve(live, hrefOf(3))._links.last.href;
    while (href !== undefined) {
      const page = serve(live, href);
      seen.unshift(...page.data);
      insert(live);
      href = page._links.prev?.href;
      if (seen.length > 100) throw new Error('the walk does not end');
    }
    expect(seen.filter((id) => range(7).includes(id))).toEqual(range(7));
    expect(new Set(seen).size).toBe(seen.length);
  });
});

describe('cursors belong to one listing', () => {
  it('refuses a cursor made for another path as invalid_cursor', () => {
    const next = serve(range(5), `${BASE}?per_page=2`, {})._links.next!.href;
    const cursor = new URL(next, 'http://x').searchParams.get('cursor')!;
    expect(paginator.request(BASE, 2, cursor, {}).window.kind).toBe('after');
    expect(() => paginator.request('/api/other-things', 2, cursor, {})).toThrow(/cursor/);
  });
});

describe('links remembered per listing', () => {
  it('answers the same links again, and never another listing’s, even for filter values that look like separators', () => {
    const filters = (q: string): Filters => ({ q, ids: undefined });
    const before = serve(range(9), hrefOf(2, { q: 'a' }), filters('a'))._links;
    for (const q of ['a\u0000b', 'a","b', 'a\u0000ids=1']) {
      const links = serve(range(9), hrefOf(2, { q }), filters(q))._links;
      for (const link of Object.values(links)) expect(new URL(link.href, 'http://x').searchParams.get('q')).toBe(q);
    }
    expect(serve(range(9), hrefOf(2, { q: 'a' }), filters('a'))._links).toEqual(before);
    // A cursor made for one of them still brings only that listing further.
    const next = serve(range(9), hrefOf(2, { q: 'a\u0000b' }), filters('a\u0000b'))._links.next!.href;
    const cursor = new URL(next, 'http://x').searchParams.get('cursor')!;
    expect(paginator.request(BASE, 2, cursor, filters('a\u0000b')).window).toEqual({ kind: 'after', key: 20 });
    expect(paginator.request(BASE, 2, cursor, filters('a')).window).toEqual({ kind: 'first' });
  });
});
