// Catalog rows that a synthetic Goodreads export matches, created set-based: one book per row, one paperback
// ISBN-13 edition per book, and the row's author linked to its book (the rows without an ISBN are matched by
// folded title + author, so the author must be there).
import pg from 'pg';
import { matchKeyOf, normalizeForSearch, searchTextOf } from '../src/domain/shared/search-text.js';
import type { GoodreadsRow } from '../test/support/import-fixtures.js';
import { syntheticIsbn13 } from '../test/support/import-fixtures.js';

export interface ImportCatalogSummary {
  books: number;
  editions: number;
  authors: number;
  seconds: number;
}

/**
 * Creates the books, authors, book_author links and editions for `rows` (row i gets edition ISBN
 * `syntheticIsbn13(i)` whether or not the file carries it). Titles and names are stored folded with the service's
 * own normalizeForSearch; for these ASCII titles that equals lower(title), which is checked.
 */
export async function seedImportCatalog(url: string, rows: readonly GoodreadsRow[], say: (line: string) => void): Promise<ImportCatalogSummary> {
  const t0 = performance.now();
  const titles = rows.map((r) => r.title);
  const folded = titles.map(normalizeForSearch);
  const nonAscii = titles.find((t, i) => t.toLowerCase() !== folded[i]);
  if (nonAscii !== undefined) throw new Error(`A synthetic title does not fold to lower(title): ${nonAscii}`);
  if (new Set(folded).size !== folded.length) throw new Error('Synthetic titles are not unique once folded');
  const authors = rows.map((r) => r.author ?? '');
  if (authors.some((a) => a === '')) throw new Error('Every synthetic row needs an author');
  const distinctAuthors = [...new Set(authors)];
  const isbns = rows.map((_, i) => syntheticIsbn13(i));

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin');
    await client.query(
      `insert into author (author_name, name_search)
       select n, s from unnest($1::text[], $2::text[]) as a(n, s)`,
      [distinctAuthors, distinctAuthors.map((a) => searchTextOf([a]))],
    );
    // The serial i travels with the row, so the joins below never depend on the order identities are handed out.
    await client.query(`create temp table import_source (i int primary key, title text not null, author text not null, isbn char(13) not null, title_key text not null) on commit drop`);
    await client.query(
      `insert into import_source select * from unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[])`,
      [rows.map((_, i) => i), titles, authors, isbns, titles.map(matchKeyOf)],
    );
    const books = await client.query(
      `insert into book (book_original_title, title_search, title_key) select s.title, lower(s.title), s.title_key from import_source s order by s.i`,
    );
    await client.query(
      `insert into book_author (book_id, author_id, position)
       select b.book_id, a.author_id, 1
       from import_source s join book b on b.book_original_title = s.title join author a on a.author_name = s.author`,
    );
    const editions = await client.query(
      `insert into edition (book_id, isbn, format, language_id)
       select b.book_id, s.isbn, 'paperback', (select language_id from language where language_code = 'en')
       from import_source s join book b on b.book_original_title = s.title`,
    );
    await client.query('commit');
    say(`  ${books.rowCount} books, ${editions.rowCount} editions, ${distinctAuthors.length} authors inserted; analysing ...`);
    await client.query('vacuum (analyze) book, author, book_author, edition');
    await client.query('checkpoint');
    return { books: books.rowCount ?? 0, editions: editions.rowCount ?? 0, authors: distinctAuthors.length, seconds: (performance.now() - t0) / 1000 };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}
