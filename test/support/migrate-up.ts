import { MikroORM } from '@mikro-orm/postgresql';
import { mikroOrmOptions } from '../../src/adapters/postgres/mikro-orm-options.js';

/** Applies the migrations not yet applied to the database at `url`, as the service does at start-up. */
export async function migrateUp(url: string): Promise<void> {
  const orm = await MikroORM.init(mikroOrmOptions(url, 2));
  try {
    await orm.getMigrator().up();
  } finally {
    await orm.close();
  }
}
