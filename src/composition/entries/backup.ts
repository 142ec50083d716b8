// `npm run backup -- FILE`: a consistent physical backup of the embedded database, taken while the service runs
// (or with the embedded PostgreSQL started for the duration when it does not), into one gzip-compressed tar file.
// PostgreSQL's base-backup API does the work (src/adapters/postgres/backup/backup.ts); docs/backup-restore.md.
// A relative FILE is relative to the Shelfwatch folder (npm runs scripts there). An external PostgreSQL
// (DATABASE_URL) is backed up with PostgreSQL's own tools instead.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../../config/config.js';
import { takeBackup } from '../../adapters/postgres/backup/backup.js';
import { localSecrets, reachableClusterDir, startEmbeddedPostgres } from '../../adapters/postgres/embedded-postgres.js';
import { exitOnStartFailure, onStopSignal } from '../process-signals.js';

const say = (line: string): void => console.log(line);

const stopRequest = new AbortController();
onStopSignal((signal) => {
  say(`${signal} received: stopping the backup (no file is left under the name asked for) ...`);
  stopRequest.abort(new Error(`${signal} received: the backup was stopped`));
});

async function main(args: string[]): Promise<void> {
  const [file, ...rest] = args;
  if (!file || rest.length > 0 || file.startsWith('-')) throw new Error('Usage: npm run backup -- FILE   (for example: npm run backup -- backups/shelfwatch.tar.gz)');
  // The log-maintenance role: only the database settings matter here (no JWT or intake secret is required).
  const config = loadConfig(undefined, 'log-maintenance');
  if (config.database.kind === 'external') {
    throw new Error(
      'DATABASE_URL is set: npm run backup backs up the embedded database only; back up your PostgreSQL with its own tools (pg_dump -Fc, or pg_basebackup): see docs/backup-restore.md',
    );
  }
  const { dataDir, port } = config.database;
  const target = path.resolve(file);
  if (existsSync(target)) throw new Error(`${target} exists; npm run backup never overwrites a file: choose another name`);
  const clusterDir = await reachableClusterDir(path.join(dataDir, 'pg'), say);
  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) throw new Error(`There is no embedded database in ${clusterDir} (DATA_DIR=${dataDir}): nothing to back up`);
  if (!existsSync(path.join(path.resolve(dataDir), 'secrets.json'))) {
    throw new Error(`${path.join(path.resolve(dataDir), 'secrets.json')} is missing: without the database password it keeps, the embedded database cannot be reached`);
  }
  const secrets = await localSecrets(dataDir);
  if (!existsSync(path.join(clusterDir, 'postmaster.pid'))) say(`Shelfwatch is not running: starting the embedded PostgreSQL (${clusterDir}, port ${port}) for the backup ...`);
  const database = await startEmbeddedPostgres({ clusterDir, port, password: secrets.postgresPassword, database: 'shelfwatch', onProgress: say });
  try {
    await takeBackup({ url: database.url, file: target, secrets, onProgress: say, signal: stopRequest.signal });
  } finally {
    await database.stop();
  }
  say(`Restore it with: npm run restore -- ${target}   (into an absent or empty data folder, Shelfwatch stopped; docs/backup-restore.md)`);
}

main(process.argv.slice(2)).then(() => process.exit(0), exitOnStartFailure(null));
