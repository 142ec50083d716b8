// `npm run backup -- FILE`: a consistent physical backup of the embedded database, taken while the service runs
// (or with the embedded PostgreSQL started for the duration when it does not), into one gzip-compressed tar file.
// PostgreSQL's base-backup API does the work (src/adapters/postgres/backup/backup.ts); docs/backup-restore.md.
// A relative FILE is relative to the Shelfwatch folder (npm runs scripts there). An external PostgreSQL
// (DATABASE_URL) is backed up with PostgreSQL's own tools instead.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { takeBackup } from '../../adapters/postgres/backup/backup.js';
import { localSecrets, startEmbeddedPostgres } from '../../adapters/postgres/embedded-postgres.js';
import { exitOnStartFailure } from '../process-signals.js';
import { embeddedFileCommand, stopSignalFor } from './embedded-file-command.js';
import { commandFor } from './install-commands.js';

const say = (line: string): void => console.log(line);

const stopRequest = stopSignalFor('backup', say);

async function main(args: string[]): Promise<void> {
  const { file: target, dataDir, port, clusterDir } = await embeddedFileCommand(
    'backup',
    args,
    `for example: ${commandFor('backup', 'backups/shelfwatch.tar.gz')}`,
    'back up your PostgreSQL with its own tools (pg_dump -Fc, or pg_basebackup)',
    say,
  );
  if (existsSync(target)) throw new Error(`${target} exists; a backup never overwrites a file: choose another name`);
  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) throw new Error(`There is no embedded database in ${clusterDir} (DATA_DIR=${dataDir}): nothing to back up`);
  if (!existsSync(path.join(path.resolve(dataDir), 'secrets.json'))) {
    throw new Error(`${path.join(path.resolve(dataDir), 'secrets.json')} is missing: without the database password it keeps, the embedded database cannot be reached`);
  }
  const secrets = await localSecrets(dataDir);
  if (!existsSync(path.join(clusterDir, 'postmaster.pid'))) say(`Shelfwatch is not running: starting the embedded PostgreSQL (${clusterDir}, port ${port}) for the backup ...`);
  const database = await startEmbeddedPostgres({ clusterDir, port, password: secrets.postgresPassword, database: 'shelfwatch', onProgress: say });
  try {
    await takeBackup({ url: database.url, file: target, secrets, onProgress: say, signal: stopRequest });
  } finally {
    await database.stop();
  }
  say(`Restore it with: ${commandFor('restore', target)}   (Shelfwatch stopped, DATA_DIR/pg absent or empty; docs/backup-restore.md)`);
}

main(process.argv.slice(2)).then(() => process.exit(0), exitOnStartFailure(null));
