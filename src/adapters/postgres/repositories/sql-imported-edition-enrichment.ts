import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import type {
  EditionEnrichment,
  EditionToEnrich,
  ImportedEditionEnrichment,
} from '../../../application/catalog/ports/imported-edition-enrichment.js';
import type { GuessableEditionField } from '../../../domain/catalog/edition.js';
import { OrmEntityManager } from '../orm-tokens.js';
import { type Row, toId } from './row-mapping.js';

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
    where not (f = 'format' and r.format is not null) and not (f = 'language' and l.language_id is not null)),
  updated_at = case when (e.publisher is null and r.publisher is not null) or (e.published_year is null and r.year is not null)
                      or (e.cover_url is null and r.cover_url is not null) or r.format is not null or l.language_id is not null
                    then ?::timestamptz else e.updated_at end,
  enriched_at = ?::timestamptz
from jsonb_to_recordset(?::jsonb) as r(edition_id bigint, publisher text, year int, cover_url text, format text, language text)
left join language l on l.language_code = r.language
where e.edition_id = r.edition_id`;

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

  async apply(changes: readonly EditionEnrichment[], at: Date): Promise<void> {
    if (changes.length === 0) return;
    const rows = changes.map((change) => ({
      edition_id: change.editionId,
      publisher: change.publisher,
      year: change.publishedYear,
      cover_url: change.coverUrl,
      format: change.format,
      language: change.languageCode,
    }));
    await this.em.execute(APPLY, [at, at, JSON.stringify(rows)]);
  }
}
