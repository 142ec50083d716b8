import type { PageRequest } from '../../../domain/shared/page.js';
import { SEARCH_TEXT_SEPARATOR } from '../../../domain/shared/search-text.js';
import { likeText } from '../../kits/sql/keyset.js';
import { mergedFirstPages } from '../../kits/sql/merged-first-pages.js';
import type { SqlRead } from '../../kits/sql/select-rows.js';
import { toId } from './row-mapping.js';

/**
 * Which authors a name search matches: those whose folded names (`name_search`) contain the term, a LIKE pattern
 * `%term%`. A term of one word — no space, no chr(1), which separates a name from its aliases — is inside a folded
 * name exactly when it is inside one of its words, so it is answered from the author words (migration 33): the words
 * that contain it come from the vocabulary's trigram index (thousands of rows where the author table has millions),
 * their authors from `author_word`'s primary key alone, never from the author table (a common surname has thousands of
 * authors there, each on its own page). The term must hold three letters or digits in a row, or the trigram index
 * cannot narrow the vocabulary; other terms search the author table's trigram index, as before.
 */
export interface AuthorMatch {
  /** A statement whose rows are the `author_id`s of the matching authors (an author may come twice). */
  ids: string;
  params: unknown[];
}

const THREE_IN_A_ROW = /[\p{L}\p{N}]{3}/u;

/** Whether a text holds three letters or digits in a row: a trigram for a vocabulary's trigram index to narrow by. */
export function holdsTrigram(text: string): boolean {
  return THREE_IN_A_ROW.test(text);
}

/** Whether the pattern `%term%` is one word with a trigram in it: answered from the author words. */
export function isWordPattern(pattern: string): boolean {
  const term = pattern.slice(1, -1);
  return !/\s/.test(term) && !term.includes(SEARCH_TEXT_SEPARATOR) && holdsTrigram(likeText(term));
}

/** The matching authors' ids as a statement to nest (`in (…)`, `from (…) a`). */
export function authorsMatching(pattern: string): AuthorMatch {
  if (isWordPattern(pattern)) {
    return {
      ids: 'select aw.author_id from author_word aw where aw.word in (select v.word from author_vocab v where v.word like ?)',
      params: [pattern],
    };
  }
  return { ids: 'select a.author_id from author a where a.name_search like ?', params: [pattern] };
}

/** More vocabulary words than this contain the term: the first page per word would cost more than the author table's index. */
const MAX_WORDS = 1_000;

/**
 * Ids of the first `request.size + 1` authors past the page's key whose folded names contain the one-word `pattern`,
 * in the page's read order: the first page of each word's authors (one descent of `author_word`'s primary key each),
 * merged. Null when too many words contain the term (a fragment of two or three common letters): the caller then
 * searches the author table.
 */
export async function authorPageByWords(read: SqlRead, pattern: string, request: PageRequest): Promise<number[] | null> {
  const [vocabulary] = await read(
    `select count(*)::int as n, coalesce(array_agg(v.word), '{}')::text as words
     from (select v.word from author_vocab v where v.word like ? limit ?) v`,
    [pattern, MAX_WORDS + 1],
  );
  const words = Number(vocabulary?.n ?? 0);
  if (words === 0) return [];
  if (words > MAX_WORDS) return null;
  const found = await mergedFirstPages(read, request, {
    owners: 'unnest(?::text[]) as v(word)',
    table: 'author_word aw',
    owned: 'aw.word = v.word',
    alias: 'aw',
    key: 'author_id',
    params: [String(vocabulary?.words)],
  });
  return found.map(toId);
}
