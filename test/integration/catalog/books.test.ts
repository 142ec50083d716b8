import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(async () => {
  await t.stop();
});

async function author(name: string, aliases: string[] = []): Promise<number> {
  const res = await t.call('POST', '/api/authors', { body: { author_name: name, aliases } });
  expect(res.status).toBe(201);
  return res.body.author_id;
}

describe('books', () => {
  it('creates, reads, replaces and deletes a book', async () => {
    const tolkien = await author('J. R. R. Tolkien');
    const created = await t.call('POST', '/api/books', { body: { book_original_title: 'The Hobbit', author_ids: [tolkien] } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ book_original_title: 'The Hobbit', author_ids: [tolkien], type_id: null, genre_id: null });
    expect(created.body.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const id = created.body.book_id;
    expect(typeof id).toBe('number');

    const fetched = await t.call('GET', `/api/books/${id}`);
    expect(fetched.status).toBe(200);
    // The book's own page adds whether it can be borrowed (never checked: null).
    expect(fetched.body).toEqual({ ...created.body, borrow: null });

    const replaced = await t.call('PUT', `/api/books/${id}`, { body: { book_original_title: 'The Hobbit, or There and Back Again' } });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ book_id: id, book_original_title: 'The Hobbit, or There and Back Again', author_ids: [] });

    const deleted = await t.call('DELETE', `/api/books/${id}`);
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');
    expect((await t.call('GET', `/api/books/${id}`)).status).toBe(404);
  });

  it('keeps the order of authors', async () => {
    const a = await author('Terry Pratchett');
    const b = await author('Neil Gaiman');
    const res = await t.call('POST', '/api/books', { body: { book_original_title: 'Good Omens', author_ids: [b, a] } });
    expect(res.body.author_ids).toEqual([b, a]);
    expect((await t.call('GET', `/api/books/${res.body.book_id}`)).body.author_ids).toEqual([b, a]);
  });

  it('rejects unknown authors, types and genres as validation failures, storing nothing', async () => {
    const before = await t.db.sql('select count(*)::int as n from book');
    const res = await t.call('POST', '/api/books', { body: { book_original_title: 'Ghost', author_ids: [987654] } });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('validation_failed');
    expect(res.body.details[0].field).toBe('author_ids');
    const badType = await t.call('POST', '/api/books', { body: { book_original_title: 'Ghost', type_id: 987654 } });
    expect(badType.status).toBe(400);
    const genreWithoutType = await t.call('POST', '/api/books', { body: { book_original_title: 'Ghost', genre_id: 1 } });
    expect(genreWithoutType.status).toBe(400);
    expect(await t.db.sql('select count(*)::int as n from book')).toEqual(before);
  });

  it('checks that the genre belongs to the type', async () => {
    const [fiction] = await t.db.sql<{ type_id: string }>("insert into type (type_key, type_name) values ('fiction-test', 'Fiction-test') returning type_id");
    const [other] = await t.db.sql<{ type_id: string }>("insert into type (type_key, type_name) values ('other-test', 'Other-test') returning type_id");
    const [genre] = await t.db.sql<{ genre_id: string }>("insert into genre (genre_key, type_id, genre_name) values ('fiction-test/fantasy', $1, $2) returning genre_id", [fiction!.type_id, 'Fantasy']);
    const ok = await t.call('POST', '/api/books', { body: { book_original_title: 'Dragons', type_id: Number(fiction!.type_id), genre_id: Number(genre!.genre_id) } });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ type_id: Number(fiction!.type_id), genre_id: Number(genre!.genre_id) });
    const wrong = await t.call('POST', '/api/books', { body: { book_original_title: 'Dragons', type_id: Number(other!.type_id), genre_id: Number(genre!.genre_id) } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.details[0].field).toBe('genre_id');
  });

  it('deletes a book together with its editions', async () => {
    const book = (await t.call('POST', '/api/books', { body: { book_original_title: 'Short-lived' } })).body;
    const edition = await t.call('POST', `/api/books/${book.book_id}/editions`, {
      body: { isbn: '978-0-306-40615-7', format: 'hardcover', language_id: 1 },
    });
    expect(edition.status).toBe(201);
    expect((await t.call('DELETE', `/api/books/${book.book_id}`)).status).toBe(204);
    expect((await t.call('GET', `/api/editions/${edition.body.edition_id}`)).status).toBe(404);
  });

  it('counts a title in characters at the edge as the database does: 500 emoji are a valid title, 501 are not', async () => {
    const fits = await t.call('POST', '/api/books', { body: { book_original_title: '📚'.repeat(500) } });
    expect(fits.status, fits.text).toBe(201);
    expect(fits.body.book_original_title).toBe('📚'.repeat(500));
    const over = await t.call('POST', '/api/books', { body: { book_original_title: '📚'.repeat(501) } });
    expect(over.status).toBe(400);
    expect(over.body.details).toEqual([expect.objectContaining({ field: 'book_original_title' })]);
    const author = await t.call('POST', '/api/authors', { body: { author_name: '𠜎'.repeat(300), aliases: ['𠜎'.repeat(300)] } });
    expect(author.status, author.text).toBe(201);
  });

  it('answers 404 for a missing book on every route', async () => {
    for (const [method, body] of [['GET'], ['PUT', { book_original_title: 'x' }], ['DELETE']] as const) {
      const res = await t.call(method, '/api/books/99999999', { body });
      expect(res.status, method).toBe(404);
      expect(res.body.error).toBe('not_found');
      expect(res.body.message).toMatch(/Book 99999999/);
    }
  });
});

describe('book search', () => {
  it('matches titles and author names and aliases, ignoring case and accents', async () => {
    const tolkien = await author('J. R. R. Tolkién', ['John Ronald Reuel Tolkien']);
    const lotr = (await t.call('POST', '/api/books', { body: { book_original_title: 'The Fellowship of the Ring', author_ids: [tolkien] } })).body;
    const misérables = (await t.call('POST', '/api/books', { body: { book_original_title: 'Les Misérables' } })).body;

    for (const q of ['tolkien', 'Tolkién', 'TOLKIEN', 'ronald reuel']) {
      const res = await t.call('GET', `/api/books?q=${encodeURIComponent(q)}`);
      expect(res.status).toBe(200);
      expect(res.body.data.map((b: { book_id: number }) => b.book_id), q).toEqual([lotr.book_id]);
    }
    for (const q of ['miserables', 'MISÉRABLES', 'les mis']) {
      const res = await t.call('GET', `/api/books?q=${encodeURIComponent(q)}`);
      expect(res.body.data.map((b: { book_id: number }) => b.book_id), q).toEqual([misérables.book_id]);
    }
  });

  it('treats % and _ in q literally', async () => {
    await t.call('POST', '/api/books', { body: { book_original_title: '100% Wool' } });
    const percent = await t.call('GET', `/api/books?q=${encodeURIComponent('100%')}`);
    expect(percent.body.data.map((b: { book_original_title: string }) => b.book_original_title)).toEqual(['100% Wool']);
    const underscore = await t.call('GET', `/api/books?q=${encodeURIComponent('1_0')}`);
    expect(underscore.body.data).toEqual([]);
  });

  it('pages through title and author matches once each, forwards, backwards and from the last page', async () => {
    // Two matching authors on one book must not make it count twice or cut a page short.
    const first = await author('Quillon Marsh');
    const second = await author('Ada Quillon');
    const other = await author('Somebody Else');
    const expected: number[] = [];
    const add = async (title: string, authorIds: number[], matches: boolean): Promise<void> => {
      const res = await t.call('POST', '/api/books', { body: { book_original_title: title, author_ids: authorIds } });
      expect(res.status).toBe(201);
      if (matches) expected.push(res.body.book_id);
    };
    for (let i = 0; i < 3; i++) {
      await add(`Both authors ${i}`, [first, second], true);
      await add(`The Quillon papers ${i}`, [other], true);
      await add(`Unrelated ${i}`, [other], false);
      await add(`One author ${i}`, [second], true);
      await add(`Quillon by both ${i}`, [second, first], true);
    }

    const ids = (res: { body: { data: Array<{ book_id: number }> } }): number[] => res.body.data.map((b) => b.book_id);
    const forwards: number[] = [];
    let res = await t.call('GET', '/api/books?q=quillon&per_page=3');
    const pages = [ids(res)];
    forwards.push(...ids(res));
    while (res.body._links.next) {
      res = await t.call('GET', res.body._links.next.href);
      expect(res.status).toBe(200);
      pages.push(ids(res));
      forwards.push(...ids(res));
    }
    expect(forwards).toEqual(expected);
    expect(pages.slice(0, -1).every((page) => page.length === 3)).toBe(true);

    const backwards: number[][] = [ids(res)];
    while (res.body._links.prev) {
      res = await t.call('GET', res.body._links.prev.href);
      backwards.unshift(ids(res));
    }
    expect(backwards.flat()).toEqual(expected);

    const last = await t.call('GET', (await t.call('GET', '/api/books?q=quillon&per_page=3')).body._links.last.href);
    expect(ids(last)).toEqual(expected.slice(-3));
  });

  it('repeats q and per_page in every link', async () => {
    for (let i = 0; i < 3; i++) await t.call('POST', '/api/books', { body: { book_original_title: `Linked volume ${i}` } });
    const res = await t.call('GET', '/api/books?q=linked%20volume&per_page=2');
    expect(res.body.data).toHaveLength(2);
    for (const name of ['self', 'first', 'last', 'next'] as const) {
      const href = new URL(res.body._links[name].href, t.baseUrl);
      expect(href.pathname).toBe('/api/books');
      expect(href.searchParams.get('q')).toBe('linked volume');
      expect(href.searchParams.get('per_page')).toBe('2');
    }
    const next = await t.call('GET', res.body._links.next.href);
    expect(next.body.data).toHaveLength(1);
    expect(next.body._links.next).toBeUndefined();
  });
});
