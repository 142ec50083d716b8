import type { EntityManager } from '@mikro-orm/postgresql';
import { AUTHOR_NAME_MAX } from '../../../domain/catalog/author.js';
import { cutText } from '../../../domain/shared/text-length.js';
import { normalizeForSearch, searchTextOf } from '../../../domain/shared/search-text.js';
import { executeBound } from '../../kits/sql/select-rows.js';
import { textArray, toId } from './row-mapping.js';

/** Advisory lock (first key) held while books and authors are created from imports or metadata sources. */
const CATALOG_CREATION_LOCK = 7_310_415;

// Existing authors by their folded name, the oldest first: one entry of author_primary_name_idx (migration 32) per
// name, however many authors share it (pre-loaded data has many John Smiths).
export const AUTHORS_BY_PRIMARY_NAME = `
select w.folded, m.author_id
from unnest(?::text[]) as w(folded)
cross join lateral (
  select a.author_id from author a where split_part(a.name_search, chr(1), 1) = w.folded order by a.author_id limit 1
) m`;

// Then by any of their folded names (an alias), through the GIN index on the name parts (migration 32): with millions
// of pre-loaded authors, reading every author's parts would take seconds per import.
export const AUTHORS_BY_ALIAS = `
select distinct on (p.part) p.part as folded, a.author_id
from author a, unnest(string_to_array(a.name_search, chr(1))) as p(part)
where string_to_array(a.name_search, chr(1)) && ?::text[] and p.part = any(?::text[])
order by p.part, a.author_id`;

const AUTHORS_BY_OPEN_LIBRARY_ID = 'select open_library_id, author_id from author where open_library_id = any(?::text[])';

// An author created with its Open Library id may meet a load of the dump storing the same id: the row is shared.
const INSERT_AUTHORS = `
insert into author as a (author_name, name_search, is_user_created, open_library_id)
select r.name, r.search, r.user_created, r.open_library_id
from jsonb_to_recordset(?::jsonb) as r(name text, search text, user_created boolean, open_library_id text)
on conflict (open_library_id) do update set open_library_id = a.open_library_id
returning author_id, name_search, open_library_id`;

/**
 * Serialises whoever creates books and authors from outside data until the transaction ends, so two of them never
 * create the same ISBN or author twice. Take it before matching, so matching sees what the other just created.
 */
export async function lockCatalogCreation(em: EntityManager): Promise<void> {
  await executeBound(em, 'select pg_advisory_xact_lock(?::int, 0)', [CATALOG_CREATION_LOCK]);
}

/** An author named by a source: its name ("First Last") and, when the source gives it, its Open Library id. */
export interface NamedAuthor {
  name: string;
  openLibraryId?: string | null;
}

/**
 * Folded name → author id for every name given: existing authors matched by Open Library id when one is given (pre-loaded
 * author data, docs/authors.md), else by name, else by alias, case- and accent-insensitively (the oldest author when
 * several match); the others created
 * (`userCreated`: named by a user's export, not by a metadata source), with their Open Library id when known.
 */
export async function findOrCreateAuthors(
  em: EntityManager,
  authors: Iterable<string | NamedAuthor>,
  userCreated: boolean,
): Promise<{ ids: Map<string, number>; created: number }> {
  const wanted = new Map<string, NamedAuthor>();
  for (const author of authors) {
    const named = typeof author === 'string' ? { name: author } : author;
    const folded = normalizeForSearch(named.name);
    if (folded === '') continue;
    const seen = wanted.get(folded);
    if (!seen) wanted.set(folded, { name: named.name.trim(), openLibraryId: named.openLibraryId ?? null });
    else seen.openLibraryId ??= named.openLibraryId ?? null;
  }
  const ids = new Map<string, number>();
  if (wanted.size === 0) return { ids, created: 0 };
  await matchByOpenLibraryId(em, wanted, ids);
  const unmatched = (): string[] => [...wanted.keys()].filter((folded) => !ids.has(folded));
  const byName = unmatched();
  if (byName.length > 0) {
    for (const row of await executeBound(em, AUTHORS_BY_PRIMARY_NAME, [textArray(byName)])) ids.set(String(row.folded), toId(row.author_id));
  }
  const byAlias = unmatched();
  if (byAlias.length > 0) {
    const names = textArray(byAlias);
    for (const row of await executeBound(em, AUTHORS_BY_ALIAS, [names, names])) ids.set(String(row.folded), toId(row.author_id));
  }
  const missing = [...wanted].filter(([folded]) => !ids.has(folded));
  if (missing.length === 0) return { ids, created: 0 };
  // Each created author is found again by its Open Library id or its stored folded name, not by the order RETURNING
  // happens to give; names sharing an Open Library id are one author.
  const foldedOfStored = new Map<string, string[]>();
  const rows = missing.flatMap(([folded, author]) => {
    const stored = cutText(author.name, AUTHOR_NAME_MAX);
    const search = searchTextOf([stored]);
    const key = author.openLibraryId ?? search;
    const same = foldedOfStored.get(key);
    if (same) {
      same.push(folded);
      return [];
    }
    foldedOfStored.set(key, [folded]);
    return [{ name: stored, search, user_created: userCreated, open_library_id: author.openLibraryId ?? null }];
  });
  for (const row of await executeBound(em, INSERT_AUTHORS, [JSON.stringify(rows)])) {
    const key = row.open_library_id === null ? String(row.name_search) : String(row.open_library_id);
    for (const folded of foldedOfStored.get(key) ?? []) ids.set(folded, toId(row.author_id));
  }
  return { ids, created: rows.length };
}

async function matchByOpenLibraryId(em: EntityManager, wanted: ReadonlyMap<string, NamedAuthor>, ids: Map<string, number>): Promise<void> {
  const foldedOfId = new Map<string, string>();
  for (const [folded, author] of wanted) if (author.openLibraryId) foldedOfId.set(author.openLibraryId, folded);
  if (foldedOfId.size === 0) return;
  for (const row of await executeBound(em, AUTHORS_BY_OPEN_LIBRARY_ID, [textArray([...foldedOfId.keys()])])) {
    const folded = foldedOfId.get(String(row.open_library_id));
    if (folded !== undefined) ids.set(folded, toId(row.author_id));
  }
}
