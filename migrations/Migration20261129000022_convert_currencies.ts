import { Migration } from '@mikro-orm/migrations';
import { DEFAULT_PREFERENCES } from '../src/domain/wishes/preferences.js';

const literal = (text: string): string => `'${text.replace(/'/g, "''")}'`;

/**
 * The preference to count quotes in every currency, converted (C11.4), and the effective_preferences view with it:
 * the view of migration 11 again (its columns unchanged, in their order), the new one last, its default the domain's
 * DEFAULT_PREFERENCES (test/contracts/rules/default-preferences.ts compares the two).
 */
export class Migration20261129000022_convert_currencies extends Migration {
  override async up(): Promise<void> {
    const { country, currency, formats, convertCurrencies } = DEFAULT_PREFERENCES;
    this.addSql(`alter table user_preferences add column if not exists convert_currencies boolean not null default ${convertCurrencies};`);
    this.addSql(`create or replace view effective_preferences as
      select u.user_id,
             case when p.user_id is null then ${country === null ? 'null::text' : literal(country)} else p.country end as country,
             coalesce(p.currency, ${literal(currency)}) as currency,
             coalesce(p.formats, array[${formats.map(literal).join(', ')}]::text[]) as formats,
             coalesce(p.convert_currencies, ${convertCurrencies}) as convert_currencies
      from app_user u left join user_preferences p on p.user_id = u.user_id;`);
  }
}
