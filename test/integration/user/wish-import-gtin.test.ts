// Issue 26 §9 over real HTTP against a real database: an imported row whose only identifier is a barcode (a comic's
// UPC, a board game's EAN) keeps it as its edition's GTIN — matched against the catalog, or created and wished (and so
// tracked) with create_missing — and a bad check digit is the row's usual clear error, never a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { freshUpc, gs1Check } from '../../support/fresh-gtins.js';

let t: TestService;
let english: number;

interface Report {
  created: number;
  already_wished: number;
  unmatched: Array<{ line: number; reason: string; title: string | null; isbn: string | null }>;
  invalid: Array<{ line: number; message: string }>;
  created_books: number;
  created_editions: number;
}

beforeAll(async () => {
  t = await startTestService();
  const rows = await t.db.sql<{ language_id: string }>("select language_id from language where language_code = 'en'");
  english = Number(rows[0]!.language_id);
});
afterAll(async () => {
  await t.stop();
});



let eans = 0;
/** A fresh valid EAN-13 outside the ISBN (978/979) and store-internal (02, 2x) ranges. */
function freshEan(): string {
  const body = `40${String(++eans).padStart(4, '0')}${String(Date.now() % 1_000_000).padStart(6, '0')}`;
  return body + gs1Check(body);
}

async function importFile(subject: string, csv: string, createMissing: boolean): Promise<{ status: number; body: Report; text: string }> {
  return t.call<Report>('POST', `/api/wishes/import?create_missing=${createMissing}`, {
    token: t.token(subject),
    rawBody: csv,
    headers: { 'content-type': 'text/csv' },
  });
}

async function editionsOf(gtins: string[]) {
  return t.db.sql<{ title: string; isbn: string | null; gtin: string; waits: boolean }>(
    `select b.book_original_title as title, e.isbn, e.gtin, e.enriched_at is null as waits
     from edition e join book b using (book_id) where e.gtin = any($1::text[]) order by e.gtin`,
    [gtins],
  );
}

async function wishedBookIds(subject: string): Promise<number[]> {
  const res = await t.call<{ data: Array<{ book_id: number }> }>('GET', '/api/wishes', { token: t.token(subject) });
  expect(res.status, res.text).toBe(200);
  return res.body.data.map((wish) => wish.book_id).sort((a, b) => a - b);
}

describe('POST /api/wishes/import with barcode columns', () => {
  it('creates a product known only by its UPC or EAN, as an edition with that GTIN and no ISBN, and wishes it', async () => {
    const upc = freshUpc('08');
    const ean = freshEan();
    const csv = `item_type,title,creators,ean_isbn13,upc_isbn10\ncomic,Watchmen #1,Alan Moore,,${upc}\ngame,Catan,,${ean},\nmusic,,,,${upc}\n`;
    const { status, body, text } = await importFile('gtin-alice', csv, true);
    expect(status, text).toBe(200);
    // The third row names the first row's UPC again: one product, wished once.
    expect(body).toMatchObject({ created: 2, already_wished: 1, created_books: 2, created_editions: 2, unmatched: [], invalid: [] });
    // A UPC is stored as its EAN-13; nothing waits for a metadata source, which is asked by ISBN only.
    expect(await editionsOf([`0${upc}`, ean])).toEqual([
      { title: 'Watchmen #1', isbn: null, gtin: `0${upc}`, waits: false },
      { title: 'Catan', isbn: null, gtin: ean, waits: false },
    ].sort((a, b) => a.gtin.localeCompare(b.gtin)));
    expect(await wishedBookIds('gtin-alice')).toHaveLength(2);

    // Importing again creates nothing; another user matches the same products by their GTINs, however written.
    expect((await importFile('gtin-alice', csv, true)).body).toMatchObject({ created: 0, already_wished: 3, created_books: 0 });
    const bob = await importFile('gtin-bob', `upc,gtin\n${upc},\n,0${ean}\n`, false);
    expect(bob.body).toMatchObject({ created: 2, already_wished: 0, unmatched: [], invalid: [] });
    expect(await wishedBookIds('gtin-bob')).toEqual(await wishedBookIds('gtin-alice'));
  });

  it('matches an edition a user gave a GTIN through the API, without create_missing', async () => {
    const upc = freshUpc('08');
    const book = await t.call<{ book_id: number }>('POST', '/api/books', { body: { book_original_title: 'Saga #1' } });
    const edition = await t.call('POST', `/api/books/${book.body.book_id}/editions`, {
      body: { isbn: null, gtin: upc, format: 'paperback', language_id: english },
    });
    expect(edition.status, edition.text).toBe(201);
    const { body } = await importFile('gtin-carol', `title,barcode\nSomething else entirely,${upc}\n`, false);
    expect(body).toMatchObject({ created: 1, unmatched: [], invalid: [] });
    expect(await wishedBookIds('gtin-carol')).toEqual([book.body.book_id]);
  });

  it('an ISBN and a different UPC on one row are one edition with both; a row with the UPC alone is that edition', async () => {
    const upc = freshUpc('08');
    const { body } = await importFile('gtin-dave', `isbn,upc,title\n9780786965601,${upc},A Paperback\n,${upc},\n`, true);
    expect(body).toMatchObject({ created: 1, already_wished: 1, created_books: 1, created_editions: 1, invalid: [] });
    expect(await editionsOf([`0${upc}`])).toEqual([{ title: 'A Paperback', isbn: '9780786965601', gtin: `0${upc}`, waits: true }]);
  });

  it('a row with the UPC alone before a row with an ISBN and that UPC: still one edition with both', async () => {
    const upc = freshUpc('08');
    const isbnBody = `97986${String(Date.now() % 10_000_000).padStart(7, '0')}`;
    const isbn = isbnBody + gs1Check(isbnBody);
    const { body } = await importFile('gtin-gina', `isbn,upc,title\n,${upc},A Comic\n${isbn},${upc},A Comic\n`, true);
    expect(body).toMatchObject({ created: 1, already_wished: 1, created_books: 1, created_editions: 1, unmatched: [], invalid: [] });
    expect(await editionsOf([`0${upc}`])).toEqual([{ title: 'A Comic', isbn, gtin: `0${upc}`, waits: true }]);
    // Another user's file naming it by either number, in either order, finds that one edition.
    const other = await importFile('gtin-hank', `isbn,upc\n,${upc}\n${isbn},\n`, false);
    expect(other.body).toMatchObject({ created: 1, already_wished: 1, unmatched: [], invalid: [] });
    expect(await wishedBookIds('gtin-hank')).toEqual(await wishedBookIds('gtin-gina'));
  });

  it('a later import naming an ISBN beside a barcode known alone gives that edition the ISBN, titled by it until a source names it', async () => {
    const upc = freshUpc('08');
    const isbnBody = `97986${String((Date.now() + 7) % 10_000_000).padStart(7, '0')}`;
    const isbn = isbnBody + gs1Check(isbnBody);
    const first = await importFile('gtin-ivan', `upc\n${upc}\n`, true);
    expect(first.body).toMatchObject({ created: 1, created_books: 1, created_editions: 1 });
    expect(await editionsOf([`0${upc}`])).toEqual([{ title: `GTIN 0${upc}`, isbn: null, gtin: `0${upc}`, waits: false }]);

    // Without create_missing the catalog is left as it is; with it, the edition gets the ISBN and waits for its metadata.
    const matchedOnly = await importFile('gtin-jill', `isbn,upc\n${isbn},${upc}\n`, false);
    expect(matchedOnly.body).toMatchObject({ created: 1, created_books: 0, unmatched: [], invalid: [] });
    expect((await editionsOf([`0${upc}`]))[0]!.isbn).toBeNull();
    const second = await importFile('gtin-kate', `isbn,upc\n${isbn},${upc}\n`, true);
    expect(second.body).toMatchObject({ created: 1, created_books: 0, created_editions: 0, unmatched: [], invalid: [] });
    expect(await editionsOf([`0${upc}`])).toEqual([{ title: `ISBN ${isbn}`, isbn, gtin: `0${upc}`, waits: true }]);
    expect(await wishedBookIds('gtin-kate')).toEqual(await wishedBookIds('gtin-ivan'));
    // The ISBN alone now finds it too.
    const byIsbn = await importFile('gtin-liam', `isbn\n${isbn}\n`, false);
    expect(byIsbn.body).toMatchObject({ created: 1, unmatched: [] });
    expect(await wishedBookIds('gtin-liam')).toEqual(await wishedBookIds('gtin-ivan'));
  });

  it('a barcode with a bad check digit is no GTIN: the row is reported (200), or matched by its title when it has one', async () => {
    const upc = freshUpc('08');
    const bad = upc.slice(0, 11) + String((Number(upc[11]) + 1) % 10);
    const { status, body } = await importFile('gtin-erin', `upc,title\n${bad},\n${bad},Only A Title Here\n`, false);
    expect(status).toBe(200);
    expect(body.invalid).toEqual([{ line: 2, message: `no ISBN and no title ("${bad}" is not an ISBN or GTIN)` }]);
    expect(body.unmatched).toEqual([{ line: 3, reason: 'title_not_found', title: 'Only A Title Here', isbn: null }]);
    expect(await editionsOf([`0${bad}`])).toEqual([]);
  });

  it('an unknown GTIN without create_missing is reported as its identifier not found', async () => {
    const ean = freshEan();
    const { body } = await importFile('gtin-frank', `ean,title\n${ean},Unknown Game\n`, false);
    expect(body.unmatched).toEqual([{ line: 2, reason: 'isbn_not_found', title: 'Unknown Game', isbn: null }]);
  });
});
