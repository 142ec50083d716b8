import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import type {
  EditionEnrichment,
  EditionToEnrich,
  ImportedEditionEnrichment,
} from '../../../application/catalog/ports/imported-edition-enrichment.js';
import { type GuessableEditionField, untitledBookTitle } from '../../../domain/catalog/edition-draft.js';
import { matchKeyOf, normalizeForSearch } from '../../../domain/shared/search-text.js';
import { OrmEntityManager } from '../orm-tokens.js';
import { executeBound } from '../../kits/sql/select-rows.js';
import { bigintArray, type Row, toId } from './row-mapping.js';
import { findOrCreateAuthors, lockCatalogCreation } from './sql-author-names.js';

const PENDING = `
select edition_id, isbn, publisher, published_year, cover_url, guessed_fields
from edition
where enriched_at is null
order by edition_id
limit ?`;

// One statement for the whole batch. Every field is filled only where the row still lacks it (format and language:
// while still guessed), so a value written since the batch was read wins; a replaced guess leaves guessed_fields.
const APPLY = `
update edition e set
  publisher = coalesce(e.publisher, r.publisher),
  published_year = coalesce(e.published_year, r.year),
  cover_url = coalesce(e.cover_url, r.cover_url),
  format = case when r.format is not null and 'format' = any(e.guessed_fields) then r.format else e.format end,
  language_id = case when l.language_id is not null and 'language' = any(e.guessed_fields) then l.language_id else e.language_id end,
  guessed_fields = array(
    select f from unnest(e.guessed_fields) as f
    where not (f = 'format' and r.format is not null) and not (f = 'language' and l.language_id is not null)
      and not (f = 'title' and r.named)),
  updated_at = case when (e.publisher is null and r.publisher is not null) or (e.published_year is null and r.year is not null)
                      or (e.cover_url is null and r.cover_url is not null) or r.format is not null or l.language_id is not null
                    then ?::timestamptz else e.updated_at end,
  enriched_at = ?::timestamptz
from jsonb_to_recordset(?::jsonb)
  as r(edition_id bigint, publisher text, year int, cover_url text, format text, language text, named boolean)
left join language l on l.language_code = r.language
where e.edition_id = r.edition_id`;

// A book titled by its ISBN gets the source's title, unless someone renamed it meanwhile (their title wins).
const NAME_BOOKS = `
update book b set book_original_title = r.title, title_search = r.search, title_key = r.key, updated_at = ?::timestamptz
from jsonb_to_recordset(?::jsonb) as r(edition_id bigint, placeholder text, title text, search text, key text)
join edition e on e.edition_id = r.edition_id
where b.book_id = e.book_id and 'title' = any(e.guessed_fields) and b.book_original_title = r.placeholder
returning b.book_id, r.edition_id`;

// Authors only for a book that has none: one a user gave authors to meanwhile keeps them.
const LINK_AUTHORS = `
insert into book_author (book_id, author_id, position)
select r.book_id, r.author_id, r.position
from jsonb_to_recordset(?::jsonb) as r(book_id bigint, author_id bigint, position smallint)
where not exists (select 1 from book_author x where x.book_id = r.book_id)
on conflict do nothing`;

@injectable()
export class SqlImportedEditionEnrichment implements ImportedEditionEnrichment {
  constructor(@inject(OrmEntityManager) private readonly em: EntityManager) {}

  async pending(limit: number): Promise<EditionToEnrich[]> {
    const rows = await this.em.execute<Row[]>(PENDING, [limit]);
    return rows.map((row) => ({
      editionId: toId(row.edition_id),
      isbn13: String(row.isbn).trim(),
      publisher: row.publisher === null ? null : String(row.publisher),
      publishedYear: row.published_year === null ? null : Number(row.published_year),
      coverUrl: row.cover_url === null ? null : String(row.cover_url),
      guessedFields: (row.guessed_fields as GuessableEditionField[] | null) ?? [],
    }));
  }

  async waitingCount(): Promise<number> {
    // Served by the partial index edition_enrichment_pending_idx: its size is the backlog.
    const rows = await this.em.execute<Row[]>('select count(*) as n from edition where enriched_at is null');
    return Number(rows[0]?.n ?? 0);
  }

  async apply(changes: readonly EditionEnrichment[], at: Date): Promise<void> {
    if (changes.length === 0) return;
    const named = await this.nameBooks(changes, at);
    const rows = changes.map((change) => ({
      edition_id: change.editionId,
      publisher: change.publisher,
      year: change.publishedYear,
      cover_url: change.coverUrl,
      format: change.format,
      language: change.languageCode,
      named: named.has(change.editionId),
    }));
    await executeBound(this.em, APPLY, [at, at, JSON.stringify(rows)]);
  }

  /** Titles the books imported from a bare ISBN and links their authors; answers the editions whose book was named. */
  private async nameBooks(changes: readonly EditionEnrichment[], at: Date): Promise<Set<number>> {
    const naming = changes.flatMap((change) => (change.book === null ? [] : [{ editionId: change.editionId, ...change.book }]));
    if (naming.length === 0) return new Set();
    const isbnOf = await this.isbnsOf(naming.map((n) => n.editionId));
    const titles = naming.map((n) => ({
      edition_id: n.editionId,
      placeholder: untitledBookTitle(isbnOf.get(n.editionId) ?? ''),
      title: n.title,
      search: normalizeForSearch(n.title),
      key: matchKeyOf(n.title),
    }));
    const renamed = await executeBound(this.em, NAME_BOOKS, [at, JSON.stringify(titles)]);
    const bookOf = new Map(renamed.map((row) => [toId(row.edition_id), toId(row.book_id)]));
    const withAuthors = naming.filter((n) => bookOf.has(n.editionId) && n.authors.length > 0);
    if (withAuthors.length > 0) {
      // Created authors are the catalog's own, under the lock imports take, so neither creates one twice.
      await lockCatalogCreation(this.em);
      const named = withAuthors.flatMap((n) => n.authors.map((name, i) => ({ name, openLibraryId: n.authorOpenLibraryIds?.[i] ?? null })));
      const { ids } = await findOrCreateAuthors(this.em, named, false);
      const links = withAuthors.flatMap((n) =>
        [...new Set(n.authors.map((name) => ids.get(normalizeForSearch(name))))].flatMap((authorId, position) =>
          authorId === undefined ? [] : [{ book_id: bookOf.get(n.editionId), author_id: authorId, position }],
        ),
      );
      if (links.length > 0) await executeBound(this.em, LINK_AUTHORS, [JSON.stringify(links)]);
    }
    return new Set(bookOf.keys());
  }

  private async isbnsOf(editionIds: readonly number[]): Promise<Map<number, string>> {
    const rows = await executeBound(this.em, 'select edition_id, isbn from edition where edition_id = any(?::bigint[])', [bigintArray(editionIds)]);
    return new Map(rows.map((row) => [toId(row.edition_id), String(row.isbn).trim()]));
  }
}
