import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import type { BookFilter, BookRepository } from '../../../application/catalog/ports/book-repository.js';
import { Book } from '../../../domain/catalog/book.js';
import { EDITION_FORMATS, type EditionFormat } from '../../../domain/catalog/edition.js';
import { BookInUseError, UnknownReferenceError } from '../../../domain/catalog/errors.js';
import type { PageRequest, PageSlice } from '../../../domain/shared/page.js';
import { matchKeyOf } from '../../../domain/shared/search-text.js';
import { likeContains, type PageQuery, planKeyset, queryPage, sliceOf } from '../../kits/sql/keyset.js';
import { OrmEntityManager } from '../orm-tokens.js';
import { isForeignKeyViolation } from '../pg-errors.js';
import { DEFAULT_TITLE_WALK, titleMatches } from './title-search.js';
import { authorBookMatches, DEFAULT_AUTHOR_BOOKS } from './author-book-search.js';
import { SEARCH_TIMEOUT_MS, withinSearchTimeout } from './search-timeout.js';
import { bigintArray, hydrate, type Row, toDate, toId, toIds, toNullableId } from './row-mapping.js';

const AUTHOR_IDS_OF_B = 'array(select ba.author_id from book_author ba where ba.book_id = b.book_id order by ba.position)';
/**
 * What a book shows of its editions: the cover of the edition with the lowest id that has one, and the formats it
 * has. Both walk the book's entries of edition_book_idx (book_id, edition_id), a handful per book, only for the rows a
 * page returns.
 */
const EDITION_FACTS_OF_B = `(select e.cover_url from edition e where e.book_id = b.book_id and e.cover_url is not null
    order by e.edition_id limit 1) as cover_url,
  array(select distinct e.format from edition e where e.book_id = b.book_id) as formats`;
const BOOK_COLUMNS = `b.book_id, b.book_original_title, b.title_search, b.title_key, b.type_id, b.genre_id, b.created_at, b.updated_at,
  ${AUTHOR_IDS_OF_B} as author_ids, ${EDITION_FACTS_OF_B}`;
@injectable()
export class MikroOrmBookRepository implements BookRepository {
  constructor(@inject(OrmEntityManager) private readonly em: EntityManager) {}

  async findById(id: number): Promise<Book | null> {
    const book = await this.em.findOne(Book, { id });
    if (!book) return null;
    const rows = await this.em.execute<Row[]>(`select ${AUTHOR_IDS_OF_B} as author_ids, ${EDITION_FACTS_OF_B} from book b where b.book_id = ?`, [id]);
    book.authorIds = toIds(rows[0]?.author_ids);
    book.coverUrl = coverUrlOf(rows[0]);
    book.formats = formatsOf(rows[0]);
    return book;
  }

  async save(book: Book): Promise<void> {
    this.em.persist(book);
    await this.em.flush();
    try {
      await this.em.execute('delete from book_author where book_id = ?', [book.id]);
      if (book.authorIds.length > 0) {
        await this.em.execute(
          `insert into book_author (book_id, author_id, position)
           select ?, a.author_id, a.position from unnest(?::bigint[]) with ordinality as a(author_id, position)`,
          [book.id, bigintArray(book.authorIds)],
        );
      }
    } catch (error) {
      // An author deleted between the reference check and this insert.
      if (isForeignKeyViolation(error)) throw new UnknownReferenceError('author_ids', 'author', book.authorIds);
      throw error;
    }
  }

  async delete(book: Book): Promise<void> {
    try {
      this.em.remove(book);
      await this.em.flush();
    } catch (error) {
      if (isForeignKeyViolation(error)) throw new BookInUseError(book.id);
      throw error;
    }
  }

  async findMissingIds(ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.em.execute<Row[]>(
      'select w.id from unnest(?::bigint[]) as w(id) where not exists (select 1 from book b where b.book_id = w.id)',
      [bigintArray(ids)],
    );
    return rows.map((r) => toId(r.id));
  }

  page(filter: BookFilter, request: PageRequest): Promise<PageSlice<Book>> {
    if (filter.ids) return this.listedPage(filter.ids, filter.search, request);
    if (filter.search) return this.searchPage(likeContains(filter.search), request);
    return queryPage(this.em, { selectFrom: `select ${BOOK_COLUMNS} from book b`, filters: [], key: 'b.book_id', order: 'asc' }, request, bookFromRow);
  }

  /**
   * The listed books (at most 100, by primary key), with the search's rule checked on each of them: its title, or
   * the name or an alias of one of its authors (the same columns and pattern as `searchPage`).
   */
  private listedPage(ids: readonly number[], search: string | undefined, request: PageRequest): Promise<PageSlice<Book>> {
    const filters: PageQuery['filters'] = [['b.book_id = any(?::bigint[])', [bigintArray(ids)]]];
    if (search) {
      const pattern = likeContains(search);
      filters.push([
        `(b.title_search like ? or exists (select 1 from book_author ba join author a on a.author_id = ba.author_id
           where ba.book_id = b.book_id and a.name_search like ?))`,
        [pattern, pattern],
      ]);
    }
    return queryPage(this.em, { selectFrom: `select ${BOOK_COLUMNS} from book b`, filters, key: 'b.book_id', order: 'asc' }, request, bookFromRow);
  }

  /**
   * A title match, or a book by an author whose name or alias matches. The title side is chosen by what a
   * bounded walk finds (title-search.ts); the author side reads the matching authors first, then the first
   * page of their books (author-book-search.ts). The page is the first rows of both (a book may match twice).
   * One transaction with a statement timeout: a pathological term answers 503, never holds a connection. The two
   * sides read side by side, so that their statements travel together (timed-reads.ts), and the page's rows with the
   * commit.
   */
  private searchPage(pattern: string, request: PageRequest): Promise<PageSlice<Book>> {
    return withinSearchTimeout(this.em, SEARCH_TIMEOUT_MS, async ({ read, readLast }) => {
      const [byTitle, byAuthor] = await Promise.all([
        titleMatches(read, pattern, request, DEFAULT_TITLE_WALK),
        authorBookMatches(read, pattern, request, DEFAULT_AUTHOR_BOOKS),
      ]);
      const page = planKeyset('b.book_id', 'asc', request);
      // Prepared on the connection: two texts (either read order), planned once instead of on every search.
      const rows = await readLast(searchRowsStatement(page.orderBy), [bigintArray([...byTitle, ...byAuthor]), page.limit], { prepare: true });
      return sliceOf(rows.map(bookFromRow), page);
    });
  }
}

/** A search page's rows by their ids, one text per read order, built once (the prepared read looks it up by its text). */
const searchRowsStatements = new Map<string, string>();
function searchRowsStatement(orderBy: string): string {
  let sql = searchRowsStatements.get(orderBy);
  if (sql === undefined) {
    sql = `select ${BOOK_COLUMNS} from book b where b.book_id in (select unnest(?::bigint[])) order by ${orderBy} limit ?`;
    searchRowsStatements.set(orderBy, sql);
  }
  return sql;
}

function bookFromRow(row: Row): Book {
  return hydrate(Book, {
    id: toId(row.book_id),
    originalTitle: String(row.book_original_title),
    titleSearch: String(row.title_search),
    titleKey: row.title_key === null ? matchKeyOf(String(row.book_original_title)) : String(row.title_key),
    typeId: toNullableId(row.type_id),
    genreId: toNullableId(row.genre_id),
    createdAt: toDate(row.created_at),
    updatedAt: toDate(row.updated_at),
    authorIds: toIds(row.author_ids),
    coverUrl: coverUrlOf(row),
    formats: formatsOf(row),
  });
}

const coverUrlOf = (row: Row | undefined): string | null => (row?.cover_url == null ? null : String(row.cover_url));

/** In the catalog's format order, whatever order the database gave. */
function formatsOf(row: Row | undefined): EditionFormat[] {
  const found = new Set((row?.formats as string[] | null | undefined) ?? []);
  return EDITION_FORMATS.filter((format) => found.has(format));
}
