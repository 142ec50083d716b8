import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiResponse, startTestService, type TestService } from '../../support/test-service.js';

let t: TestService;
let english: number;
let french: number;

beforeAll(async () => {
  t = await startTestService();
  english = await languageId('en');
  french = await languageId('fr');
});
afterAll(async () => {
  await t.stop();
});

const ISO_UTC = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const MISSING = 99_999_999;

async function languageId(code: string): Promise<number> {
  const rows = await t.db.sql<{ language_id: string }>('select language_id from language where language_code = $1', [code]);
  expect(rows, `language ${code} is seeded`).toHaveLength(1);
  return Number(rows[0]!.language_id);
}

async function book(title: string): Promise<number> {
  const res = await t.call('POST', '/api/books', { body: { book_original_title: title } });
  expect(res.status).toBe(201);
  return res.body.book_id;
}

// Check digits computed here, independently of the service.
function isbn13Check(first12: string): string {
  const sum = [...first12].reduce((acc, d, i) => acc + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return String((10 - (sum % 10)) % 10);
}

/** A fresh valid ISBN-13 (979-1… range) for every call, so tests never collide. */
let sequence = 0;
function freshIsbn13(): string {
  const first12 = `9791${String(++sequence).padStart(8, '0')}`;
  return first12 + isbn13Check(first12);
}

function post(bookId: number | string, body: Record<string, unknown>) {
  return t.call('POST', `/api/books/${bookId}/editions`, { body });
}

async function edition(bookId: number, over: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const res = await post(bookId, { isbn: freshIsbn13(), format: 'paperback', language_id: english, ...over });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

async function editionCount(): Promise<number> {
  const [row] = await t.db.sql<{ n: number }>('select count(*)::int as n from edition');
  return row!.n;
}

function expectValidationFailure(res: { status: number; body: any; text: string }, field: string): void {
  expect(res.status, res.text).toBe(400);
  expect(res.body.error).toBe('validation_failed');
  expect(typeof res.body.message).toBe('string');
  expect(res.body.details.map((d: { field: string }) => d.field), res.text).toContain(field);
}

describe('POST /api/books/:bookId/editions', () => {
  it.each([
    // ISBN-10, with and without hyphens or spaces, with an X check digit (either case)
    ['0-306-40615-2', '9780306406157'],
    ['0 8044 2957 X', '9780804429573'],
    ['0-9752298-0-x', '9780975229804'],
    ['043942089X', '9780439420891'],
    ['1843560283', '9781843560289'],
    // ISBN-13, with and without hyphens or spaces
    ['9783161484100', '9783161484100'],
    ['978-0-19-852663-6', '9780198526636'],
    ['979 10 90636 07 1', '9791090636071'],
    ['  978-0 306-40614 0  ', '9780306406140'],
  ])('accepts %j and stores and returns it as ISBN-13 %s', async (input, isbn13) => {
    const bookId = await book(`ISBN ${input}`);
    const res = await post(bookId, { isbn: input, format: 'hardcover', language_id: english });
    expect(res.status, res.text).toBe(201);
    expect(res.body.isbn).toBe(isbn13);
    const rows = await t.db.sql<{ isbn: string }>('select isbn from edition where edition_id = $1', [res.body.edition_id]);
    expect(rows).toEqual([{ isbn: isbn13 }]);
    expect((await t.call('GET', `/api/editions/${res.body.edition_id}`)).body.isbn).toBe(isbn13);
  });

  it('returns every field of an edition with the right JSON types', async () => {
    const bookId = await book('The Hobbit');
    const res = await post(bookId, {
      isbn: freshIsbn13(),
      format: 'audiobook',
      language_id: french,
      edition_title: 'Bilbo le Hobbit',
      publisher: 'Le Livre de Poche',
      published_year: 1980,
    });
    expect(res.status, res.text).toBe(201);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const e = res.body;
    expect(Number.isSafeInteger(e.edition_id) && e.edition_id > 0).toBe(true);
    expect(e).toMatchObject({
      book_id: bookId,
      format: 'audiobook',
      language_id: french,
      edition_title: 'Bilbo le Hobbit',
      publisher: 'Le Livre de Poche',
      published_year: 1980,
    });
    expect(e.isbn).toMatch(/^97[89]\d{10}$/);
    expect(typeof e.book_id).toBe('number');
    expect(typeof e.language_id).toBe('number');
    expect(typeof e.published_year).toBe('number');
    expect(e.created_at).toMatch(ISO_UTC);
    expect(e.updated_at).toMatch(ISO_UTC);
  });

  it('answers null, not a missing key, for the optional fields left out', async () => {
    const e = await edition(await book('Minimal'), { format: 'ebook' });
    for (const key of ['edition_id', 'book_id', 'isbn', 'format', 'language_id', 'edition_title', 'publisher', 'published_year']) {
      expect(e, key).toHaveProperty(key);
    }
    expect(e).toMatchObject({ format: 'ebook', edition_title: null, publisher: null, published_year: null });
  });

  it('accepts each of the four formats', async () => {
    const bookId = await book('Four formats');
    for (const format of ['hardcover', 'paperback', 'ebook', 'audiobook']) {
      expect((await edition(bookId, { format })).format).toBe(format);
    }
  });

  it.each([
    ['0-306-40615-3', 'ISBN-10 with a wrong check digit'],
    ['0306406151', 'ISBN-10 without hyphens, wrong check digit'],
    ['0-8044-2957-1', 'ISBN-10 whose right check digit is X'],
    ['0-306-40615-X', 'ISBN-10 with X where a digit belongs'],
    ['978-0-306-40615-8', 'ISBN-13 with a wrong check digit'],
    ['9780306406158', 'ISBN-13 without hyphens, wrong check digit'],
    ['978030640615', 'twelve digits'],
    ['not an isbn', 'letters'],
    ['', 'empty'],
  ])('rejects %j (%s) with 400 on the field isbn, storing nothing', async (isbn) => {
    const bookId = await book(`Bad ISBN ${isbn}`);
    const before = await editionCount();
    const res = await post(bookId, { isbn, format: 'paperback', language_id: english });
    expectValidationFailure(res, 'isbn');
    expect(await editionCount()).toBe(before);
  });

  it('answers 409 conflict for the same ISBN twice, storing it once', async () => {
    const bookId = await book('Twice');
    const isbn = freshIsbn13();
    expect((await post(bookId, { isbn, format: 'paperback', language_id: english })).status).toBe(201);
    const again = await post(bookId, { isbn, format: 'hardcover', language_id: french });
    expect(again.status, again.text).toBe(409);
    expect(again.body.error).toBe('conflict');
    expect(typeof again.body.message).toBe('string');
    expect(await t.db.sql('select edition_id from edition where isbn = $1', [isbn])).toHaveLength(1);
  });

  it('answers 409 when an ISBN-10 comes after its ISBN-13, and the other way round', async () => {
    const bookId = await book('Two spellings');
    expect((await post(bookId, { isbn: '0-14-044913-2', format: 'paperback', language_id: english })).status).toBe(201);
    const as13 = await post(bookId, { isbn: '9780140449136', format: 'paperback', language_id: english });
    expect(as13.status, as13.text).toBe(409);
    expect(as13.body.error).toBe('conflict');

    expect((await post(bookId, { isbn: '978-0-14-118776-1', format: 'paperback', language_id: english })).status).toBe(201);
    const as10 = await post(bookId, { isbn: '0 14 118776 X', format: 'ebook', language_id: english });
    expect(as10.status, as10.text).toBe(409);
    expect(as10.body.error).toBe('conflict');
    expect(await t.db.sql('select isbn from edition where isbn in ($1, $2)', ['9780140449136', '9780141187761'])).toHaveLength(2);
  });

  it('answers 409 when the ISBN belongs to an edition of another book', async () => {
    const isbn = freshIsbn13();
    await edition(await book('First owner'), { isbn });
    const other = await book('Second owner');
    const res = await post(other, { isbn: `${isbn.slice(0, 3)}-${isbn.slice(3)}`, format: 'paperback', language_id: english });
    expect(res.status, res.text).toBe(409);
    expect(res.body.error).toBe('conflict');
    expect((await t.call('GET', `/api/books/${other}/editions`)).body.data).toEqual([]);
  });

  it('lets exactly one of two simultaneous requests for the same ISBN win', async () => {
    const bookId = await book('Race');
    const isbn = freshIsbn13();
    const results = await Promise.all([1, 2].map(() => post(bookId, { isbn, format: 'paperback', language_id: english })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await t.db.sql('select edition_id from edition where isbn = $1', [isbn])).toHaveLength(1);
  });

  it('answers 404 not_found for an unknown book, storing nothing', async () => {
    const before = await editionCount();
    const res = await post(MISSING, { isbn: freshIsbn13(), format: 'paperback', language_id: english });
    expect(res.status, res.text).toBe(404);
    expect(res.body.error).toBe('not_found');
    expect(res.body.message).toContain(String(MISSING));
    expect(await editionCount()).toBe(before);
  });

  it('answers 400 for a book id that is not a positive integer', async () => {
    for (const bad of ['abc', '0', '-1', '1.5']) {
      expectValidationFailure(await post(bad, { isbn: freshIsbn13(), format: 'paperback', language_id: english }), 'bookId');
    }
  });

  it('answers 400 on language_id for an unknown language, storing nothing', async () => {
    const [row] = await t.db.sql<{ id: string }>('select max(language_id) + 1000 as id from language');
    const unknown = Number(row!.id);
    const bookId = await book('Unknown language');
    const before = await editionCount();
    expectValidationFailure(await post(bookId, { isbn: freshIsbn13(), format: 'paperback', language_id: unknown }), 'language_id');
    expect(await editionCount()).toBe(before);
  });

  it('answers 400 naming the field for other invalid bodies', async () => {
    const bookId = await book('Invalid bodies');
    const valid = { isbn: freshIsbn13(), format: 'paperback', language_id: english };
    expectValidationFailure(await post(bookId, { ...valid, format: 'comic' }), 'format');
    expectValidationFailure(await post(bookId, { ...valid, language_id: String(english) }), 'language_id');
    expectValidationFailure(await post(bookId, { ...valid, language_id: 0 }), 'language_id');
    expectValidationFailure(await post(bookId, { format: 'paperback', language_id: english }), 'isbn');
    expectValidationFailure(await post(bookId, { isbn: valid.isbn, language_id: english }), 'format');
    expectValidationFailure(await post(bookId, { isbn: valid.isbn, format: 'ebook' }), 'language_id');
    expectValidationFailure(await post(bookId, { ...valid, colour: 'red' }), 'colour');
    expectValidationFailure(await post(bookId, { ...valid, published_year: 1449 }), 'published_year');
    expectValidationFailure(await post(bookId, { ...valid, published_year: 1999.5 }), 'published_year');
    // None of these stored anything, so the ISBN is still free.
    expect((await post(bookId, valid)).status).toBe(201);
  });
});

describe('GET /api/editions/:id', () => {
  it('answers the edition as created', async () => {
    const created = await edition(await book('Fetch me'), { edition_title: 'Special', publisher: 'Pub', published_year: 2001 });
    const res = await t.call('GET', `/api/editions/${created.edition_id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(created);
  });

  it('answers 404 not_found for an unknown edition and 400 for a malformed id', async () => {
    const missing = await t.call('GET', `/api/editions/${MISSING}`);
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('not_found');
    for (const bad of ['abc', '0', '12abc']) {
      expectValidationFailure(await t.call('GET', `/api/editions/${bad}`), 'id');
    }
  });
});

describe('GET /api/books/:bookId/editions', () => {
  it('lists only the editions of that book, in creation order, and pages through them both ways', async () => {
    const a = await book('Many editions');
    const b = await book('Neighbour');
    const mine: Array<Record<string, any>> = [];
    for (let i = 0; i < 5; i++) {
      mine.push(await edition(a, { published_year: 2000 + i }));
      if (i < 2) await edition(b);
    }

    const pages: Array<Array<Record<string, any>>> = [];
    let href: string | undefined = `/api/books/${a}/editions?per_page=2`;
    let lastHref = '';
    while (href !== undefined) {
      const res: ApiResponse = await t.call('GET', href);
      expect(res.status, href).toBe(200);
      for (const link of Object.values(res.body._links) as Array<{ href: string }>) {
        const url = new URL(link.href, t.baseUrl);
        expect(url.pathname).toBe(`/api/books/${a}/editions`);
        expect(url.searchParams.get('per_page')).toBe('2');
      }
      lastHref = res.body._links.last.href;
      pages.push(res.body.data);
      href = res.body._links.next?.href;
      expect(pages.length).toBeLessThan(10);
    }
    expect(pages.map((p) => p.length)).toEqual([2, 2, 1]);
    expect(pages.flat()).toEqual(mine);

    const backward: Array<Record<string, any>> = [];
    href = lastHref;
    while (href !== undefined) {
      const res: ApiResponse = await t.call('GET', href);
      expect(res.status, href).toBe(200);
      backward.unshift(...res.body.data);
      href = res.body._links.prev?.href;
      expect(backward.length).toBeLessThan(20);
    }
    expect(backward).toEqual(mine);

    const neighbour = await t.call('GET', `/api/books/${b}/editions`);
    expect(neighbour.body.data).toHaveLength(2);
    expect(neighbour.body.data.every((e: { book_id: number }) => e.book_id === b)).toBe(true);
  });

  it('shows the first page with self, first and last and without prev on the first page', async () => {
    const a = await book('Three editions');
    for (let i = 0; i < 3; i++) await edition(a);
    const res = await t.call('GET', `/api/books/${a}/editions?per_page=2`);
    expect(res.body._links.prev).toBeUndefined();
    expect(res.body._links.next).toBeDefined();
    expect(res.body._links.self.href).toBe(res.body._links.first.href);
    expect(res.body._links.last).toBeDefined();
  });

  it('answers an empty page with links for a book without editions', async () => {
    const a = await book('No editions yet');
    const res = await t.call('GET', `/api/books/${a}/editions`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
    expect(res.body._links.self.href).toBe(res.body._links.first.href);
    expect(res.body._links.last.href).toBe(res.body._links.first.href);
    expect(res.body._links.prev).toBeUndefined();
    expect(res.body._links.next).toBeUndefined();
    expect(new URL(res.body._links.self.href, t.baseUrl).searchParams.get('per_page')).toBe('20');
  });

  it('answers 404 not_found for an unknown book', async () => {
    for (const path of [`/api/books/${MISSING}/editions`, `/api/books/${MISSING}/editions?per_page=5`]) {
      const res = await t.call('GET', path);
      expect(res.status, path).toBe(404);
      expect(res.body.error).toBe('not_found');
    }
  });

  it('answers 400 for a bad per_page or cursor', async () => {
    const a = await book('Bad paging');
    for (const perPage of ['0', '101', 'abc', '-1', '2.5']) {
      expectValidationFailure(await t.call('GET', `/api/books/${a}/editions?per_page=${perPage}`), 'per_page');
    }
    const res = await t.call('GET', `/api/books/${a}/editions?cursor=garbage`);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_cursor');
  });
});
