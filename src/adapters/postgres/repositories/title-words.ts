import type { PageRequest, PageWindow } from '../../../domain/shared/page.js';
import { likeText, planKeyset } from '../../kits/sql/keyset.js';
import { type MergedPagesOf, mergedFirstPagesSql } from '../../kits/sql/merged-first-pages.js';
import type { SqlRead } from '../../kits/sql/select-rows.js';
import { holdsTrigram } from './author-matches.js';
import { toId } from './row-mapping.js';

/**
 * A title search from the title words (migration 34). The term `%term%` is inside a folded title only when each
 * space-free piece of the term is inside some word of the title (what `title_search` holds between spaces); for a
 * term of one piece, exactly then. So the books come from the term's longest piece: the words that contain it, from
 * the vocabulary's trigram index, then their books in book order, from `title_word`'s primary key alone, merged. A
 * term of several pieces keeps those of the books that also have a word containing its second longest piece (read
 * from the same primary key over the same range of books), then checks the whole term on their titles. A piece must
 * hold three letters or digits in a row (the vocabulary's trigram index needs one; the words stored are of three
 * characters or more, and such a piece is never inside a shorter one).
 */
/** More vocabulary words than this contain the piece: a fragment of common letters, left to the walk (title-search.ts). */
const MAX_WORDS = 1_000;

/**
 * Candidates (books of the longest piece) read per statement for a term of several pieces: at first a multiple of the
 * page, then as many as the matches so far say the rest of the page needs (with a margin), at most MAX_CANDIDATES. A
 * candidate costs an index entry, and the second piece's entries over the same range of books; only the books with
 * both are read.
 */
const FIRST_CANDIDATES_PER_ROW = 4;
const CANDIDATES_MARGIN = 1.25;
const MAX_CANDIDATES = 16_384;

/** The pieces of `pattern`'s term the books are read by (longest first, at most two), and whether it has no other. */
export function titleWordPieces(pattern: string): { pieces: string[]; whole: boolean } | null {
  const term = pattern.slice(1, -1);
  const all = term.split(' ');
  const pieces = all.filter((piece) => holdsTrigram(likeText(piece)));
  if (pieces.length === 0) return null;
  // Longest first: of the words a term has, usually the rarest. Equal lengths keep the term's order.
  const byLength = pieces.map((piece, at) => ({ piece, at, length: likeText(piece).length })).sort((a, b) => b.length - a.length || a.at - b.at);
  return { pieces: byLength.slice(0, 2).map((p) => p.piece), whole: all.length === 1 };
}

/**
 * Ids of the first `request.size + 1` books past the page's key whose folded title contains `pattern` (a LIKE
 * pattern `%term%`), in the page's read order, from the title words; null when the term has no piece to read them by,
 * or too many words contain its longest piece (the caller then walks the book table).
 */
export async function titleMatchesByWords(read: SqlRead, pattern: string, request: PageRequest): Promise<number[] | null> {
  const by = titleWordPieces(pattern);
  if (by === null) return null;
  const vocabularies = await Promise.all(by.pieces.map((piece) => wordsContaining(read, piece)));
  if (vocabularies.some((words) => words?.count === 0)) return [];
  const [first, second] = vocabularies;
  if (first === null || first === undefined) return null;
  const owners: MergedPagesOf = {
    owners: 'unnest(?::int[]) as v(word_id)',
    table: 'title_word tw',
    owned: 'tw.word_id = v.word_id',
    alias: 'tw',
    key: 'book_id',
    params: [first.ids],
  };
  if (by.whole) {
    const { sql, params } = mergedFirstPagesSql(request, owners);
    return (await read(sql, params)).map((row) => toId(row['book_id']));
  }
  return candidatesChecked(read, pattern, request, owners, second?.ids ?? null);
}

/**
 * The vocabulary's words that contain `piece` (a piece of a LIKE pattern): how many, and their ids as an array literal
 * (passed on as it comes); null when more than MAX_WORDS do.
 */
async function wordsContaining(read: SqlRead, piece: string): Promise<{ count: number; ids: string } | null> {
  const [row] = await read(
    `select count(*)::int as n, coalesce(array_agg(v.word_id), '{}')::text as ids
     from (select v.word_id from title_vocab v where v.word like ? limit ?) v`,
    [`%${piece}%`, MAX_WORDS + 1],
  );
  const count = Number(row?.n ?? 0);
  return count > MAX_WORDS ? null : { count, ids: String(row?.ids ?? '{}') };
}

/**
 * The matches of a term of several pieces: the books of the longest piece's words in read order, a batch at a time;
 * of each batch, the books that also have a word of `also` (the second piece's words; null when too many words contain
 * it, and then every candidate is checked) and whose title contains the whole term, in the same statement, until the
 * page is full or the books run out.
 */
async function candidatesChecked(read: SqlRead, pattern: string, request: PageRequest, owners: MergedPagesOf, also: string | null): Promise<number[]> {
  const limit = request.size + 1;
  const reversed = planKeyset('book_id', 'asc', request).reversed;
  const found: number[] = [];
  let window: PageWindow = request.window;
  let batch = Math.min(MAX_CANDIDATES, FIRST_CANDIDATES_PER_ROW * limit);
  let candidates = 0;
  for (;;) {
    const { sql, params } = checkedBatch({ window, size: batch - 1 }, owners, also, pattern);
    const rows = await read(sql, params);
    const [summary, ...hits] = rows;
    for (const row of hits) if (found.length < limit) found.push(toId(row['book_id']));
    const inBatch = Number(summary?.['n'] ?? 0);
    candidates += inBatch;
    if (found.length === limit || inBatch < batch || summary?.['last'] === null) return found;
    const key = toId(summary?.['last']);
    window = reversed ? { kind: 'before', key } : { kind: 'after', key };
    // As far as the rate of matches so far says the rest of the page lies; four times further while none is found.
    const needed = found.length === 0 ? 4 * batch : Math.ceil((CANDIDATES_MARGIN * candidates * (limit - found.length)) / found.length);
    batch = Math.min(MAX_CANDIDATES, Math.max(batch, needed));
  }
}

/**
 * One batch: a first row with the number of candidates read and the last of them in read order, then the matches
 * among them in read order. The second piece's books (`also`: their words' ids, an array literal) are read over the
 * batch's range of books only; each candidate's title is looked up by its key (a lateral lookup, kept one by its
 * `limit`: a join could be planned as a scan of the book table for a large batch on a small catalog).
 */
function checkedBatch(page: PageRequest, owners: MergedPagesOf, also: string | null, pattern: string): { sql: string; params: unknown[] } {
  const order = planKeyset('m.book_id', 'asc', page);
  const candidates = mergedFirstPagesSql(page, owners);
  const both =
    also === null
      ? 'select book_id from c'
      : `select c.book_id from c where c.book_id in (
           select t.book_id from unnest(?::int[]) as w(word_id)
           cross join lateral (select t.book_id from title_word t where t.word_id = w.word_id
             and t.book_id between (select min(book_id) from c) and (select max(book_id) from c)) t)`;
  return {
    sql: `with c as materialized (${candidates.sql}),
     m as materialized (
       select x.book_id from (${both}) x
       cross join lateral (select 1 from book b where b.book_id = x.book_id and b.title_search like ? limit 1) hit
     )
     select r.book_id, r.n, r.last from (
       select 0 as part, null::bigint as book_id, (select count(*) from c)::int as n, (select ${order.reversed ? 'min' : 'max'}(book_id) from c) as last
       union all select 1, m.book_id, null, null from m
     ) r order by r.part, ${order.orderBy.replace('m.book_id', 'r.book_id')}`,
    params: [...candidates.params, ...(also === null ? [] : [also]), pattern],
  };
}
