import { Migration } from '@mikro-orm/migrations';
import { DEFAULT_PREFERENCES } from '../src/domain/wishes/preferences.js';

const literal = (text: string): string => `'${text.replace(/'/g, "''")}'`;

/**
 * Two rules every query shares, written once: a user's effective preferences (their saved ones, else the domain's
 * DEFAULT_PREFERENCES, whose values this migration writes into the view) and "a store this user can buy from"
 * (active, in their country or country-less, in their currency, selling one of their formats). Changing the defaults
 * in the domain means a migration that replaces the view; a test compares the two.
 */
export class Migration20261125000011_effective_preferences extends Migration {
  override async up(): Promise<void> {
    const { country, currency, formats } = DEFAULT_PREFERENCES;
    this.addSql(`create or replace view effective_preferences as
      select u.user_id,
             case when p.user_id is null then ${country === null ? 'null::text' : literal(country)} else p.country end as country,
             coalesce(p.currency, ${literal(currency)}) as currency,
             coalesce(p.formats, array[${formats.map(literal).join(', ')}]::text[]) as formats
      from app_user u left join user_preferences p on p.user_id = u.user_id;`);
    this.addSql(`create or replace function store_sells_to(s store, country text, currency text, formats text[]) returns boolean
      language sql immutable parallel safe as $$
        select s.is_active and (s.country is null or s.country = country) and s.currency = currency and s.formats && formats
      $$;`);
  }
}
