// `npm run import -- FILE`: loads a file made by `npm run export` into a new embedded database (DATA_DIR/pg absent or
// empty, Shelfwatch stopped) of the PostgreSQL this build ships, whichever major version made the export; the
// export's secrets become the data folder's. The schema is recreated by the migrations up to the export's last one,
// the rows are loaded and counted, then this version's newer migrations run.
// Mechanism: src/adapters/postgres/backup/logical-import.ts; docs/backup-restore.md.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { importExport } from '../../adapters/postgres/backup/logical-import.js';
import { exitOnStartFailure } from '../process-signals.js';
import { embeddedFileCommand, stopSignalFor } from './embedded-file-command.js';
import { commandFor } from './install-commands.js';

const say = (line: string): void => console.log(line);

const stopRequest = stopSignalFor('import', say);

async function main(args: string[]): Promise<void> {
  const { file: source, port, clusterDir, dataDir } = await embeddedFileCommand(
    'import',
    args,
    `a file made by ${commandFor('export')}`,
    'load a dump into your PostgreSQL with its own tools (pg_restore)',
    say,
  );
  if (!existsSync(source)) throw new Error(`${source} does not exist`);
  const secretsFile = path.join(path.resolve(dataDir), 'secrets.json');
  const result = await importExport({ file: source, clusterDir, port, secretsFile, onProgress: say, signal: stopRequest });
  if (result.secrets.kind === 'replaced') {
    say(`${secretsFile} now holds the export's secrets (the database password it knows); the previous file is kept as ${result.secrets.previousKeptAs}`);
  }
  say(`Imported into ${clusterDir}. Start Shelfwatch (${commandFor('start')}).`);
}

main(process.argv.slice(2)).then(() => process.exit(0), exitOnStartFailure(null));
