import { Migration } from '@mikro-orm/migrations';

/**
 * What an import guessed about an edition (`format`, `language`: defaults, not the export's word), and when a
 * metadata source was asked to fill in its gaps. Only an import leaves `enriched_at` null; every other edition
 * (typed by a user, created from a source) has nothing to wait for, so it counts as enriched from its creation.
 */
export class Migration20261125000007_edition_enrichment extends Migration {
  override async up(): Promise<void> {
    this.addSql("alter table edition add column if not exists guessed_fields text[] not null default '{}';");
    this.addSql('alter table edition add column if not exists enriched_at timestamptz default now();');
    // The enrichment job's queue: small, as it is emptied within minutes of an import.
    this.addSql('create index if not exists edition_enrichment_pending_idx on edition (edition_id) where enriched_at is null;');
  }
}
