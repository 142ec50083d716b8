import { Migration } from '@mikro-orm/migrations';
import { ISO_639_1_LANGUAGES } from '../src/domain/reference/iso-639-1-languages.js';

/** Seeds ISO 639-1; idempotent, so a later release can append languages without touching existing rows. */
export class Migration20261122000002_languages extends Migration {
  override async up(): Promise<void> {
    const values = ISO_639_1_LANGUAGES.map(([code, name]) => `(${quote(code)}, ${quote(name)})`).join(',\n');
    this.addSql(`insert into language (language_code, language_name) values ${values}
      on conflict (language_code) do nothing;`);
  }
}

function quote(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}
