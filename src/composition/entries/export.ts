// `npm run export -- FILE`: every row of Shelfwatch's tables, from one consistent snapshot, in a format every
// PostgreSQL major version loads (`npm run import`): the way to a newer embedded PostgreSQL, which cannot open the old
// data folder nor restore its physical backup. Taken while the service runs, or with the embedded PostgreSQL started
// for the duration. Mechanism: src/adapters/postgres/backup/logical-export.ts; docs/backup-restore.md.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { takeExport } from '../../adapters/postgres/backup/logical-export.js';
import { localSecrets, startEmbeddedPostgres } from '../../adapters/postgres/embedded-postgres.js';
import { exitOnStartFailure } from '../process-signals.js';
import { embeddedFileCommand, stopSignalFor } from './embedded-file-command.js';
import { commandFor } from './install-commands.js';

const say = (line: string): void => console.log(line);

const stopRequest = stopSignalFor('export', say);

async function main(args: string[]): Promise<void> {
  const { file: target, dataDir, port, clusterDir } = await embeddedFileCommand(
    'export',
    args,
    `for example: ${commandFor('export', 'shelfwatch-export.tar.gz')}`,
    'dump your PostgreSQL with its own tools (pg_dump -Fc)',
    say,
  );
  if (existsSync(target)) throw new Error(`${target} exists; an export never overwrites a file: choose another name`);
  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) throw new Error(`There is no embedded database in ${clusterDir} (DATA_DIR=${dataDir}): nothing to export`);
  if (!existsSync(path.join(path.resolve(dataDir), 'secrets.json'))) {
    throw new Error(`${path.join(path.resolve(dataDir), 'secrets.json')} is missing: without the database password it keeps, the embedded database cannot be reached`);
  }
  const secrets = await localSecrets(dataDir);
  if (!existsSync(path.join(clusterDir, 'postmaster.pid'))) say(`Shelfwatch is not running: starting the embedded PostgreSQL (${clusterDir}, port ${port}) for the export ...`);
  const database = await startEmbeddedPostgres({ clusterDir, port, password: secrets.postgresPassword, database: 'shelfwatch', onProgress: say });
  try {
    await takeExport({ url: database.url, file: target, secrets, onProgress: say, signal: stopRequest });
  } finally {
    await database.stop();
  }
  say(`Import it with: ${commandFor('import', target)}   (into an absent or empty DATA_DIR/pg, with this or a newer version; docs/backup-restore.md)`);
}

main(process.argv.slice(2)).then(() => process.exit(0), exitOnStartFailure(null));
