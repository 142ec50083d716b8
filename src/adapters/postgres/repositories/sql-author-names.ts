import type { EntityManager } from '@mikro-orm/postgresql';
import { AUTHOR_NAME_MAX } from '../../../domain/catalog/author.js';
import { cutText } from '../../../domain/shared/text-length.js';
import { normalizeForSearch, searchTextOf } from '../../../domain/shared/search-text.js';
import { executeBound } from '../../kits/sql/select-rows.js';
import { textArray, toId } from './row-mapping.js';

/** Advisory lock (first key) held while books and authors are created from imports or metadata sources. */
const CATALOG_CREATION_LOCK = 7_310_415;

// Existing authors by any of their folded names (a name or an alias): a hash join of the wanted names against every
// author's name parts, not one scan of the author table per name.
const AUTHORS_BY_NAME = `
with parts as (
  select a.author_id, p.part
  from author a, unnest(string_to_array(a.name_search, chr(1))) as p(part)
)
select distinct on (w.folded) w.folded, parts.author_id
from unnest(?::text[]) as w(folded)
join parts on parts.part = w.folded
order by w.folded, parts.author_id`;

const INSERT_AUTHORS = `
insert into author (author_name, name_search, is_user_created)
select r.name, r.search, r.user_created from jsonb_to_recordset(?::jsonb) as r(name text, search text, user_created boolean)
returning author_id, name_search`;

/**
 * Serialises whoever creates books and authors from outside data until the transaction ends, so two of them never
 * create the same ISBN or author twice. Take it before matching, so matching sees what the other just created.
 */
export async function lockCatalogCreation(em: EntityManager): Promise<void> {
  await executeBound(em, 'select pg_advisory_xact_lock(?::int, 0)', [CATALOG_CREATION_LOCK]);
}

/**
 * Folded name → author id for every name given: existing authors matched by name or alias, case- and
 * accent-insensitively, and the others created (`userCreated`: named by a user's export, not by a metadata source).
 */
export async function findOrCreateAuthors(
  em: EntityManager,
  authorNames: Iterable<string>,
  userCreated: boolean,
): Promise<{ ids: Map<string, number>; created: number }> {
  const names = new Map<string, string>();
  for (const name of authorNames) {
    const folded = normalizeForSearch(name);
    if (folded !== '' && !names.has(folded)) names.set(folded, name.trim());
  }
  const ids = new Map<string, number>();
  if (names.size === 0) return { ids, created: 0 };
  const existing = await executeBound(em, AUTHORS_BY_NAME, [textArray([...names.keys()])]);
  for (const row of existing) ids.set(String(row.folded), toId(row.author_id));
  const missing = [...names].filter(([folded]) => !ids.has(folded));
  if (missing.length === 0) return { ids, created: 0 };
  // Each created author is found again by its stored folded name, not by the order RETURNING happens to give.
  const foldedOfStored = new Map<string, string>();
  const rows = missing.map(([folded, name]) => {
    const stored = cutText(name, AUTHOR_NAME_MAX);
    const search = searchTextOf([stored]);
    foldedOfStored.set(search, folded);
    return { name: stored, search, user_created: userCreated };
  });
  for (const row of await executeBound(em, INSERT_AUTHORS, [JSON.stringify(rows)])) {
    const folded = foldedOfStored.get(String(row.name_search));
    if (folded !== undefined) ids.set(folded, toId(row.author_id));
  }
  return { ids, created: missing.length };
}
