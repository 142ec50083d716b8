// Import that creates (docs/api.md "Wish import", docs/import-formats.md) over real HTTP against a real
// database, once per export layout: the sample of each layout in test/fixtures/imports/ goes into an EMPTY catalog with
// `?create_missing=true`, and the report, the books (title without its series suffix, authors in order), their editions
// (ISBN-13, format, language, publisher, year) and the wishes are checked; re-importing the same file creates nothing.
//
// Every expectation below was read off the fixture by hand (line numbers are the file's physical lines; for the JSON
// export, the entry's position). Where the file does not say a format, the contract's default applies (`paperback`);
// where it does not say a language, the ISBN's registration group (978-0/1 → en, 978-2 → fr, 978-3 → de).
//
// Each layout gets its own service and database (cloned from the migrated template), so each starts from an empty
// catalog and no layout's books can match another's. Metadata enrichment is off, so nothing rewrites the editions.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiResponse, startTestService, type TestService } from '../../support/test-service.js';

type Format = 'hardcover' | 'paperback' | 'ebook' | 'audiobook';

interface Report {
  created: number;
  already_wished: number;
  unmatched: Array<{ line: number; reason: string; title: string | null; isbn: string | null }>;
  invalid: Array<{ line: number; message: string }>;
  created_books: number;
  created_authors: number;
  created_editions: number;
}

interface Edition {
  isbn: string;
  format: Format;
  language: string;
  publisher: string | null;
  year: number | null;
}

interface Book {
  title: string;
  /** In the book's author order (book_author.position). */
  authors: string[];
  /** The edition the row's ISBN created; null for a row without a valid ISBN (the book only). */
  edition: Edition | null;
}

interface Layout {
  name: string;
  /** Under test/fixtures/imports/. */
  file: string;
  /** How the file is sent: as the web UI sends any file (text/csv), as text/plain, or as a multipart upload. */
  send: 'text/csv' | 'text/plain' | 'multipart';
  report: Report;
  /** Every book in the catalog afterwards: the catalog was empty, so exactly the wanted rows' books. */
  books: Book[];
  /** Plain CSV only: the ceiling of each new wish, by book title. */
  maxPrices?: Record<string, { amount: string; currency: string } | null>;
}

const noProblems = { already_wished: 0, unmatched: [], invalid: [] };
const edition = (isbn: string, format: Format, language: string, publisher: string | null = null, year: number | null = null): Edition => ({
  isbn,
  format,
  language,
  publisher,
  year,
});

const LAYOUTS: Layout[] = [
  {
    // Exclusive Shelf decides: 6 to-read rows with a title (line 10 is an empty to-read row); Project Hail Mary (read,
    // lines 5-6 with its two-line review), Gideon the Ninth (did-not-finish) and Klara (currently-reading) are skipped.
    name: 'Goodreads',
    file: 'goodreads/goodreads_library_export.csv',
    send: 'text/csv',
    report: {
      ...noProblems,
      created: 6,
      invalid: [{ line: 10, message: 'no ISBN and no title' }],
      created_books: 6,
      // Bardugo, Pratchett, Gaiman, Tolkien, Heller, Le Guin, Barton, Chodos-Irvine.
      created_authors: 8,
      // Good Omens has `=""` ISBNs: a book without an edition.
      created_editions: 5,
    },
    books: [
      {
        title: 'Always Coming Home',
        authors: ['Ursula K. Le Guin', 'Todd Barton', 'Margaret Chodos-Irvine'],
        edition: edition('9781598536058', 'hardcover', 'en', 'Library of America', 2019),
      },
      // A parenthesis without a number is not a series.
      { title: 'Catch-22 (50th Anniversary Edition)', authors: ['Joseph Heller'], edition: edition('9781451626650', 'paperback', 'en', 'Simon & Schuster', 2011) },
      { title: 'Good Omens: The Nice and Accurate Prophecies of Agnes Nutter, Witch', authors: ['Terry Pratchett', 'Neil Gaiman'], edition: null },
      { title: 'Ninth House', authors: ['Leigh Bardugo'], edition: edition('9781250313072', 'hardcover', 'en', 'Flatiron Books', 2019) },
      // "(Discworld, #1; Rincewind #1)": two series, both gone; Mass Market Paperback.
      { title: 'The Colour of Magic', authors: ['Terry Pratchett'], edition: edition('9780062225672', 'paperback', 'en', 'Harper', 2013) },
      // Library Binding is a hardcover; no "Year Published", so the original publication year (the documented fallback).
      {
        title: 'The Fellowship of the Ring',
        authors: ['J.R.R. Tolkien'],
        // "Year Published" is empty; the Original Publication Year (1954) is the work's, never this edition's.
        edition: edition('9780618346257', 'hardcover', 'en', 'Houghton Mifflin Harcourt', null),
      },
    ],
  },
  {
    // Read Status decides: 5 to-read rows with a title; Klara (read, lines 6-7) and A Memory Called Empire (did-not-finish)
    // are skipped; line 10 has no title and a non-ISBN.
    name: 'StoryGraph',
    file: 'storygraph/storygraph_export.csv',
    send: 'text/csv',
    report: {
      ...noProblems,
      created: 5,
      invalid: [{ line: 10, message: 'no ISBN and no title ("not-an-isbn" is not an ISBN)' }],
      created_books: 5,
      // Clarke, Cixin Liu, Le Guin, Barton, Chodos-Irvine, Sanderson, Robinson (the translator and narrator are not authors).
      created_authors: 7,
      // Mistborn has a StoryGraph UID instead of an ISBN.
      created_editions: 4,
    },
    books: [
      // ISBN-10 0520227352, no format: the default.
      {
        title: 'Always Coming Home',
        authors: ['Ursula K. Le Guin', 'Todd Barton', 'Margaret Chodos-Irvine'],
        edition: edition('9780520227354', 'paperback', 'en'),
      },
      { title: 'Mistborn: The Final Empire', authors: ['Brandon Sanderson'], edition: null },
      { title: 'Piranesi', authors: ['Susanna Clarke'], edition: edition('9781635575637', 'hardcover', 'en') },
      { title: 'The Ministry for the Future', authors: ['Kim Stanley Robinson'], edition: edition('9780316300148', 'ebook', 'en') },
      { title: 'The Three-Body Problem', authors: ['Cixin Liu'], edition: edition('9780765382030', 'paperback', 'en') },
    ],
  },
  {
    // Collections decide: Wishlist or To read (Three-Body is in "Your library, To read"); Dune (only "Your library") is
    // skipped; line 8 is a Wishlist row with no title and "[123]".
    name: 'LibraryThing CSV',
    file: 'librarything/librarything_export.csv',
    send: 'text/csv',
    report: {
      ...noProblems,
      created: 5,
      invalid: [{ line: 8, message: 'no ISBN and no title ("[123]" is not an ISBN)' }],
      created_books: 5,
      // Clarke, Cixin Liu, Pratchett, Gaiman, Camus, Jemisin (Ken Liu is a translator).
      created_authors: 6,
      created_editions: 5,
    },
    books: [
      // Secondary authors "Gaiman, Neil|Pratchett, Terry" with roles "Author|": Pratchett is not repeated.
      { title: 'Good Omens', authors: ['Terry Pratchett', 'Neil Gaiman'], edition: edition('9780060853983', 'paperback', 'en', 'William Morrow', 2006) },
      // Media "Broché", Languages "French", Publication "Gallimard (1972), Poche".
      { title: "L'Étranger", authors: ['Albert Camus'], edition: edition('9782070360024', 'paperback', 'fr', 'Gallimard', 1972) },
      { title: 'Piranesi', authors: ['Susanna Clarke'], edition: edition('9781635575637', 'hardcover', 'en', 'Bloomsbury Publishing', 2020) },
      { title: 'The Fifth Season', authors: ['N. K. Jemisin'], edition: edition('9780316229296', 'ebook', 'en', 'Orbit', 2015) },
      { title: 'The Three-Body Problem', authors: ['Cixin Liu'], edition: edition('9780765382030', 'paperback', 'en', 'Tor Books', 2016) },
    ],
  },
  {
    // Windows-1252 bytes, tabs, CRLF. Marelle ("Your library") is skipped.
    name: 'LibraryThing tab-separated',
    file: 'librarything/librarything_export.tsv',
    send: 'text/plain',
    report: { ...noProblems, created: 2, created_books: 2, created_authors: 2, created_editions: 2 },
    books: [
      { title: 'Die Verwandlung', authors: ['Franz Kafka'], edition: edition('9783150000090', 'paperback', 'de', 'Reclam', 2001) },
      { title: 'Le Petit Prince', authors: ['Antoine de Saint-Exupéry'], edition: edition('9782070408504', 'paperback', 'fr', 'Gallimard', 1999) },
    ],
  },
  {
    // No COLLECTIONS column: TAGS decide ("wishlist", "to-read", "to read"); The Hobbit ("owned, fantasy") is skipped.
    // Values are HTML-escaped.
    name: 'LibraryThing older CSV',
    file: 'librarything/librarything_legacy.csv',
    send: 'text/csv',
    report: {
      ...noProblems,
      created: 3,
      invalid: [{ line: 6, message: 'no ISBN and no title ("[123]" is not an ISBN)' }],
      created_books: 3,
      created_authors: 3,
      created_editions: 2,
    },
    books: [
      { title: 'Cien años de soledad', authors: ['Gabriel García Márquez'], edition: null },
      { title: 'Ficciones', authors: ['Jorge Luis Borges'], edition: edition('9780802130303', 'paperback', 'en', 'Grove Press', 1994) },
      { title: 'Pride & Prejudice', authors: ['Jane Austen'], edition: edition('9780141439518', 'paperback', 'en', 'Penguin Classics', 2002) },
    ],
  },
  {
    // Entries in file order: 1 Ninth House (Wishlist), 2 Dune (Your library: skipped), 3 The Trial (To read), 4 A Memory
    // Called Empire (Wishlist), 5 an empty Wishlist entry whose originalisbn is "123". Sent as a multipart upload of a
    // .json file, as a browser form or `curl -F file=@export.json` would.
    name: 'LibraryThing JSON',
    file: 'librarything/librarything_export.json',
    send: 'multipart',
    report: {
      ...noProblems,
      created: 3,
      invalid: [{ line: 5, message: 'no ISBN and no title ("123" is not an ISBN)' }],
      created_books: 3,
      // Bardugo, Kafka, Martine (Breon Mitchell is the translator).
      created_authors: 3,
      created_editions: 3,
    },
    books: [
      { title: 'A Memory Called Empire', authors: ['Arkady Martine'], edition: edition('9781250186447', 'ebook', 'en', 'Tor Books', 2019) },
      { title: 'Ninth House', authors: ['Leigh Bardugo'], edition: edition('9781250313072', 'hardcover', 'en', 'Flatiron Books', 2019) },
      { title: 'The Trial', authors: ['Franz Kafka'], edition: edition('9780805209990', 'paperback', 'en', 'Schocken', 1999) },
    ],
  },
  {
    // Bookshelf "Want to Read": works without ISBNs, so books without editions. Line 7 is a Want to Read row without a title.
    name: 'Open Library reading log',
    file: 'openlibrary/OpenLibrary_ReadingLog.csv',
    send: 'text/csv',
    report: {
      ...noProblems,
      created: 2,
      invalid: [{ line: 7, message: 'no ISBN and no title' }],
      created_books: 2,
      created_authors: 3,
      created_editions: 0,
    },
    books: [
      { title: 'Good Omens', authors: ['Terry Pratchett', 'Neil Gaiman'], edition: null },
      { title: 'The Lord of the Rings', authors: ['J.R.R. Tolkien'], edition: null },
    ],
  },
  {
    // shelf "to-read"; Good Omens (read), Ottolenghi Simple (custom shelf, lines 5-6) and Braiding Sweetgrass
    // (stopped-reading) are skipped. No format, publisher or year columns.
    name: 'BookWyrm',
    file: 'bookwyrm/bookwyrm-export.csv',
    send: 'text/csv',
    report: { ...noProblems, created: 3, created_books: 3, created_authors: 3, created_editions: 2 },
    books: [
      { title: 'The Dispossessed', authors: ['Ursula K. Le Guin'], edition: edition('9780061054884', 'paperback', 'en') },
      {
        title: 'The Mushroom at the End of the World: On the Possibility of Life in Capitalist Ruins',
        authors: ['Anna Lowenhaupt Tsing'],
        edition: edition('9780691162751', 'paperback', 'en'),
      },
      { title: '我穿我自己', authors: ['琅俨'], edition: null },
    ],
  },
  {
    // Status "Want to Read"; Three-Body (Currently Reading), Piranesi (Read) and A Memory Called Empire (Did Not
    // Finish) are skipped; Der Zauberberg's private note spans lines 5-6; line 9 is an empty Want to Read row.
    name: 'Hardcover',
    file: 'hardcover/hardcover_library.csv',
    send: 'text/csv',
    report: {
      ...noProblems,
      created: 3,
      invalid: [{ line: 9, message: 'no ISBN and no title' }],
      created_books: 3,
      // Sanderson, Bardugo, Mann (Michael Kramer is the narrator).
      created_authors: 3,
      // Mistborn is an audiobook with an ASIN only.
      created_editions: 2,
    },
    books: [
      // Binding "Taschenbuch", Language Code "de".
      { title: 'Der Zauberberg', authors: ['Thomas Mann'], edition: edition('9783596294336', 'paperback', 'de', 'Fischer Taschenbuch', 1991) },
      { title: 'Mistborn: The Final Empire', authors: ['Brandon Sanderson'], edition: null },
      { title: 'Ninth House', authors: ['Leigh Bardugo'], edition: edition('9781250313072', 'hardcover', 'en', 'Flatiron Books', 2019) },
    ],
  },
  {
    // Tags decide ("to-read", "wishlist", "Want to Read", "tbr"); Ancillary Justice ("Science Fiction") is skipped.
    name: 'Calibre catalogue',
    file: 'calibre/calibre_catalog.csv',
    send: 'text/csv',
    report: { ...noProblems, created: 4, created_books: 4, created_authors: 4, created_editions: 3 },
    books: [
      // The ISBN is only in identifiers; no file, so no format; pubdate "0101-01-01" is Calibre's "no date".
      { title: 'Good Omens', authors: ['Terry Pratchett', 'Neil Gaiman'], edition: edition('9780060853983', 'paperback', 'en', 'William Morrow', null) },
      // An mp3 audiobook without an ISBN.
      { title: 'Solaris', authors: ['Stanisław Lem'], edition: null },
      { title: "That Ain't Witchcraft", authors: ['Seanan McGuire'], edition: edition('9780756411800', 'ebook', 'en', 'Daw Books', 2019) },
      // "(Discworld)" names the series column: a suffix even without a number. No file, so no format.
      { title: 'The Colour of Magic', authors: ['Terry Pratchett'], edition: edition('9780062225672', 'paperback', 'en', 'Harper', 2013) },
    ],
  },
  {
    // status "planned" and not deleted; CRLF; a two-line description on lines 2-3; Norwegian Wood (finished), the
    // deleted planned book, Kafka on the Shore (in_progress) and Infinite Jest (abandoned) are skipped.
    name: 'Openreads',
    file: 'openreads/Openreads_export.csv',
    send: 'text/csv',
    report: { ...noProblems, created: 3, created_books: 3, created_authors: 3, created_editions: 2 },
    books: [
      // ISBN-10 0062316095; the subtitle joined to the title.
      { title: 'Sapiens: A Brief History of Humankind', authors: ['Yuval Noah Harari'], edition: edition('9780062316097', 'hardcover', 'en', null, 2015) },
      { title: 'The Left Hand of Darkness', authors: ['Ursula K. Le Guin'], edition: edition('9780441478125', 'paperback', 'en', null, 1969) },
      // An audiobook without an ISBN.
      { title: 'The Martian', authors: ['Andy Weir'], edition: null },
    ],
  },
  {
    // Every row is a wish. Line 5's ISBN has a bad check digit, so its title creates the book; line 6 has neither;
    // lines 7-9 have bad prices (never imported without their ceiling); line 13 has an ISBN but no title, so nothing
    // can be created for it.
    name: 'plain CSV',
    file: 'plain.csv',
    send: 'text/csv',
    report: {
      // Line 13 is a bare ISBN: its book is titled by it until the enrichment names it.
      created: 6,
      already_wished: 0,
      unmatched: [],
      invalid: [
        { line: 6, message: 'no ISBN and no title' },
        { line: 7, message: 'max_price "12,99" EUR: must be a non-negative decimal with at most 2 decimals for EUR' },
        { line: 8, message: 'max_price "20" has no currency' },
        { line: 9, message: 'max_price "15" XXX: must be an ISO 4217 code' },
      ],
      created_books: 6,
      // Herbert, Miéville, Solomon, "Someone"; A Japanese Edition and the bare ISBN have no author.
      created_authors: 4,
      created_editions: 4,
    },
    books: [
      { title: 'A Japanese Edition', authors: [], edition: edition('9780143127741', 'paperback', 'en') },
      { title: "A Typo'd ISBN", authors: ['Someone'], edition: null },
      { title: 'Dune', authors: ['Frank Herbert'], edition: edition('9780441172719', 'paperback', 'en') },
      { title: 'Sorrowland', authors: ['Rivers Solomon'], edition: null },
      { title: 'The City & the City', authors: ['China Miéville'], edition: edition('9780345497512', 'paperback', 'en') },
      { title: 'ISBN 9780062315007', authors: [], edition: edition('9780062315007', 'paperback', 'en') },
    ],
    maxPrices: {
      'A Japanese Edition': { amount: '1500', currency: 'JPY' },
      "A Typo'd ISBN": null,
      Dune: { amount: '12.50', currency: 'EUR' },
      Sorrowland: { amount: '9.99', currency: 'USD' },
      'The City & the City': null,
      'ISBN 9780062315007': null,
    },
  },
];

function fixture(name: string): Buffer {
  return readFileSync(new URL(`../../fixtures/imports/${name}`, import.meta.url));
}

const byTitle = <T extends { title: string }>(items: T[]): T[] => [...items].sort((a, b) => (a.title < b.title ? -1 : a.title > b.title ? 1 : 0));

describe.each(LAYOUTS)('POST /api/wishes/import?create_missing=true: $name into an empty catalog', (layout) => {
  let t: TestService;
  const subject = `layouts-${layout.name.toLowerCase().replace(/\W+/g, '-')}`;

  beforeAll(async () => {
    t = await startTestService({ METADATA_SOURCES: 'off' });
  });
  afterAll(async () => {
    await t?.stop();
  });

  /** The report without its row counts, after checking them: these files are small enough to be listed whole. */
  async function importFile(): Promise<ApiResponse<Report>> {
    const res = await sendFile();
    if (res.status === 200) {
      const { unmatched_count: unmatched, invalid_count: invalid, ...rest } = res.body as Report & { unmatched_count: number; invalid_count: number };
      expect([unmatched, invalid]).toEqual([rest.unmatched.length, rest.invalid.length]);
      return { ...res, body: rest };
    }
    return res;
  }

  async function sendFile(): Promise<ApiResponse<Report>> {
    const bytes = fixture(layout.file);
    const path = '/api/wishes/import?create_missing=true';
    if (layout.send !== 'multipart') return t.call<Report>('POST', path, { token: t.token(subject), rawBody: bytes, headers: { 'content-type': layout.send } });
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/json' }), layout.file.split('/').pop());
    const response = await fetch(t.baseUrl + path, { method: 'POST', headers: { authorization: `Bearer ${t.token(subject)}` }, body: form });
    const text = await response.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    return { status: response.status, headers: response.headers, body: body as Report, text };
  }

  async function catalogCounts(): Promise<Record<'books' | 'authors' | 'editions' | 'links' | 'wishes', number>> {
    const [row] = await t.db.sql<Record<'books' | 'authors' | 'editions' | 'links' | 'wishes', string>>(
      `select (select count(*) from book) as books, (select count(*) from author) as authors, (select count(*) from edition) as editions,
              (select count(*) from book_author) as links, (select count(*) from wish) as wishes`,
    );
    return {
      books: Number(row!.books),
      authors: Number(row!.authors),
      editions: Number(row!.editions),
      links: Number(row!.links),
      wishes: Number(row!.wishes),
    };
  }

  /** Every book of the catalog with its authors in order and its editions. */
  async function catalog(): Promise<Array<{ bookId: number; title: string; authors: string[]; editions: Edition[] }>> {
    const rows = await t.db.sql<{ book_id: string; title: string; authors: string[]; editions: Edition[] }>(
      `select b.book_id, b.book_original_title as title,
              array(select a.author_name from book_author ba join author a using (author_id)
                    where ba.book_id = b.book_id order by ba.position) as authors,
              coalesce((select json_agg(json_build_object('isbn', e.isbn, 'format', e.format, 'language', l.language_code,
                                                          'publisher', e.publisher, 'year', e.published_year) order by e.isbn)
                        from edition e join language l using (language_id) where e.book_id = b.book_id), '[]'::json) as editions
       from book b`,
    );
    return byTitle(rows.map((row) => ({ bookId: Number(row.book_id), title: row.title, authors: row.authors, editions: row.editions })));
  }

  async function wishes(): Promise<Array<{ book_id: number; is_monitored: boolean; max_price: { amount: string; currency: string } | null }>> {
    const res = await t.call('GET', '/api/wishes?per_page=100', { token: t.token(subject) });
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    expect(res.body._links?.next).toBeUndefined();
    return res.body.data;
  }

  it('creates the wanted rows\' books, authors, editions and wishes, and nothing for the other rows', async () => {
    expect(await catalogCounts()).toEqual({ books: 0, authors: 0, editions: 0, links: 0, wishes: 0 });

    const res = await importFile();
    expect(res.status, res.text.slice(0, 500)).toBe(200);
    expect(res.body).toEqual(layout.report);

    const books = await catalog();
    expect(books.map(({ title, authors, editions }) => ({ title, authors, editions }))).toEqual(
      byTitle(layout.books).map(({ title, authors, edition }) => ({ title, authors, editions: edition === null ? [] : [edition] })),
    );
    // Every author of the catalog came from this file, marked as user-created, and each is linked.
    const authors = await t.db.sql<{ author_name: string; is_user_created: boolean; books: string }>(
      `select a.author_name, a.is_user_created, (select count(*) from book_author ba where ba.author_id = a.author_id) as books from author a`,
    );
    expect(authors.map((a) => a.author_name).sort()).toEqual([...new Set(layout.books.flatMap((b) => b.authors))].sort());
    for (const author of authors) {
      expect(author.is_user_created, author.author_name).toBe(true);
      expect(Number(author.books), author.author_name).toBeGreaterThan(0);
    }

    // Only the wanted rows became wishes: one per created book, monitored.
    const titleOf = new Map(books.map((b) => [b.bookId, b.title]));
    const wished = await wishes();
    expect(wished.map((w) => titleOf.get(w.book_id)).sort()).toEqual(layout.books.map((b) => b.title).sort());
    for (const wish of wished) expect(wish.is_monitored).toBe(true);
    if (layout.maxPrices) {
      expect(Object.fromEntries(wished.map((w) => [titleOf.get(w.book_id), w.max_price]))).toEqual(layout.maxPrices);
    } else {
      for (const wish of wished) expect(wish.max_price).toBeNull();
    }
  });

  it('re-importing the same file creates nothing: every wish is already wished, the same lines are reported', async () => {
    const before = { counts: await catalogCounts(), books: await catalog(), wishes: await wishes() };
    expect(before.counts.books).toBe(layout.books.length);

    const res = await importFile();
    expect(res.status, res.text.slice(0, 500)).toBe(200);
    expect(res.body).toEqual({
      ...layout.report,
      created: 0,
      already_wished: layout.report.created,
      created_books: 0,
      created_authors: 0,
      created_editions: 0,
    });
    expect(await catalogCounts()).toEqual(before.counts);
    expect(await catalog()).toEqual(before.books);
    expect(await wishes()).toEqual(before.wishes);
  });
});
