// Several books or authors by id in one request (`ids`), and each book's cover and formats, over real HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { languageIdOf } from '../../support/pricing-integration-helpers.js';

let t: TestService;
let englishId: number;
beforeAll(async () => {
  t = await startTestService();
  englishId = await languageIdOf(t, 'en');
});
afterAll(async () => {
  await t.stop();
});

let isbnSeq = 0;
function nextIsbn(): string {
  const first12 = `9798${String(++isbnSeq + 5_100_000).padStart(8, '0')}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return first12 + String((10 - (sum % 10)) % 10);
}

async function author(name: string, aliases: string[] = []): Promise<number> {
  const res = await t.call('POST', '/api/authors', { body: { author_name: name, aliases } });
  expect(res.status, res.text).toBe(201);
  return res.body.author_id;
}

async function book(title: string, authorIds: number[] = []): Promise<number> {
  const res = await t.call('POST', '/api/books', { body: { book_original_title: title, author_ids: authorIds } });
  expect(res.status, res.text).toBe(201);
  return res.body.book_id;
}

async function edition(bookId: number, format: string, coverUrl: string | null): Promise<number> {
  const res = await t.call('POST', `/api/books/${bookId}/editions`, { body: { isbn: nextIsbn(), format, language_id: englishId } });
  expect(res.status, res.text).toBe(201);
  if (coverUrl !== null) await t.db.sql('update edition set cover_url = $1 where edition_id = $2', [coverUrl, res.body.edition_id]);
  return res.body.edition_id;
}

const idsOf = (res: { body: { data: Array<Record<string, number>> } }, key: string): number[] => res.body.data.map((item) => Number(item[key]));

describe('GET /api/books?ids=', () => {
  it('lists the named books that exist, in id order, each once; unknown ids are simply absent', async () => {
    const [a, b, c] = [await book('Ids One'), await book('Ids Two'), await book('Ids Three')];
    const res = await t.call('GET', `/api/books?ids=${c},999999999,${a},${c}`);
    expect(res.status, res.text).toBe(200);
    expect(idsOf(res, 'book_id')).toEqual([a, c]);
    expect(res.body.data[0]).toMatchObject({ book_id: a, book_original_title: 'Ids One', cover_url: null, formats: [] });
    expect(idsOf(await t.call('GET', `/api/books?ids=${b}`), 'book_id')).toEqual([b]);
    expect((await t.call('GET', '/api/books?ids=999999998')).body).toMatchObject({ data: [] });
  });

  it('pages the named books by C4, every link repeating ids and per_page', async () => {
    const ids = [await book('Paged Ids A'), await book('Paged Ids B'), await book('Paged Ids C')];
    const listed = [...ids].reverse().join(',');
    const first = await t.call('GET', `/api/books?ids=${listed}&per_page=2`);
    expect(idsOf(first, 'book_id')).toEqual(ids.slice(0, 2));
    for (const name of ['self', 'first', 'last', 'next'] as const) {
      const href = new URL(first.body._links[name].href, t.baseUrl);
      expect(href.searchParams.get('ids')).toBe(listed);
      expect(href.searchParams.get('per_page')).toBe('2');
    }
    expect(first.body._links.prev).toBeUndefined();
    const next = await t.call('GET', first.body._links.next.href);
    expect(idsOf(next, 'book_id')).toEqual([ids[2]]);
    expect(next.body._links.next).toBeUndefined();
    const last = await t.call('GET', first.body._links.last.href);
    expect(idsOf(last, 'book_id')).toEqual(ids.slice(1));
    // A cursor of the listing without ids gives the first page of the listing with them.
    const unfiltered = await t.call('GET', '/api/books?per_page=2');
    const cursor = new URL(unfiltered.body._links.next.href, t.baseUrl).searchParams.get('cursor')!;
    expect(idsOf(await t.call('GET', `/api/books?ids=${listed}&per_page=2&cursor=${encodeURIComponent(cursor)}`), 'book_id')).toEqual(ids.slice(0, 2));
  });

  it('combines with q: the named books whose title or author matches', async () => {
    const wolf = await author('Virginia Wólf', ['Adeline Stephen']);
    const byTitle = await book('Ids Waves Novel');
    const byAuthor = await book('Ids Orlando', [wolf]);
    const byAlias = await book('Ids Lighthouse', [wolf]);
    const neither = await book('Ids Something Else');
    const all = [byTitle, byAuthor, byAlias, neither].join(',');
    expect(idsOf(await t.call('GET', `/api/books?ids=${all}&q=waves`), 'book_id')).toEqual([byTitle]);
    expect(idsOf(await t.call('GET', `/api/books?ids=${all}&q=WOLF`), 'book_id')).toEqual([byAuthor, byAlias]);
    expect(idsOf(await t.call('GET', `/api/books?ids=${all}&q=stephen`), 'book_id')).toEqual([byAuthor, byAlias]);
    // The same books as q alone, narrowed to the listed ids (one rule, two query plans).
    const byQ = idsOf(await t.call('GET', '/api/books?q=ids&per_page=100'), 'book_id');
    expect(idsOf(await t.call('GET', `/api/books?ids=${all}&q=ids`), 'book_id')).toEqual(byQ.filter((id) => [byTitle, byAuthor, byAlias, neither].includes(id)));
  });

  it('refuses a bad ids with 400 validation_failed naming ids', async () => {
    const many = Array.from({ length: 101 }, (_, i) => i + 1).join(',');
    for (const bad of ['', '1,,2', '1,', ',1', 'abc', '0', '-1', '1.5', '01', '+1', '1, 2', '99999999999999999', many, '1e3']) {
      const res = await t.call('GET', `/api/books?ids=${encodeURIComponent(bad)}`);
      expect(res.status, `ids=${bad}: ${res.text}`).toBe(400);
      expect(res.body.error).toBe('validation_failed');
      expect(res.body.details.map((d: { field: string }) => d.field)).toEqual(['ids']);
    }
    const repeated = await t.call('GET', '/api/books?ids=1&ids=2');
    expect(repeated.status).toBe(400);
    expect(repeated.body.details[0].field).toBe('ids');
    expect((await t.call('GET', `/api/books?ids=${Array.from({ length: 100 }, (_, i) => i + 1).join(',')}`)).status).toBe(200);
  });
});

describe('GET /api/authors?ids=', () => {
  it('lists the named authors that exist in id order, combines with q, and refuses a bad ids', async () => {
    const a = await author('Ids Ursula Le Guin');
    const b = await author('Ids Octavia Butler', ['O. E. Butler']);
    const res = await t.call('GET', `/api/authors?ids=${b},${a},888888888&per_page=1`);
    expect(res.status, res.text).toBe(200);
    expect(idsOf(res, 'author_id')).toEqual([a]);
    expect(new URL(res.body._links.next.href, t.baseUrl).searchParams.get('ids')).toBe(`${b},${a},888888888`);
    expect(idsOf(await t.call('GET', res.body._links.next.href), 'author_id')).toEqual([b]);
    expect(idsOf(await t.call('GET', `/api/authors?ids=${a},${b}&q=butler`), 'author_id')).toEqual([b]);
    expect(idsOf(await t.call('GET', `/api/authors?ids=${a},${b}&q=o. e.`), 'author_id')).toEqual([b]);
    for (const bad of ['', '1,,2', 'x', '0']) {
      const refused = await t.call('GET', `/api/authors?ids=${encodeURIComponent(bad)}`);
      expect(refused.status, bad).toBe(400);
      expect(refused.body.details[0].field).toBe('ids');
    }
  });
});

describe('covers and formats on books', () => {
  it("carries the cover of the book's edition with the lowest id that has one, and its formats, on every representation", async () => {
    const id = await book('Covered Book');
    expect((await t.call('GET', `/api/books/${id}`)).body).toMatchObject({ cover_url: null, formats: [] });
    await edition(id, 'ebook', null);
    const second = await edition(id, 'paperback', 'https://covers.example/second.jpg');
    await edition(id, 'paperback', 'https://covers.example/third.jpg');
    const expected = { cover_url: 'https://covers.example/second.jpg', formats: ['paperback', 'ebook'] };
    expect((await t.call('GET', `/api/books/${id}`)).body).toMatchObject(expected);
    expect((await t.call('GET', `/api/books?ids=${id}`)).body.data[0]).toMatchObject(expected);
    expect((await t.call('GET', '/api/books?q=covered%20book')).body.data[0]).toMatchObject(expected);
    const replaced = await t.call('PUT', `/api/books/${id}`, { body: { book_original_title: 'Covered Book, Again' } });
    expect(replaced.body).toMatchObject(expected);
    await t.db.sql('update edition set cover_url = null where edition_id = $1', [second]);
    expect((await t.call('GET', `/api/books/${id}`)).body.cover_url).toBe('https://covers.example/third.jpg');
  });
});
