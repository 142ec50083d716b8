// `npm run restore -- FILE`: restores a backup made by `npm run backup` into the embedded database's folder
// (DATA_DIR/pg), which must be absent or empty and Shelfwatch stopped; the backup's secrets become the data folder's.
// PostgreSQL is then started once on it: it replays the WAL the backup includes and is consistent from then on.
// Mechanism: src/adapters/postgres/backup/restore.ts; docs/backup-restore.md.
import { existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { restoreBackup } from '../../adapters/postgres/backup/restore.js';
import { localSecrets, startEmbeddedPostgres } from '../../adapters/postgres/embedded-postgres.js';
import { exitOnStartFailure } from '../process-signals.js';
import { embeddedFileCommand, stopSignalFor } from './embedded-file-command.js';
import { commandFor } from './install-commands.js';

const say = (line: string): void => console.log(line);

const stopRequest = stopSignalFor('restore', say);

async function main(args: string[]): Promise<void> {
  const { file: source, dataDir, port, clusterDir } = await embeddedFileCommand(
    'restore',
    args,
    `a file made by ${commandFor('backup')}`,
    "restore your PostgreSQL with its own tools (pg_restore, or a pg_basebackup copy)",
    say,
  );
  if (!existsSync(source)) throw new Error(`${source} does not exist`);
  const secretsFile = path.join(path.resolve(dataDir), 'secrets.json');
  const result = await restoreBackup({ file: source, clusterDir, secretsFile, onProgress: say, signal: stopRequest });
  if (result.secrets.kind === 'replaced') {
    say(`${secretsFile} now holds the backup's secrets (the database password it knows); the previous file is kept as ${result.secrets.previousKeptAs}`);
  }

  say('Starting PostgreSQL once on the restored folder: it replays the WAL included in the backup ...');
  const secrets = await localSecrets(dataDir);
  let database;
  try {
    database = await startEmbeddedPostgres({ clusterDir, port, password: secrets.postgresPassword, database: 'shelfwatch', onProgress: say });
  } catch (error) {
    throw new Error(`The backup was restored into ${clusterDir}, but PostgreSQL could not be started on it to finish: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ recovering: boolean; lsn: string }>('select pg_is_in_recovery() as recovering, pg_current_wal_lsn()::text as lsn');
      if (rows[0]?.recovering) throw new Error('PostgreSQL is still in recovery on the restored folder');
    } finally {
      await client.end();
    }
  } finally {
    await database.stop();
  }
  say(
    `Restored: the database is consistent as of ${result.trailer.endLsn} (backup "${result.header.label}"). ` +
      `Start Shelfwatch (${commandFor('start')}); a newer version applies its migrations on that start.`,
  );
}

main(process.argv.slice(2)).then(() => process.exit(0), exitOnStartFailure(null));
