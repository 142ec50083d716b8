import { MikroORM } from '@mikro-orm/postgresql';
import { mikroOrmOptions } from '../mikro-orm-options.js';

/**
 * The import recreates the export's schema by running this version's migrations up to exactly the export's last one
 * (so the rows fit the tables as they were), loads the rows, then runs the rest: a newer Shelfwatch converts the data
 * as it would on an upgrade in place.
 */

/** The migrations this version knows, in the order they run. */
export function knownMigrations(): string[] {
  // Only the options are built: nothing connects.
  const list = mikroOrmOptions('postgres://127.0.0.1/unused', 1).migrations?.migrationsList ?? [];
  return list.map((migration) => migration.name);
}

/** Runs the pending migrations up to and including `last`, in one transaction; returns their names. */
export async function migrateUpTo(databaseUrl: string, last: string): Promise<string[]> {
  const orm = await MikroORM.init(mikroOrmOptions(databaseUrl, 2));
  try {
    return (await orm.getMigrator().up({ to: last })).map((migration) => migration.name);
  } finally {
    await orm.close(true);
  }
}

/**
 * Why an export's migrations cannot be recreated by this version, or null when they can: each must be known, and
 * together they must be this version's migrations up to the export's last one (the ones `migrateUpTo` runs).
 */
export function migrationsProblem(exported: readonly string[], known: readonly string[]): string | null {
  const unknown = exported.filter((name) => !known.includes(name));
  if (unknown.length > 0) {
    return (
      `This export was made by a newer Shelfwatch version: its database has ${unknown.length === 1 ? 'a migration' : `${unknown.length} migrations`} ` +
      `this version does not know (${unknown.slice(0, 3).join(', ')}${unknown.length > 3 ? ', …' : ''}); import it with that version or a newer one`
    );
  }
  const upTo = Math.max(...exported.map((name) => known.indexOf(name)));
  const missing = known.slice(0, upTo + 1).filter((name) => !exported.includes(name));
  if (missing.length > 0) {
    return `This export's database lacks ${missing.join(', ')}, which comes before its last migration ${known[upTo]}: it was migrated by another build of Shelfwatch, which must import it`;
  }
  return null;
}

/** The export's last migration in this version's order. */
export function lastMigration(exported: readonly string[], known: readonly string[]): string {
  return known[Math.max(...exported.map((name) => known.indexOf(name)))]!;
}
