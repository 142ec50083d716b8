import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiResponse, startTestService, type TestService } from '../../support/test-service.js';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(async () => {
  await t.stop();
});

const ISO_UTC = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const MISSING = 99_999_999;

async function author(name: string, aliases?: string[]): Promise<Record<string, any>> {
  const res = await t.call('POST', '/api/authors', { body: aliases === undefined ? { author_name: name } : { author_name: name, aliases } });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

async function bookBy(title: string, authorIds: number[]): Promise<number> {
  const res = await t.call('POST', '/api/books', { body: { book_original_title: title, author_ids: authorIds } });
  expect(res.status, res.text).toBe(201);
  return res.body.book_id;
}

const search = (q: string, extra = '') => t.call('GET', `/api/authors?q=${encodeURIComponent(q)}${extra}`);
const idsOf = (res: { body: { data: Array<{ author_id: number }> } }): number[] => res.body.data.map((a) => a.author_id);

function expectValidationFailure(res: { status: number; body: any; text: string }, field: string): void {
  expect(res.status, res.text).toBe(400);
  expect(res.body.error).toBe('validation_failed');
  expect(typeof res.body.message).toBe('string');
  expect(res.body.details.map((d: { field: string }) => d.field), res.text).toContain(field);
}

describe('author resource', () => {
  it('creates a user-created author with every documented field', async () => {
    const res = await t.call('POST', '/api/authors', { body: { author_name: 'Ursula K. Le Guin', aliases: ['Ursula Kroeber'] } });
    expect(res.status, res.text).toBe(201);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const a = res.body;
    expect(Number.isSafeInteger(a.author_id) && a.author_id > 0).toBe(true);
    expect(a).toMatchObject({ author_name: 'Ursula K. Le Guin', aliases: ['Ursula Kroeber'], is_user_created: true });
    expect(a.created_at).toMatch(ISO_UTC);
    expect(a.updated_at).toMatch(ISO_UTC);
    const [row] = await t.db.sql<{ is_user_created: boolean }>('select is_user_created from author where author_id = $1', [a.author_id]);
    expect(row!.is_user_created).toBe(true);
  });

  it('defaults aliases to an empty array and tidies the ones given', async () => {
    expect((await author('Octavia E. Butler')).aliases).toEqual([]);
    const tidy = await author('  Iain M. Banks ', [' Iain Banks ', '', 'Iain Banks', 'Iain M. Banks']);
    expect(tidy.author_name).toBe('Iain M. Banks');
    expect(tidy.aliases).toEqual(['Iain Banks']);
  });

  it('gets one author, 404 for an unknown one and 400 for a malformed id', async () => {
    const created = await author('Mary Shelley', ['Mary Wollstonecraft Shelley']);
    const res = await t.call('GET', `/api/authors/${created.author_id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(created);
    const missing = await t.call('GET', `/api/authors/${MISSING}`);
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('not_found');
    expectValidationFailure(await t.call('GET', '/api/authors/abc'), 'id');
  });

  it('PUT replaces name and aliases (fix a name, add aliases) and keeps the author what it was', async () => {
    const created = await author('Terry Pratchet', ['Pratchet']);
    const res = await t.call('PUT', `/api/authors/${created.author_id}`, {
      body: { author_name: 'Terry Pratchett', aliases: ['Sir Terry Pratchett', 'Terence David John Pratchett'] },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      author_id: created.author_id,
      author_name: 'Terry Pratchett',
      aliases: ['Sir Terry Pratchett', 'Terence David John Pratchett'],
      is_user_created: true,
      created_at: created.created_at,
    });
    expect(res.body.updated_at).toMatch(ISO_UTC);
    expect((await t.call('GET', `/api/authors/${created.author_id}`)).body).toEqual(res.body);

    // Adding an alias means sending the old ones too; leaving aliases out clears them.
    const added = await t.call('PUT', `/api/authors/${created.author_id}`, {
      body: { author_name: 'Terry Pratchett', aliases: [...res.body.aliases, 'T. Pratchett'] },
    });
    expect(added.body.aliases).toEqual(['Sir Terry Pratchett', 'Terence David John Pratchett', 'T. Pratchett']);
    const cleared = await t.call('PUT', `/api/authors/${created.author_id}`, { body: { author_name: 'Terry Pratchett' } });
    expect(cleared.status).toBe(200);
    expect(cleared.body.aliases).toEqual([]);
  });

  it('PUT makes search follow the new name and aliases', async () => {
    const created = await author('Ray Bradburry', ['Bradburry']);
    await t.call('PUT', `/api/authors/${created.author_id}`, { body: { author_name: 'Ray Bradbury', aliases: ['Raymond Douglas Bradbury'] } });
    expect(idsOf(await search('bradburry'))).toEqual([]);
    expect(idsOf(await search('ray bradbury'))).toEqual([created.author_id]);
    expect(idsOf(await search('raymond douglas'))).toEqual([created.author_id]);
  });

  it('PUT answers 404 for an unknown author and 400 for an invalid body, changing nothing', async () => {
    const missing = await t.call('PUT', `/api/authors/${MISSING}`, { body: { author_name: 'Nobody' } });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('not_found');
    const created = await author('Olga Tokarczuk', ['Olga Nawoja Tokarczuk']);
    expectValidationFailure(await t.call('PUT', `/api/authors/${created.author_id}`, { body: { author_name: '   ' } }), 'author_name');
    expectValidationFailure(await t.call('PUT', `/api/authors/${created.author_id}`, { body: { aliases: ['x'] } }), 'author_name');
    expectValidationFailure(await t.call('PUT', `/api/authors/${created.author_id}`, { body: { author_name: 'Tokarczuk', alias: ['x'] } }), 'alias');
    expectValidationFailure(await t.call('PUT', `/api/authors/${created.author_id}`, { body: { author_name: 'Tokarczuk', aliases: 'x' } }), 'aliases');
    expect((await t.call('GET', `/api/authors/${created.author_id}`)).body).toEqual(created);
  });

  it('POST answers 400 naming the field for invalid bodies', async () => {
    expectValidationFailure(await t.call('POST', '/api/authors', { body: {} }), 'author_name');
    expectValidationFailure(await t.call('POST', '/api/authors', { body: { author_name: '' } }), 'author_name');
    expectValidationFailure(await t.call('POST', '/api/authors', { body: { author_name: 42 } }), 'author_name');
    expectValidationFailure(await t.call('POST', '/api/authors', { body: { author_name: 'A', aliases: [1] } }), 'aliases[0]');
    expectValidationFailure(await t.call('POST', '/api/authors', { body: { author_name: 'A', is_user_created: false } }), 'is_user_created');
  });

  it('DELETE answers 204 with no body, then the author is gone', async () => {
    const created = await author('Ephemeral Author');
    const res = await t.call('DELETE', `/api/authors/${created.author_id}`);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect((await t.call('GET', `/api/authors/${created.author_id}`)).status).toBe(404);
    const again = await t.call('DELETE', `/api/authors/${created.author_id}`);
    expect(again.status).toBe(404);
    expect(again.body.error).toBe('not_found');
    expect(await t.db.sql('select 1 from author where author_id = $1', [created.author_id])).toEqual([]);
  });

  it('DELETE of an author that a book references answers 409 conflict and deletes nothing', async () => {
    const referenced = await author('Neil Gaiman', ['Neil Richard MacKinnon Gaiman']);
    const coAuthor = await author('Terry Pratchett (co-author)');
    const bookId = await bookBy('Good Omens', [coAuthor.author_id, referenced.author_id]);
    const linksBefore = await t.db.sql('select book_id, author_id, position from book_author where book_id = $1 order by position', [bookId]);

    const res = await t.call('DELETE', `/api/authors/${referenced.author_id}`);
    expect(res.status, res.text).toBe(409);
    expect(res.body.error).toBe('conflict');
    expect(typeof res.body.message).toBe('string');

    expect((await t.call('GET', `/api/authors/${referenced.author_id}`)).body).toEqual(referenced);
    expect((await t.call('GET', `/api/books/${bookId}`)).body.author_ids).toEqual([coAuthor.author_id, referenced.author_id]);
    expect(await t.db.sql('select book_id, author_id, position from book_author where book_id = $1 order by position', [bookId])).toEqual(linksBefore);

    // Once no book references it, the delete goes through.
    await t.call('PUT', `/api/books/${bookId}`, { body: { book_original_title: 'Good Omens', author_ids: [coAuthor.author_id] } });
    expect((await t.call('DELETE', `/api/authors/${referenced.author_id}`)).status).toBe(204);
    expect((await t.call('GET', `/api/books/${bookId}`)).body.author_ids).toEqual([coAuthor.author_id]);
  });
});

describe('author search', () => {
  it.each([
    ['ab', 'two letters'],
    ['ab  ', 'two letters and trailing spaces'],
    ['  ab', 'two letters and leading spaces'],
    ['éa', 'an accented two-letter string (precomposed)'],
    ['e\u0301a', 'an accented two-letter string (decomposed)'],
    ['Ñu', 'an accented two-letter string, upper case'],
    ['é', 'one accented letter'],
    ['   ', 'only spaces'],
    ['', 'empty'],
  ])('answers 400 validation_failed on q for %j (%s)', async (q) => {
    expectValidationFailure(await search(q!), 'q');
  });

  it('matches name and aliases case- and accent-insensitively: "tolkien", "Tolkién" and "TOLKIEN" find the same author', async () => {
    const tolkien = await author('J. R. R. Tolkien', ['John Ronald Reuel Tolkién']);
    const other = await author('C. S. Lewis', ['Clive Staples Lewis']);
    for (const q of ['tolkien', 'Tolkién', 'TOLKIEN', 'tOlKiÉn', '  tolkien  ', 'olki', 'j. r. r.', 'RONALD REUEL', 'reuel tolkien']) {
      const res = await search(q);
      expect(res.status, q).toBe(200);
      expect(idsOf(res), q).toEqual([tolkien.author_id]);
    }
    expect(idsOf(await search('clive staples'))).toEqual([other.author_id]);
  });

  it('folds accents in stored names too', async () => {
    const marquez = await author('Gabriel García Márquez', ['Gabo']);
    const lem = await author('Stanisław Lem');
    for (const q of ['garcia marquez', 'GARCÍA MÁRQUEZ', 'Marquez', 'gabo']) {
      expect(idsOf(await search(q)), q).toEqual([marquez.author_id]);
    }
    for (const q of ['stanislaw', 'STANISŁAW LEM']) {
      expect(idsOf(await search(q)), q).toEqual([lem.author_id]);
    }
  });

  it('does not match across the name and an alias', async () => {
    await author('Aaron Zwinglefoo', ['Quentin Marbleby']);
    expect(idsOf(await search('zwinglefoo quentin'))).toEqual([]);
    expect(idsOf(await search('zwinglefooquentin'))).toEqual([]);
  });

  it('answers an empty page with links when nothing matches', async () => {
    const res = await search('no such author anywhere');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
    expect(res.body._links.self.href).toBe(res.body._links.first.href);
    expect(res.body._links.last.href).toBe(res.body._links.first.href);
  });

  it('pages through search results, repeating q and per_page in every link', async () => {
    const ids = [];
    for (const name of ['Michael Moorcock', 'M. Moorcock', 'Moorcock Jr.']) ids.push((await author(name)).author_id);
    const first = await search('moorcock', '&per_page=2');
    expect(first.status).toBe(200);
    expect(idsOf(first)).toEqual(ids.slice(0, 2));
    for (const link of Object.values(first.body._links) as Array<{ href: string }>) {
      const url = new URL(link.href, t.baseUrl);
      expect(url.pathname).toBe('/api/authors');
      expect(url.searchParams.get('q')).toBe('moorcock');
      expect(url.searchParams.get('per_page')).toBe('2');
    }
    const next = await t.call('GET', first.body._links.next.href);
    expect(idsOf(next)).toEqual(ids.slice(2));
    expect(next.body._links.next).toBeUndefined();
  });

  it('lists every author without q, paginated, each exactly once', async () => {
    for (let i = 0; i < 7; i++) await author(`Listed Author ${i}`);
    const expected = (await t.db.sql<{ author_id: string }>('select author_id from author order by author_id')).map((r) => Number(r.author_id));
    expect(expected.length).toBeGreaterThan(6);

    const seen: number[] = [];
    let href: string | undefined = '/api/authors?per_page=3';
    let pages = 0;
    while (href !== undefined) {
      const res: ApiResponse = await t.call('GET', href);
      expect(res.status, href).toBe(200);
      expect(res.body.data.length).toBeLessThanOrEqual(3);
      for (const a of res.body.data) {
        expect(Object.keys(a)).toEqual(expect.arrayContaining(['author_id', 'author_name', 'aliases', 'is_user_created']));
      }
      expect(new URL(res.body._links.self.href, t.baseUrl).searchParams.get('per_page')).toBe('3');
      expect(new URL(res.body._links.self.href, t.baseUrl).searchParams.has('q')).toBe(false);
      seen.push(...idsOf(res));
      href = res.body._links.next?.href;
      expect(++pages).toBeLessThan(100);
    }
    expect(seen).toEqual(expected);

    const defaultPage = await t.call('GET', '/api/authors');
    expect(defaultPage.body.data).toHaveLength(Math.min(20, expected.length));
    expect(new URL(defaultPage.body._links.self.href, t.baseUrl).searchParams.get('per_page')).toBe('20');
  });

  it('answers 400 for a bad per_page and invalid_cursor for a garbage cursor', async () => {
    for (const perPage of ['0', '101', 'x']) {
      expectValidationFailure(await t.call('GET', `/api/authors?per_page=${perPage}`), 'per_page');
    }
    const res = await t.call('GET', '/api/authors?cursor=not-a-cursor');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_cursor');
  });
});
