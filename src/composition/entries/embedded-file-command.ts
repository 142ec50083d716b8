// What `npm run backup -- FILE` and `npm run restore -- FILE` (and `export`, `import`) share: one file argument, and the
// embedded database's folder and port from the configuration (an external PostgreSQL is refused: it has its own tools).
import path from 'node:path';
import { loadConfig } from '../../../config/config.js';
import { reachableClusterDir } from '../../adapters/postgres/embedded-postgres.js';
import { commandFor } from './install-commands.js';

export interface EmbeddedFileCommand {
  /** The FILE argument, absolute (npm runs scripts in the Shelfwatch folder). */
  file: string;
  dataDir: string;
  port: number;
  clusterDir: string;
}

export async function embeddedFileCommand(
  command: 'backup' | 'restore' | 'export' | 'import',
  args: string[],
  usage: string,
  externalAdvice: string,
  say: (line: string) => void,
): Promise<EmbeddedFileCommand> {
  const [file, ...rest] = args;
  if (!file || rest.length > 0 || file.startsWith('-')) throw new Error(`Usage: ${commandFor(command, 'FILE')}   (${usage})`);
  // The log-maintenance role: only the database settings matter here (no JWT or intake secret is required).
  const config = loadConfig(undefined, 'log-maintenance');
  if (config.database.kind === 'external') {
    throw new Error(`DATABASE_URL is set: ${commandFor(command)} handles the embedded database only; ${externalAdvice}: see docs/backup-restore.md`);
  }
  const { dataDir, port } = config.database;
  return { file: path.resolve(file), dataDir, port, clusterDir: await reachableClusterDir(path.join(dataDir, 'pg'), say) };
}
