import type { PageRequest } from '../../../domain/shared/page.js';
import { planKeyset, whereOf } from '../../kits/sql/keyset.js';
import { mergedFirstPages } from '../../kits/sql/merged-first-pages.js';
import type { SqlRead } from '../../kits/sql/select-rows.js';
import { authorsMatching } from './author-matches.js';
import { toId } from './row-mapping.js';

/**
 * How the books of the authors a search matches are read. The matching authors come first (author-matches.ts: from
 * the author words for a one-word term; a few thousand for a common surname). Their books are then read one of two ways: by walking
 * book_author in book order and keeping the links of those authors (cheap when they wrote many books, as a page lies
 * near), or through book_author_author_idx, the first page of each author (cheap when the authors are few). Reading
 * every link of every author and sorting them all, as one statement did, grew with the catalog.
 */
export interface AuthorBooksBudget {
  /** Up to this many matching authors, each one's first page is read through the author index. */
  fewAuthors: number;
  /** Otherwise book_author is walked this far in book order first; a page not filled by then is read per author. */
  walkRows: number;
  /**
   * Up to this many matching authors travel as an id list (a hashed `= any`); more stay in the database, joined to the
   * walk by hash, and are counted no further than this.
   */
  listedAuthors: number;
}

/**
 * A common surname's authors stay in the database. Listed, `pemberton`'s 4,116 ids at 10M books made a statement of
 * 28 KB that the service built, sent and collected (a fifth of its profile under a load of such searches was garbage
 * collection) and that PostgreSQL planned id by id; joined by hash, the walk reads its 20,000 links whole but the
 * statement took 4.0–4.3 against 6.0–6.4 ms (alternating, one connection), and counting stops at 33 authors instead of
 * reading all 4,116 (3.6 ms).
 */
export const DEFAULT_AUTHOR_BOOKS: AuthorBooksBudget = { fewAuthors: 32, walkRows: 20_000, listedAuthors: 32 };

/** The matching authors as SQL: a condition on `w.author_id` for the walk, and a row source of `author_id` per author. */
interface AuthorSet {
  contains: string;
  rows: string;
  params: unknown[];
}

/**
 * Ids of the first `request.size + 1` books past the page's key with an author whose folded name or alias contains
 * `pattern` (a LIKE pattern), in the page's read order, each once.
 */
export async function authorBookMatches(read: SqlRead, pattern: string, request: PageRequest, budget: AuthorBooksBudget): Promise<number[]> {
  // The ids of a few authors come back as one bigint[] literal, handed on as it is. An author with two matching words
  // comes twice: the books of each author are read once all the same (group by below).
  const authors = authorsMatching(pattern);
  const [matching] = await read(
    `select count(*)::int as n, coalesce(array_agg(m.author_id), '{}')::text as ids
     from (${authors.ids} limit ?) m`,
    [...authors.params, budget.listedAuthors + 1],
  );
  const count = Number(matching?.n ?? 0);
  if (count === 0) return [];
  const set: AuthorSet =
    count > budget.listedAuthors
      ? {
          contains: `w.author_id in (${authors.ids})`,
          rows: `(select distinct x.author_id from (${authors.ids}) x) a`,
          params: authors.params,
        }
      : { contains: 'w.author_id = any (?::bigint[])', rows: 'unnest(?::bigint[]) as a(author_id)', params: [String(matching?.ids)] };
  if (count > budget.fewAuthors) {
    const walked = await walkLinks(read, set, request, budget.walkRows);
    if (walked) return walked;
  }
  return firstPagesOfAuthors(read, set, request);
}

/** The walk's matches when they fill the page, else null. */
async function walkLinks(read: SqlRead, authors: AuthorSet, request: PageRequest, rows: number): Promise<number[] | null> {
  const plan = planKeyset('book_id', 'asc', request);
  // The inner limit pins the plan to book_author's primary key (book_id, author_id), the next `rows` links in book
  // order, read as a stream that the outer limit stops at the page's last book (a listed set; a set left in the
  // database is joined by hash, which reads the whole walk). A book whose links straddle the walk's end comes after
  // every book found, so a full page never misses one.
  const found = await read(
    `select w.book_id from (select ba.book_id, ba.author_id from book_author ba ${whereOf([plan.condition])} order by ${plan.orderBy} limit ?) w
     where ${authors.contains} group by w.book_id order by ${plan.orderBy} limit ?`,
    [...plan.params, rows, ...authors.params, plan.limit],
  );
  return found.length === plan.limit ? found.map((r) => toId(r.book_id)) : null;
}

/** The first page of each author's books (one descent of book_author_author_idx each), merged. */
async function firstPagesOfAuthors(read: SqlRead, authors: AuthorSet, request: PageRequest): Promise<number[]> {
  const found = await mergedFirstPages(read, request, {
    owners: authors.rows,
    table: 'book_author ba',
    owned: 'ba.author_id = a.author_id',
    alias: 'ba',
    key: 'book_id',
    params: authors.params,
  });
  return found.map(toId);
}
