// Wish import (docs/api.md "Wish import") over real HTTP against a real database.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchKeyOf } from '../../../src/domain/shared/search-text.js';
import { goodreadsCsv, isbn13to10, syntheticGoodreadsRows, syntheticIsbn13 } from '../../support/import-fixtures.js';
import { type ApiResponse, startTestService, type TestService } from '../../support/test-service.js';

let t: TestService;
let english: number;

const IMPORT = '/api/wishes/import';
const MiB = 1024 * 1024;
const UPLOAD_LIMIT = 5 * MiB;
const ISO_TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

interface CreatedCounts {
  created_books: number;
  created_authors: number;
  created_editions: number;
}

interface ListedCounts {
  unmatched_count: number;
  invalid_count: number;
}

interface Report {
  created: number;
  already_wished: number;
  unmatched: Array<{ line: number; reason: string; title: string | null; isbn: string | null }>;
  invalid: Array<{ line: number; message: string }>;
}

interface WishBody {
  wish_id: number;
  book_id: number;
  is_monitored: boolean;
  max_price: { amount: string; currency: string } | null;
  created_at: string;
}

/** The shared catalogue every test imports against (book ids by a short name). */
const book: Record<string, number> = {};

function fixture(name: string): Buffer {
  return readFileSync(new URL(`../../fixtures/imports/${name}`, import.meta.url));
}

function tokenOf(subject: string): string {
  return t.token(subject);
}

async function importCsv(token: string, body: string | Buffer, contentType = 'text/csv'): Promise<ApiResponse<Report>> {
  return t.call<Report>('POST', IMPORT, { token, rawBody: body, headers: { 'content-type': contentType } });
}

/** Imports and insists on a 200 whose body has exactly the report's fields, the three created counts included. */
async function importOk(token: string, body: string | Buffer, contentType = 'text/csv'): Promise<Report> {
  const res = await importCsv(token, body, contentType);
  expect(res.status, res.text.slice(0, 500)).toBe(200);
  expect(Object.keys(res.body).sort()).toEqual(['already_wished', 'created', 'created_authors', 'created_books', 'created_editions', 'invalid', 'invalid_count', 'unmatched', 'unmatched_count']);
  // Without create_missing nothing is ever created; the report these tests compare leaves out the created counts.
  return withoutCreatedCounts(res.body as Report & CreatedCounts & ListedCounts);
}

async function postMultipart(token: string, form: FormData): Promise<ApiResponse<any>> {
  const response = await fetch(t.baseUrl + IMPORT, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (response.status === 200) body = withoutCreatedCounts(body as Report & CreatedCounts & ListedCounts);
  return { status: response.status, headers: response.headers, body, text };
}

/** A report made without create_missing, without its created counts, after checking that it created nothing. */
function withoutCreatedCounts(report: Report & CreatedCounts & ListedCounts): Report {
  const { created_books: books, created_authors: authors, created_editions: editions, unmatched_count: unmatched, invalid_count: invalid, ...c5 } = report;
  expect([books, authors, editions]).toEqual([0, 0, 0]);
  // Files this small are listed whole: the counts are the lists' lengths.
  expect([unmatched, invalid]).toEqual([c5.unmatched.length, c5.invalid.length]);
  return c5;
}

function fileForm(bytes: string | Uint8Array, field = 'file', name = 'export.csv'): FormData {
  const form = new FormData();
  form.append(field, new Blob([bytes], { type: 'text/csv' }), name);
  return form;
}

/** A plain CSV of exactly `size` bytes that wishes Dune (the rest is an ignored `note` cell). */
function fileOfSize(size: number): Buffer {
  const bytes = Buffer.alloc(size, 'x');
  bytes.write('isbn,title,note\n9780441172719,Dune,', 0, 'utf8');
  return bytes;
}

/** Every wish of the token's user, following the pagination links. */
async function wishesOf(token: string): Promise<WishBody[]> {
  const items: WishBody[] = [];
  let href: string | undefined = '/api/wishes?per_page=100';
  for (let pages = 0; href !== undefined; pages++) {
    expect(pages).toBeLessThan(200);
    const res: ApiResponse = await t.call('GET', href, { token });
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    items.push(...(res.body.data as WishBody[]));
    href = res.body._links?.next?.href;
  }
  return items;
}

async function wishedBookIds(token: string): Promise<number[]> {
  return (await wishesOf(token)).map((w) => w.book_id).sort((a, b) => a - b);
}

const ids = (...names: string[]): number[] =>
  names
    .map((name) => {
      const id = book[name];
      if (id === undefined) throw new Error(`no book "${name}" in the test catalogue`);
      return id;
    })
    .sort((a, b) => a - b);

/** New wishes from an import are monitored, without a ceiling unless a plain file gave one. */
function expectFreshWishes(wishes: WishBody[]): void {
  for (const wish of wishes) {
    expect(wish.is_monitored).toBe(true);
    expect(wish.max_price).toBeNull();
    expect(wish.created_at).toMatch(ISO_TIMESTAMP);
  }
}

function expectError(res: ApiResponse, status: number, code: string, field?: string): void {
  expect(res.status, res.text.slice(0, 300)).toBe(status);
  expect(res.body?.error, res.text.slice(0, 300)).toBe(code);
  expect(typeof res.body?.message).toBe('string');
  if (field !== undefined) {
    expect(res.body.details?.map((d: { field: string }) => d.field), res.text.slice(0, 300)).toContain(field);
  }
}

async function wishRowCount(subject: string): Promise<number> {
  const [row] = await t.db.sql<{ n: number }>(
    'select count(*)::int as n from wish w join app_user u on u.user_id = w.user_id where u.subject = $1',
    [subject],
  );
  return row?.n ?? 0;
}

async function createAuthor(name: string, aliases: string[] = []): Promise<number> {
  const res = await t.call('POST', '/api/authors', { body: { author_name: name, aliases } });
  expect(res.status, res.text).toBe(201);
  return res.body.author_id;
}

async function createBook(name: string, title: string, authorIds: number[], isbns: string[] = []): Promise<number> {
  const res = await t.call('POST', '/api/books', { body: { book_original_title: title, author_ids: authorIds } });
  expect(res.status, res.text).toBe(201);
  const bookId: number = res.body.book_id;
  for (const isbn of isbns) {
    const edition = await t.call('POST', `/api/books/${bookId}/editions`, { body: { isbn, format: 'paperback', language_id: english } });
    expect(edition.status, edition.text).toBe(201);
  }
  book[name] = bookId;
  return bookId;
}

function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

beforeAll(async () => {
  t = await startTestService();
  const [language] = await t.db.sql<{ language_id: string }>("select language_id from language where language_code = 'en'");
  expect(language, 'English is seeded').toBeDefined();
  english = Number(language!.language_id);

  const baldwin = await createAuthor('James Baldwin');
  const ahmed = await createAuthor('Sara Ahmed');
  const solomon = await createAuthor('Rivers Solomon');
  const regener = await createAuthor('Sven Regener');
  const wang = await createAuthor('Jason Wang');
  const martine = await createAuthor('Arkady Martine');
  const monette = await createAuthor('Sarah Monette');
  const herbert = await createAuthor('Frank Herbert');
  const mieville = await createAuthor('China Miéville');
  const sanderson = await createAuthor('Brandon Sanderson');
  const leckie = await createAuthor('Ann Leckie');
  const gaiman = await createAuthor('Neil Gaiman');
  const pratchett = await createAuthor('Terry Pratchett');
  const leGuin = await createAuthor('Ursula K. Le Guin');
  const hugo = await createAuthor('Victor-Marie Hugo', ['Victor Hugo']);
  const muir = await createAuthor('Tamsyn Muir');
  const simmons = await createAuthor('Dan Simmons');

  // Matched by ISBN (an edition carries it).
  await createBook('goTellIt', 'Go Tell It on the Mountain', [baldwin], ['9780141185910']);
  await createBook('xian', "Xi'an Famous Foods", [wang], ['9781419747526']);
  await createBook('dune', 'Dune', [herbert], ['9780441172719']);
  await createBook('ancillary', 'Ancillary Justice', [leckie], ['9780316246620']);
  await createBook('leftHand', 'The Left Hand of Darkness', [leGuin], ['9780441478125']);
  await createBook('japanese', 'A Japanese Edition', [], ['9780143127741']);
  // Only the second ISBN a LibraryThing row lists; other files name the first one and match by title.
  await createBook('wayOfKings', 'The Way of Kings', [sanderson], ['9780765376671']);
  // On shelves that are not wishes in every file: they exist, so a wrong filter would wish them.
  await createBook('gideon', 'Gideon the Ninth', [muir], ['9781250313195']);
  await createBook('hyperion', 'Hyperion', [simmons], ['9780553283686']);

  // No edition: matched by title plus author only.
  await createBook('queer', 'Queer Phenomenology: Orientations, Objects, Others', [ahmed]);
  await createBook('sorrowland', 'Sorrowland', [solomon]);
  await createBook('berlinBlues', 'Berlin Blues', [regener]);
  await createBook('cityCity', 'The City & the City', [mieville]);
  await createBook('goodOmens', 'Good Omens', [gaiman, pratchett]);
  await createBook('dispossessed', 'The Dispossessed', [leGuin]);
  await createBook('lesMis', 'Les Misérables', [hugo]);
  // Two books with the same title and author: ambiguous.
  await createBook('desolation1', 'A Desolation Called Peace (Teixcalaan, #2)', [martine]);
  await createBook('desolation2', 'A Desolation Called Peace (Teixcalaan, #2)', [martine]);
  // The title exists, but under an author the row does not name.
  await createBook('witness', 'The Witness for the Dead (The Goblin Emperor, #2)', [monette]);
});

afterAll(async () => {
  await t?.stop();
});

describe('POST /api/wishes/import: every layout', () => {
  it('imports the real Goodreads 31-column export: only to-read rows, by ISBN or title+author, the rest reported', async () => {
    const token = tokenOf('gr31');
    const report = await importOk(token, fixture('goodreads-31col.csv'));
    expect(report).toEqual({
      // line 3 by ISBN; 17 and 21 (="" ISBNs) by title+author; 28 (unknown ISBN) by title+author; 71 by ISBN
      created: 5,
      already_wished: 0,
      unmatched: [
        { line: 16, reason: 'isbn_not_found', title: 'Drowned Country (The Greenhollow Duology, #2)', isbn: '9781250756602' },
        { line: 91, reason: 'ambiguous_title', title: 'A Desolation Called Peace (Teixcalaan, #2)', isbn: null },
        { line: 99, reason: 'title_not_found', title: 'The Witness for the Dead (The Goblin Emperor, #2)', isbn: null },
      ],
      invalid: [],
    });
    const wishes = await wishesOf(token);
    expect(wishes.map((w) => w.book_id).sort((a, b) => a - b)).toEqual(ids('goTellIt', 'queer', 'sorrowland', 'berlinBlues', 'xian'));
    expectFreshWishes(wishes);
    // Gideon the Ninth is in the catalogue under its ISBN but on the "read" shelf: never wished.
    expect(wishes.map((w) => w.book_id)).not.toContain(book.gideon);
  });

  it('imports the 24-column layout: =""-empty ISBNs, an ISBN-10 only, a bad check digit, a quoted newline', async () => {
    const token = tokenOf('gr24');
    const report = await importOk(token, fixture('goodreads-24col.csv'));
    expect(report).toEqual({
      // Dune by ISBN13; Sorrowland (="" ISBNs) and The City & the City (ISBN-10 unknown) by title + accented author;
      // The Way of Kings (its ISBN unknown) by its title without the series suffix, "(The Stormlight Archive, #1)".
      created: 4,
      already_wished: 0,
      unmatched: [
        // The ISBN's check digit is wrong: it is no ISBN at all, and the title is unknown.
        { line: 11, reason: 'title_not_found', title: 'A Book With A Typo In Its ISBN', isbn: null },
      ],
      invalid: [{ line: 10, message: 'no ISBN and no title' }],
    });
    const wishes = await wishesOf(token);
    expect(wishes.map((w) => w.book_id).sort((a, b) => a - b)).toEqual(ids('dune', 'sorrowland', 'cityCity', 'wayOfKings'));
    expectFreshWishes(wishes);
  });

  it('imports a StoryGraph export: to-read only, a UID is no ISBN, the first of several authors matches', async () => {
    const token = tokenOf('storygraph');
    const report = await importOk(token, fixture('storygraph.csv'));
    expect(report).toEqual({
      // Ancillary Justice by ISBN; The Way of Kings (ISBN-10 unknown) and Good Omens (second author of the book) by title
      created: 3,
      already_wished: 0,
      unmatched: [{ line: 6, reason: 'title_not_found', title: 'An Obscure Zine', isbn: null }],
      invalid: [{ line: 10, message: 'no ISBN and no title ("not-an-isbn" is not an ISBN)' }],
    });
    const wishes = await wishesOf(token);
    // Dune (read), Sorrowland (currently-reading), Hyperion (did-not-finish), Gideon (paused) are all in the catalogue.
    expect(wishes.map((w) => w.book_id).sort((a, b) => a - b)).toEqual(ids('ancillary', 'wayOfKings', 'goodOmens'));
    expectFreshWishes(wishes);
  });

  it('imports a LibraryThing export: Wishlist / To read collections, [..] ISBN lists, "Last, First" authors', async () => {
    const token = tokenOf('librarything');
    const text = fixture('librarything.csv').toString('utf8');
    const header = (text.split('\n')[0] ?? '').split(',');
    const unknownIsbn13 = syntheticIsbn13(424_242);
    const extra: Record<string, string> = {
      'Book Id': '109',
      Title: 'The Word for World Is Forest',
      'Primary Author': 'Le Guin, Ursula K.',
      Collections: 'Wishlist',
      ISBN: `[${isbn13to10(unknownIsbn13)}]`,
      ISBNs: `[${isbn13to10(unknownIsbn13)}, ${unknownIsbn13}]`,
    };
    // The fixture as exported, plus one wishlist row whose book the catalogue does not have.
    const file = `${text}${text.endsWith('\n') ? '' : '\n'}${header.map((column) => csvCell(extra[column] ?? '')).join(',')}\n`;
    const report = await importOk(token, file);
    expect(report).toEqual({
      // Go Tell It and Dune by ISBN, The Way of Kings by the second ISBN of its list, The Dispossessed by title+author
      created: 4,
      already_wished: 0,
      unmatched: [{ line: 10, reason: 'isbn_not_found', title: 'The Word for World Is Forest', isbn: unknownIsbn13 }],
      invalid: [{ line: 8, message: 'no ISBN and no title ("[123]" is not an ISBN)' }],
    });
    const wishes = await wishesOf(token);
    // Hyperion (Your library), Gideon (Currently reading), The Left Hand of Darkness (Read but unowned): not wishes.
    expect(wishes.map((w) => w.book_id).sort((a, b) => a - b)).toEqual(ids('goTellIt', 'dune', 'dispossessed', 'wayOfKings'));
    expectFreshWishes(wishes);
  });

  it('imports a plain CSV: max_price/currency on the new wishes, bad prices invalid, the rest still imported', async () => {
    const token = tokenOf('plain');
    const report = await importOk(token, fixture('plain.csv'));
    expect(report).toEqual({
      // Dune and A Japanese Edition by ISBN, The City & the City (no edition) and Sorrowland by title+author
      created: 4,
      already_wished: 0,
      unmatched: [
        { line: 5, reason: 'title_not_found', title: "A Typo'd ISBN", isbn: null },
        { line: 13, reason: 'isbn_not_found', title: null, isbn: '9780062315007' },
      ],
      invalid: [
        { line: 6, message: 'no ISBN and no title' },
        { line: 7, message: 'max_price "12,99" EUR: must be a non-negative decimal with at most 2 decimals for EUR' },
        { line: 8, message: 'max_price "20" has no currency' },
        { line: 9, message: 'max_price "15" XXX: must be an ISO 4217 code' },
      ],
    });
    const wishes = await wishesOf(token);
    const byBook = new Map(wishes.map((w) => [w.book_id, w]));
    expect([...byBook.keys()].sort((a, b) => a - b)).toEqual(ids('dune', 'cityCity', 'sorrowland', 'japanese'));
    expect(byBook.get(book.dune!)?.max_price).toEqual({ amount: '12.50', currency: 'EUR' });
    expect(byBook.get(book.cityCity!)?.max_price).toBeNull();
    expect(byBook.get(book.sorrowland!)?.max_price).toEqual({ amount: '9.99', currency: 'USD' });
    expect(byBook.get(book.japanese!)?.max_price).toEqual({ amount: '1500', currency: 'JPY' });
    // The lines with a bad price were not imported without their ceiling: Hyperion, The Way of Kings, Ancillary Justice.
    expect([...byBook.keys()]).not.toContain(book.hyperion);
    expect([...byBook.keys()]).not.toContain(book.ancillary);
    for (const wish of wishes) expect(wish.is_monitored).toBe(true);

    // A plain file's max_price applies to new wishes only: a changed ceiling survives a re-import, a deleted wish
    // comes back with the file's ceiling.
    const dune = byBook.get(book.dune!)!;
    const sorrowland = byBook.get(book.sorrowland!)!;
    const patch = await t.call('PATCH', `/api/wishes/${dune.wish_id}`, { token, body: { max_price: { amount: '5.00', currency: 'EUR' } } });
    expect(patch.status, patch.text).toBe(204);
    expect((await t.call('DELETE', `/api/wishes/${sorrowland.wish_id}`, { token })).status).toBe(204);

    const again = await importOk(token, fixture('plain.csv'));
    expect(again).toEqual({ ...report, created: 1, already_wished: 3 });
    const after = new Map((await wishesOf(token)).map((w) => [w.book_id, w]));
    expect(after.get(book.dune!)).toEqual({ ...dune, max_price: { amount: '5.00', currency: 'EUR' } });
    expect(after.get(book.sorrowland!)?.max_price).toEqual({ amount: '9.99', currency: 'USD' });
    expect(after.get(book.sorrowland!)?.wish_id).not.toBe(sorrowland.wish_id);
  });

  it('counts a book named twice in one file once: created for the first row, already wished for the second', async () => {
    const token = tokenOf('duplicates');
    const report = await importOk(token, 'isbn,title,author\n9780441172719,,\n,Dune,Frank Herbert\n');
    expect(report).toEqual({ created: 1, already_wished: 1, unmatched: [], invalid: [] });
    expect(await wishedBookIds(token)).toEqual(ids('dune'));
  });

  it('matches a title without an author only when exactly one book has it, and reports ambiguity', async () => {
    const token = tokenOf('no-author');
    const report = await importOk(token, 'isbn,title\n,the dispossessed\n,"A DESOLATION CALLED PEACE (TEIXCALAAN, #2)"\n,les miserables\n');
    expect(report).toEqual({
      created: 2,
      already_wished: 0,
      unmatched: [{ line: 3, reason: 'ambiguous_title', title: 'A DESOLATION CALLED PEACE (TEIXCALAAN, #2)', isbn: null }],
      invalid: [],
    });
    // Case and accents are folded on both sides.
    expect(await wishedBookIds(token)).toEqual(ids('dispossessed', 'lesMis'));
  });
});

describe('POST /api/wishes/import: file quirks', () => {
  it('reads the fixture with a BOM, CRLF line ends, quoted newlines, a blank line and no final newline', async () => {
    const token = tokenOf('bom-crlf');
    const report = await importOk(token, fixture('goodreads-bom-crlf.csv'));
    // The Left Hand of Darkness (a newline inside its quoted title) and Dune, both by ISBN; Hyperion is read.
    expect(report).toEqual({ created: 2, already_wished: 0, unmatched: [], invalid: [] });
    const wishes = await wishesOf(token);
    expect(wishes.map((w) => w.book_id).sort((a, b) => a - b)).toEqual(ids('leftHand', 'dune'));
    expectFreshWishes(wishes);
  });

  it('reports physical line numbers past quoted CRLFs in a BOM + CRLF export, with the title on one line', async () => {
    const token = tokenOf('bom-crlf-generated');
    const unknown = syntheticIsbn13(515_151);
    const file = goodreadsCsv(
      [
        { title: 'The Dispossessed', author: 'Ursula K. Le Guin', shelf: 'to-read', review: 'Line one.\r\nLine two.\r\nLine three.' },
        { title: 'Unknown\r\nTwo-Line Title', author: 'Nobody', isbn: isbn13to10(unknown), isbn13: unknown, shelf: 'to-read' },
        { title: 'Hyperion', author: 'Dan Simmons', isbn13: '9780553283686', shelf: 'read', review: 'Good.\r\nVery good.' },
        { title: 'Dune', author: 'Frank Herbert', isbn: '0441172717', shelf: 'to-read' },
        { title: '', author: '', shelf: 'to-read' },
      ],
      { columns: 31, lineEnding: '\r\n', bom: true },
    );
    const report = await importOk(token, file);
    expect(report).toEqual({
      created: 2,
      already_wished: 0,
      unmatched: [{ line: 5, reason: 'isbn_not_found', title: 'Unknown Two-Line Title', isbn: unknown }],
      invalid: [{ line: 10, message: 'no ISBN and no title' }],
    });
    expect(await wishedBookIds(token)).toEqual(ids('dispossessed', 'dune'));
  });

  it('reads a Windows-1252 file: its accented title and author match, its euro sign is reported intact', async () => {
    const token = tokenOf('windows-1252');
    const bytes = fixture('plain-windows-1252.csv');
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toThrow();
    const report = await importOk(token, bytes);
    expect(report).toEqual({
      // The City & the City (author "Mi\xe9ville"), Les Misérables (title "Mis\xe9rables", the author's alias),
      // “Go Tell It” — on the Mountain by ISBN
      created: 3,
      already_wished: 0,
      unmatched: [{ line: 5, reason: 'title_not_found', title: 'Prix : 9 €', isbn: null }],
      invalid: [],
    });
    const wishes = await wishesOf(token);
    expect(wishes.map((w) => w.book_id).sort((a, b) => a - b)).toEqual(ids('cityCity', 'lesMis', 'goTellIt'));
    expectFreshWishes(wishes);
  });

  it('keeps formula-like cells as plain text: reported back verbatim, matched as text, never evaluated', async () => {
    const token = tokenOf('formula');
    const report = await importOk(token, fixture('plain-formula.csv'));
    expect(report).toEqual({
      // Only Dune, whose ISBN is written ="9780441172719"; the title ="Dune" is matched as text, punctuation folded
      // away as in any title, so it names Dune too (counted once).
      created: 1,
      already_wished: 1,
      unmatched: [
        { line: 2, reason: 'title_not_found', title: "=cmd|' /C calc'!A0", isbn: null },
        { line: 4, reason: 'title_not_found', title: '+SUM(1;2)', isbn: null },
        { line: 5, reason: 'title_not_found', title: '-2+3', isbn: null },
      ],
      invalid: [{ line: 6, message: 'no ISBN and no title ("=HYPERLINK("http://evil.example","click…" is not an ISBN)' }],
    });
    expect(await wishedBookIds(token)).toEqual(ids('dune'));

    // A book with that very title is an ordinary book: the row now matches it, as text.
    const mallory = await createAuthor('Mallory');
    const formulaBook = await createBook('formula', "=cmd|' /C calc'!A0", [mallory]);
    const again = await importOk(token, fixture('plain-formula.csv'));
    expect(again).toEqual({ ...report, created: 1, already_wished: 2, unmatched: report.unmatched.slice(1) });
    expect(await wishedBookIds(token)).toEqual(ids('dune', 'formula'));
    const stored = await t.call('GET', `/api/books/${formulaBook}`, { token });
    expect(stored.status).toBe(200);
    expect(stored.body.book_original_title).toBe("=cmd|' /C calc'!A0");
  });
});

describe('POST /api/wishes/import: re-importing', () => {
  it('creates nothing the second time, and after a deletion recreates just that wish', async () => {
    const token = tokenOf('reimport');
    const first = await importOk(token, fixture('goodreads-24col.csv'));
    expect(first.created).toBe(4);
    const before = await wishesOf(token);
    expect(before.map((w) => w.book_id).sort((a, b) => a - b)).toEqual(ids('dune', 'sorrowland', 'cityCity', 'wayOfKings'));

    const second = await importOk(token, fixture('goodreads-24col.csv'));
    expect(second).toEqual({ ...first, created: 0, already_wished: 4 });
    expect(await wishesOf(token)).toEqual(before);

    const removed = before.find((w) => w.book_id === book.sorrowland)!;
    expect((await t.call('DELETE', `/api/wishes/${removed.wish_id}`, { token })).status).toBe(204);
    const third = await importOk(token, fixture('goodreads-24col.csv'));
    expect(third).toEqual({ ...first, created: 1, already_wished: 3 });

    const after = await wishesOf(token);
    expect(after.map((w) => w.book_id).sort((a, b) => a - b)).toEqual(ids('dune', 'sorrowland', 'cityCity', 'wayOfKings'));
    // The untouched wishes are the same rows as before; the recreated one is a new wish.
    for (const wish of before.filter((w) => w.wish_id !== removed.wish_id)) expect(after).toContainEqual(wish);
    const recreated = after.find((w) => w.book_id === book.sorrowland)!;
    expect(recreated.wish_id).not.toBe(removed.wish_id);
    expect(recreated.is_monitored).toBe(true);
  });

  it('creates each wish once when the same file is imported twice at the same time', async () => {
    const subject = 'concurrent';
    const token = tokenOf(subject);
    // The user row first, so that both requests only race on the wishes.
    expect((await t.call('GET', '/api/wishes', { token })).status).toBe(200);
    const [a, b] = await Promise.all([importOk(token, fixture('goodreads-31col.csv')), importOk(token, fixture('goodreads-31col.csv'))]);
    expect(a.created + b.created).toBe(5);
    expect(a.already_wished + b.already_wished).toBe(5);
    for (const report of [a, b]) expect(report.unmatched.map((u) => u.line)).toEqual([16, 91, 99]);
    expect(await wishedBookIds(token)).toEqual(ids('goTellIt', 'queer', 'sorrowland', 'berlinBlues', 'xian'));
  });

  it('counts wishes added by hand as already wished', async () => {
    const token = tokenOf('by-hand');
    const added = await t.call('POST', '/api/wishes', { token, body: { book_id: book.ancillary, is_monitored: false } });
    expect(added.status, added.text).toBe(201);
    const report = await importOk(token, fixture('storygraph.csv'));
    expect(report).toMatchObject({ created: 2, already_wished: 1 });
    const wishes = await wishesOf(token);
    expect(wishes.map((w) => w.book_id).sort((a, b) => a - b)).toEqual(ids('ancillary', 'wayOfKings', 'goodOmens'));
    // The existing wish is left as it was.
    expect(wishes.find((w) => w.book_id === book.ancillary)).toEqual(added.body);
  });
});

describe('POST /api/wishes/import: media types and uploads', () => {
  const smallFile = 'isbn,title\n9780441172719,Dune\n';

  it('accepts text/csv with a charset, application/csv and text/plain bodies', async () => {
    const reports = [
      await importOk(tokenOf('media-csv'), smallFile, 'text/csv; charset=utf-8'),
      await importOk(tokenOf('media-app-csv'), smallFile, 'application/csv'),
      await importOk(tokenOf('media-plain'), smallFile, 'text/plain'),
    ];
    for (const report of reports) expect(report).toEqual({ created: 1, already_wished: 0, unmatched: [], invalid: [] });
    for (const subject of ['media-csv', 'media-app-csv', 'media-plain']) expect(await wishedBookIds(tokenOf(subject))).toEqual(ids('dune'));
  });

  it('accepts multipart/form-data with the file in the field "file", beside other fields', async () => {
    const token = tokenOf('multipart');
    const form = new FormData();
    form.append('note', 'my goodreads export');
    form.append('file', new Blob([fixture('goodreads-31col.csv')], { type: 'text/csv' }), 'goodreads_library_export.csv');
    const res = await postMultipart(token, form);
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    expect(res.body).toMatchObject({ created: 5, already_wished: 0, invalid: [] });
    expect(res.body.unmatched.map((u: { line: number }) => u.line)).toEqual([16, 91, 99]);
    expect(await wishedBookIds(token)).toEqual(ids('goTellIt', 'queer', 'sorrowland', 'berlinBlues', 'xian'));

    // A Windows-1252 file as a multipart upload: the bytes reach the parser untouched (Go Tell It is already wished).
    const latin = await postMultipart(token, fileForm(fixture('plain-windows-1252.csv')));
    expect(latin.status, latin.text.slice(0, 300)).toBe(200);
    expect(latin.body).toEqual({
      created: 2,
      already_wished: 1,
      unmatched: [{ line: 5, reason: 'title_not_found', title: 'Prix : 9 €', isbn: null }],
      invalid: [],
    });
  });

  it('finds the "file" field after another file part (a form with two file inputs)', async () => {
    const token = tokenOf('multipart-two-files');
    const form = new FormData();
    form.append('cover', new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' }), 'cover.png');
    form.append('file', new Blob([fixture('storygraph.csv')], { type: 'text/csv' }), 'storygraph.csv');
    const res = await postMultipart(token, form);
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    expect(res.body).toEqual({
      created: 3,
      already_wished: 0,
      unmatched: [{ line: 6, reason: 'title_not_found', title: 'An Obscure Zine', isbn: null }],
      invalid: [{ line: 10, message: 'no ISBN and no title ("not-an-isbn" is not an ISBN)' }],
    });
    expect(await wishedBookIds(token)).toEqual(ids('ancillary', 'wayOfKings', 'goodOmens'));
  });

  it('answers 400 for a multipart body without a "file" field, storing nothing', async () => {
    const subject = 'multipart-nofile';
    const token = tokenOf(subject);
    const textOnly = new FormData();
    textOnly.append('file_name', 'export.csv');
    textOnly.append('notes', smallFile);
    expectError(await postMultipart(token, textOnly), 400, 'validation_failed', 'file');

    // A file under another field name is not the file either.
    expectError(await postMultipart(token, fileForm(smallFile, 'upload')), 400, 'validation_failed', 'file');
    expect(await wishRowCount(subject)).toBe(0);
  });

  it('answers 413 for a file over 5 MiB, sent as text/csv or as multipart, and stores nothing', async () => {
    const subject = 'too-large';
    const token = tokenOf(subject);
    const oversized = fileOfSize(UPLOAD_LIMIT + 1);

    expectError(await importCsv(token, oversized), 413, 'payload_too_large');
    expectError(await postMultipart(token, fileForm(oversized)), 413, 'payload_too_large');
    expect(await wishRowCount(subject)).toBe(0);

    // The service still answers after refusing both.
    expect((await t.call('GET', '/api/wishes', { token })).status).toBe(200);
  }, 120_000);

  it('answers 413 for a text/csv body over 5 MiB sent chunked, without a Content-Length', async () => {
    const subject = 'too-large-chunked';
    const token = tokenOf(subject);
    const oversized = fileOfSize(UPLOAD_LIMIT + 1);
    const chunks = [oversized.subarray(0, 2 * MiB), oversized.subarray(2 * MiB, 4 * MiB), oversized.subarray(4 * MiB)];
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = chunks.shift();
        if (next) controller.enqueue(new Uint8Array(next));
        else controller.close();
      },
    });
    const init = { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' }, body: stream, duplex: 'half' };
    const response = await fetch(t.baseUrl + IMPORT, init as RequestInit);
    const text = await response.text();
    expect(response.status, text.slice(0, 300)).toBe(413);
    expect(JSON.parse(text).error).toBe('payload_too_large');
    expect(await wishRowCount(subject)).toBe(0);
  }, 120_000);

  it('accepts a text/csv file of exactly 5 MiB', async () => {
    const token = tokenOf('limit-csv');
    expect(await importOk(token, fileOfSize(UPLOAD_LIMIT))).toEqual({ created: 1, already_wished: 0, unmatched: [], invalid: [] });
    expect(await wishedBookIds(token)).toEqual(ids('dune'));
  }, 120_000);

  it('accepts a multipart file of exactly 5 MiB ("at most 5 MiB", as for text/csv)', async () => {
    const token = tokenOf('limit-multipart');
    const res = await postMultipart(token, fileForm(fileOfSize(UPLOAD_LIMIT)));
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    expect(res.body).toEqual({ created: 1, already_wished: 0, unmatched: [], invalid: [] });
    expect(await wishedBookIds(token)).toEqual(ids('dune'));
  }, 120_000);

  it('accepts a multipart file one byte under 5 MiB', async () => {
    const res = await postMultipart(tokenOf('under-limit-multipart'), fileForm(fileOfSize(UPLOAD_LIMIT - 1)));
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    expect(res.body).toEqual({ created: 1, already_wished: 0, unmatched: [], invalid: [] });
  }, 120_000);

  it('answers 415 for application/json and image/png bodies', async () => {
    const subject = 'wrong-type';
    const token = tokenOf(subject);
    expectError(await importCsv(token, JSON.stringify({ isbn: '9780441172719' }), 'application/json'), 415, 'unsupported_media_type');
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52]);
    expectError(await importCsv(token, png, 'image/png'), 415, 'unsupported_media_type');
    expect(await wishRowCount(subject)).toBe(0);
  });

  it('answers 400 for a file with no recognisable header, and stores nothing', async () => {
    const subject = 'no-header';
    const token = tokenOf(subject);
    // Were these read, Dune would match by title or by ISBN.
    expectError(await importCsv(token, 'title,author\nDune,Frank Herbert\n'), 400, 'validation_failed', 'file');
    expectError(await importCsv(token, '9780441172719,Dune\n'), 400, 'validation_failed', 'file');
    expectError(await postMultipart(token, fileForm('title,author\nDune,Frank Herbert\n')), 400, 'validation_failed', 'file');
    expect(await wishRowCount(subject)).toBe(0);
  });

  it('answers 400 for an empty body', async () => {
    const subject = 'empty';
    const token = tokenOf(subject);
    expectError(await importCsv(token, ''), 400, 'validation_failed', 'file');
    expectError(await postMultipart(token, fileForm('')), 400, 'validation_failed', 'file');
    expect(await wishRowCount(subject)).toBe(0);
  });

  it('answers 401 without a token', async () => {
    const res = await t.call('POST', IMPORT, { token: null, rawBody: smallFile, headers: { 'content-type': 'text/csv' } });
    expectError(res, 401, 'unauthorized');
  });
});

describe('POST /api/wishes/import: a 10,000-row Goodreads export', () => {
  const COUNT = 10_000;
  const BOOK_ID_BASE = 5_000_000;
  const titleOf = (i: number): string => `Book ${i}: "A Title", with commas`;
  /** Row i's physical line: after the header and the extra line of every 7th row's two-line review before it. */
  const lineOf = (i: number): number => 2 + i + Math.ceil(i / 7);

  beforeAll(async () => {
    const rows = syntheticGoodreadsRows(COUNT);
    expect(rows).toHaveLength(COUNT);
    expect(rows[0]?.title).toBe(titleOf(0));
    const serials = Array.from({ length: COUNT }, (_, i) => i);

    const authors = await t.db.sql<{ author_id: string; author_name: string }>(
      `insert into author (author_name, name_search)
       select 'Author ' || k, 'author ' || k from generate_series(0, 96) as k
       returning author_id, author_name`,
    );
    const authorIdByName = new Map(authors.map((a) => [a.author_name, Number(a.author_id)]));
    await t.db.sql(
      `insert into book (book_id, book_original_title, title_search, title_key)
       select $1::bigint + i, t, lower(t), k
       from unnest($2::int[], $3::text[], $4::text[]) as r(i, t, k)`,
      [BOOK_ID_BASE, serials, serials.map(titleOf), serials.map((i) => matchKeyOf(titleOf(i)))],
    );
    // Every book has an author except those of rows 10, 30, 50…: rows without an ISBN, so they stay unmatched.
    const linked = serials.filter((i) => i % 20 !== 10);
    await t.db.sql(
      `insert into book_author (book_id, author_id, position)
       select $1::bigint + i, a, 0 from unnest($2::int[], $3::bigint[]) as r(i, a)`,
      [BOOK_ID_BASE, linked, linked.map((i) => authorIdByName.get(`Author ${i % 97}`))],
    );
    // The 10,000 editions whose ISBNs the file carries (every 10th row leaves its ISBN out).
    await t.db.sql(
      `insert into edition (book_id, isbn, format, language_id)
       select $1::bigint + i, isbn, 'paperback', $4 from unnest($2::int[], $3::text[]) as r(i, isbn)`,
      [BOOK_ID_BASE, serials, serials.map(syntheticIsbn13), english],
    );
    const [counts] = await t.db.sql<{ n: number }>('select count(*)::int as n from edition where book_id >= $1', [BOOK_ID_BASE]);
    expect(counts?.n).toBe(COUNT);
  });

  it('imports in one request with the right counts, and a second import creates nothing', async () => {
    const subject = 'big-import';
    const token = tokenOf(subject);
    const file = goodreadsCsv(COUNT);
    expect(Buffer.byteLength(file)).toBeLessThan(UPLOAD_LIMIT);

    // Wanted: every row not on the read shelf (i % 4 !== 3). Rows 0, 20, 40… (no ISBN) match by title + author;
    // rows 10, 30, 50… (no ISBN, a book without authors) do not.
    const wanted = Array.from({ length: COUNT }, (_, i) => i).filter((i) => i % 4 !== 3);
    const unmatchedRows = wanted.filter((i) => i % 20 === 10);
    const matchedRows = wanted.filter((i) => i % 20 !== 10);
    expect(wanted).toHaveLength(7500);
    expect(unmatchedRows).toHaveLength(500);
    const expectedUnmatched = unmatchedRows.map((i) => ({ line: lineOf(i), reason: 'title_not_found', title: titleOf(i), isbn: null }));

    const first = await importOk(token, file);
    expect(first.created).toBe(7000);
    expect(first.already_wished).toBe(0);
    expect(first.invalid).toEqual([]);
    expect(first.unmatched).toEqual(expectedUnmatched);

    const stored = await t.db.sql<{ book_id: string; is_monitored: boolean; max_price_minor: string | null }>(
      `select w.book_id, w.is_monitored, w.max_price_minor from wish w join app_user u on u.user_id = w.user_id
       where u.subject = $1 order by w.book_id`,
      [subject],
    );
    expect(stored.map((w) => Number(w.book_id))).toEqual(matchedRows.map((i) => BOOK_ID_BASE + i));
    expect(stored.every((w) => w.is_monitored && w.max_price_minor === null)).toBe(true);
    // Through the API too.
    expect((await wishesOf(token)).length).toBe(7000);

    const second = await importOk(token, file);
    expect(second).toEqual({ created: 0, already_wished: 7000, unmatched: expectedUnmatched, invalid: [] });
    expect(await wishRowCount(subject)).toBe(7000);
  }, 300_000);
});

describe('POST /api/wishes/import: isolation between users', () => {
  it("creates B's own wishes from the same file and never touches A's", async () => {
    const tokenA = tokenOf('isolation-a');
    const tokenB = tokenOf('isolation-b');

    const reportA = await importOk(tokenA, fixture('goodreads-31col.csv'));
    expect(reportA.created).toBe(5);
    const wishesA = await wishesOf(tokenA);
    const patched = wishesA.find((w) => w.book_id === book.goTellIt)!;
    const patch = await t.call('PATCH', `/api/wishes/${patched.wish_id}`, {
      token: tokenA,
      body: { is_monitored: false, max_price: { amount: '7.25', currency: 'GBP' } },
    });
    expect(patch.status, patch.text).toBe(204);
    const beforeB = await wishesOf(tokenA);
    expect(beforeB.find((w) => w.wish_id === patched.wish_id)).toMatchObject({ is_monitored: false, max_price: { amount: '7.25', currency: 'GBP' } });

    // B's first import creates B's wishes: A's do not count as "already wished" for B.
    const reportB = await importOk(tokenB, fixture('goodreads-31col.csv'));
    expect(reportB).toEqual(reportA);
    const wishesB = await wishesOf(tokenB);
    expect(wishesB.map((w) => w.book_id).sort((a, b) => a - b)).toEqual(ids('goTellIt', 'queer', 'sorrowland', 'berlinBlues', 'xian'));
    expectFreshWishes(wishesB);
    const idsA = new Set(beforeB.map((w) => w.wish_id));
    for (const wish of wishesB) expect(idsA.has(wish.wish_id)).toBe(false);

    // A's wishes are exactly as they were, and A's re-import still creates nothing.
    expect(await wishesOf(tokenA)).toEqual(beforeB);
    expect(await importOk(tokenA, fixture('goodreads-31col.csv'))).toEqual({ ...reportA, created: 0, already_wished: 5 });
    expect(await importOk(tokenB, fixture('goodreads-31col.csv'))).toEqual({ ...reportA, created: 0, already_wished: 5 });
    expect(await wishesOf(tokenA)).toEqual(beforeB);

    // Deleting one of B's wishes and re-importing affects B only.
    const dropped = wishesB.find((w) => w.book_id === book.goTellIt)!;
    expect((await t.call('DELETE', `/api/wishes/${dropped.wish_id}`, { token: tokenB })).status).toBe(204);
    expect(await importOk(tokenB, fixture('goodreads-31col.csv'))).toMatchObject({ created: 1, already_wished: 4 });
    expect(await wishesOf(tokenA)).toEqual(beforeB);
    expect((await wishesOf(tokenB)).length).toBe(5);
  });
});
