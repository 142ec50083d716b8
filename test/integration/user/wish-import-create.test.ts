// Import that creates over real HTTP against a real database: on an empty catalog, rows that match
// nothing create their books, authors and editions, then the wishes; re-importing creates nothing; two imports of the
// same ISBNs at once create each edition once; authors are matched to existing ones and their aliases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goodreadsCsv } from '../../support/import-fixtures.js';
import { startTestService, type TestService } from '../../support/test-service.js';

let t: TestService;

interface Report {
  created: number;
  already_wished: number;
  unmatched: Array<{ line: number; reason: string; title: string | null; isbn: string | null }>;
  invalid: Array<{ line: number; message: string }>;
  created_books: number;
  created_authors: number;
  created_editions: number;
}

beforeAll(async () => {
  t = await startTestService();
});
afterAll(async () => {
  await t.stop();
});

async function importCreating(subject: string, csv: string, flag = 'true'): Promise<{ status: number; body: Report }> {
  const res = await t.call<Report>('POST', `/api/wishes/import?create_missing=${flag}`, {
    token: t.token(subject),
    rawBody: csv,
    headers: { 'content-type': 'text/csv' },
  });
  return { status: res.status, body: res.body };
}

const count = async (sql: string, params: unknown[] = []): Promise<number> =>
  Number((await t.db.sql<{ n: string }>(sql, params))[0]!.n);

describe('POST /api/wishes/import?create_missing=true', () => {
  it('creates books, authors and editions from a Goodreads export into an empty catalog, then the wishes', async () => {
    const csv = goodreadsCsv([
      { title: 'Ninth House (Alex Stern, #1)', author: 'Leigh Bardugo', isbn: '1250313074', isbn13: '9781250313072', shelf: 'to-read' },
      { title: 'Piranesi', author: 'Susanna Clarke', isbn: '', isbn13: '9781526622433', shelf: 'to-read' },
      { title: 'A Book Without ISBN', author: 'Leigh Bardugo', isbn: '', isbn13: '', shelf: 'to-read' },
      { title: 'Already Read', author: 'Someone Else', isbn: '', isbn13: '9780306406157', shelf: 'read' },
    ]);
    const { status, body } = await importCreating('create-alice', csv);
    expect(status).toBe(200);
    expect(body).toMatchObject({ created: 3, already_wished: 0, unmatched: [], invalid: [], created_books: 3, created_authors: 2, created_editions: 2 });

    const books = await t.db.sql<{ title: string; isbn: string | null; format: string | null; authors: string }>(
      `select b.book_original_title as title, e.isbn, e.format,
              (select string_agg(a.author_name, ', ' order by ba.position) from book_author ba join author a using (author_id) where ba.book_id = b.book_id) as authors
       from book b left join edition e using (book_id) order by b.book_original_title`,
    );
    expect(books).toEqual([
      { title: 'A Book Without ISBN', isbn: null, format: null, authors: 'Leigh Bardugo' },
      { title: 'Ninth House', isbn: '9781250313072', format: 'paperback', authors: 'Leigh Bardugo' },
      { title: 'Piranesi', isbn: '9781526622433', format: 'paperback', authors: 'Susanna Clarke' },
    ]);
    const wishes = await t.call<{ data: unknown[] }>('GET', '/api/wishes', { token: t.token('create-alice') });
    expect(wishes.body.data).toHaveLength(3);
  });

  it('re-importing creates nothing, and another user importing the same file only adds wishes', async () => {
    const csv = goodreadsCsv([
      { title: 'Ninth House (Alex Stern, #1)', author: 'Leigh Bardugo', isbn13: '9781250313072', shelf: 'to-read' },
      { title: 'A Book Without ISBN', author: 'LEIGH BARDUGO', isbn13: '', shelf: 'to-read' },
    ]);
    const again = await importCreating('create-alice', csv);
    expect(again.body).toMatchObject({ created: 0, already_wished: 2, created_books: 0, created_authors: 0, created_editions: 0 });
    const bob = await importCreating('create-bob', csv);
    expect(bob.body).toMatchObject({ created: 2, already_wished: 0, created_books: 0, created_authors: 0, created_editions: 0 });
  });

  it('matches authors by name or alias, case- and accent-insensitively, before creating one', async () => {
    const author = await t.call<{ author_id: number }>('POST', '/api/authors', { body: { author_name: 'Ursula K. Le Guin', aliases: ['Úrsula Le Guin'] } });
    expect(author.status).toBe(201);
    const csv = 'isbn,title,author\n9780441478125,The Left Hand of Darkness,ursula le guin\n';
    const { body } = await importCreating('create-carol', csv);
    expect(body).toMatchObject({ created: 1, created_books: 1, created_authors: 0, created_editions: 1 });
    const linked = await count(
      `select count(*) as n from book_author ba join edition e using (book_id) where e.isbn = '9780441478125' and ba.author_id = $1`,
      [author.body.author_id],
    );
    expect(linked).toBe(1);
  });

  it('two users importing the same new ISBNs at once create each edition once', async () => {
    const rows = Array.from({ length: 40 }, (_, i) => {
      const body = `97800000${String(1000 + i).padStart(4, '0')}`;
      const sum = [...body].reduce((acc, digit, k) => acc + Number(digit) * (k % 2 === 0 ? 1 : 3), 0);
      return `${body}${(10 - (sum % 10)) % 10},Concurrent ${i},Writer ${i % 5}`;
    });
    const csv = `isbn,title,author\n${rows.join('\n')}\n`;
    const [a, b] = await Promise.all([importCreating('create-dave', csv), importCreating('create-erin', csv)]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(a.body.created_editions + b.body.created_editions).toBe(40);
    expect(a.body.created_authors + b.body.created_authors).toBe(5);
    expect(a.body.created).toBe(40);
    expect(b.body.created).toBe(40);
    expect(await count(`select count(*) as n from edition where isbn like '97800000%'`)).toBe(40);
    expect(await count(`select count(*) as n from author where author_name like 'Writer %'`)).toBe(5);
  });

  it('a row with an ISBN but no title creates a book titled by the ISBN, for the enrichment to name', async () => {
    const { body } = await importCreating('create-frank', 'isbn\n9780143111597\n');
    expect(body).toMatchObject({ created: 1, created_books: 1, created_editions: 1, created_authors: 0, unmatched: [] });
    const [row] = await t.db.sql<{ title: string; guessed: string[] }>(
      `select b.book_original_title as title, e.guessed_fields as guessed from edition e join book b using (book_id) where e.isbn = '9780143111597'`,
    );
    expect(row).toEqual({ title: 'ISBN 9780143111597', guessed: ['format', 'language', 'title'] });
  });

  it('create_missing takes true or false only; false keeps the old behaviour', async () => {
    const bad = await importCreating('create-gina', 'isbn,title\n9780140449136,Title\n', 'yes');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('create_missing');
    const off = await importCreating('create-gina', 'isbn,title\n9780140449136,Title\n', 'false');
    expect(off.body).toMatchObject({ created: 0, created_books: 0, unmatched: [{ line: 2, reason: 'isbn_not_found' }] });
    expect(await count(`select count(*) as n from edition where isbn = '9780140449136'`)).toBe(0);
  });

  it('matches a title written with other punctuation than the catalog\'s instead of creating a second book', async () => {
    const author = await t.call<{ author_id: number }>('POST', '/api/authors', { body: { author_name: 'Orson Scott Card' } });
    const book = await t.call<{ book_id: number }>('POST', '/api/books', { body: { book_original_title: "Ender's Game", author_ids: [author.body.author_id] } });
    expect(book.status).toBe(201);
    const { body } = await importCreating('create-hank', 'isbn,title,author\n,ENDERS GAME,orson scott card\n,Ender’s Game!,Orson Scott Card\n');
    expect(body).toMatchObject({ created: 1, already_wished: 1, unmatched: [], created_books: 0, created_authors: 0 });
    expect(await count(`select count(*) as n from book where title_key = 'enders game'`)).toBe(1);
  });

  it('cuts a long title at 500 characters (an emoji is one), never half of a character', async () => {
    const title = `${'a'.repeat(499)}😀 and more`;
    const { status, body } = await importCreating('create-ivy', `isbn,title,author\n,${title},Long Writer\n`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ created: 1, created_books: 1, invalid: [] });
    const [stored] = await t.db.sql<{ title: string }>(`select book_original_title as title from book where book_original_title like 'aaaa%'`);
    expect(stored?.title).toBe(`${'a'.repeat(499)}😀`);
  });

  it('a row whose data the database refuses is reported invalid and leaves nothing; the other rows are imported', async () => {
    // A stand-in for any data the database refuses (a constraint, a value out of range): a trigger refusing one title.
    await t.db.sql(`create function refuse_poison() returns trigger language plpgsql as $$
      begin raise exception 'refused' using errcode = '23514'; end $$`);
    await t.db.sql(`create trigger refuse_poison before insert on book for each row
      when (new.book_original_title = 'Poison') execute function refuse_poison()`);
    try {
      const rows = [
        '9780000020017,Fine One,Fine Writer',
        '9780000020024,Poison,Poison Only Writer',
        ',Fine Two,Fine Writer',
        ',Poison,Poison Only Writer',
        '9780000020031,Fine Three,Another Fine Writer',
      ];
      const { status, body } = await importCreating('create-jack', `isbn,title,author\n${rows.join('\n')}\n`);
      expect(status).toBe(200);
      expect(body).toMatchObject({ created: 3, created_books: 3, created_authors: 2, created_editions: 2, unmatched: [] });
      expect(body.invalid).toEqual([
        { line: 3, message: "the catalog could not store this row's book" },
        { line: 5, message: "the catalog could not store this row's book" },
      ]);
      expect(await count(`select count(*) as n from author where author_name = 'Poison Only Writer'`)).toBe(0);
      expect(await count(`select count(*) as n from edition where isbn = '9780000020024'`)).toBe(0);
      expect(await count(`select count(*) as n from book where book_original_title like 'Fine %'`)).toBe(3);
    } finally {
      await t.db.sql('drop trigger refuse_poison on book');
      await t.db.sql('drop function refuse_poison()');
    }
  });
});
