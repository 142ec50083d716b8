import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import type { LoadedAuthorStore, StoredAuthors } from '../../../application/catalog/ports/loaded-author-store.js';
import type { LoadedAuthor } from '../../../domain/catalog/loaded-author.js';
import { OrmEntityManager } from '../orm-tokens.js';
import { executeBound } from '../../kits/sql/select-rows.js';

// One statement per batch: new ids inserted, older revisions replaced, the rest untouched (no dead row, no index
// write). `xmax = 0` tells an inserted row from an updated one.
const UPSERT = `
with written as (
  insert into author as a (author_name, aliases, is_user_created, name_search, open_library_id, open_library_revision, birth_date, death_date)
  select r.name, r.aliases, false, r.search, r.id, r.revision, r.birth, r.death
  from jsonb_to_recordset(?::jsonb) as r(id text, revision integer, name text, aliases text[], search text, birth text, death text)
  on conflict (open_library_id) do update set
    author_name = excluded.author_name, aliases = excluded.aliases, name_search = excluded.name_search,
    open_library_revision = excluded.open_library_revision, birth_date = excluded.birth_date, death_date = excluded.death_date,
    updated_at = now()
  where a.open_library_revision is null or a.open_library_revision < excluded.open_library_revision
  returning (a.xmax = 0) as inserted
)
select count(*) filter (where inserted) as inserted, count(*) filter (where not inserted) as updated from written`;

const MARK = `
insert into author_load (dump_key, lines_done, finished) values (?, ?, ?)
on conflict (dump_key) do update set lines_done = excluded.lines_done, finished = excluded.finished, updated_at = now()`;

@injectable()
export class SqlLoadedAuthorStore implements LoadedAuthorStore {
  constructor(@inject(OrmEntityManager) private readonly em: EntityManager) {}

  async resumeAfter(dumpKey: string): Promise<number> {
    const rows = await executeBound(this.em, 'select lines_done from author_load where dump_key = ? and not finished', [dumpKey]);
    return rows.length === 0 ? 0 : Number(rows[0]!.lines_done);
  }

  async upsert(authors: readonly LoadedAuthor[]): Promise<StoredAuthors> {
    // ON CONFLICT may touch a row once per statement: an id given twice keeps its newest revision.
    const newest = new Map<string, LoadedAuthor>();
    for (const author of authors) {
      const seen = newest.get(author.openLibraryId);
      if (!seen || seen.revision < author.revision) newest.set(author.openLibraryId, author);
    }
    // In id order, so two batches stored at once that share ids lock their rows in the same order (no deadlock).
    const rows = [...newest.values()].sort((a, b) => (a.openLibraryId < b.openLibraryId ? -1 : a.openLibraryId > b.openLibraryId ? 1 : 0)).map((a) => ({
      id: a.openLibraryId,
      revision: a.revision,
      name: a.name,
      aliases: a.aliases,
      search: a.nameSearch,
      birth: a.birthDate,
      death: a.deathDate,
    }));
    const [counts] = await executeBound(this.em, UPSERT, [JSON.stringify(rows)]);
    return { inserted: Number(counts?.inserted ?? 0), updated: Number(counts?.updated ?? 0) };
  }

  async markProgress(dumpKey: string, line: number, finished: boolean): Promise<void> {
    await executeBound(this.em, MARK, [dumpKey, line, finished]);
  }
}
