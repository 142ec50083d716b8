// What `npm run backup -- FILE` and `npm run restore -- FILE` (and `export`, `import`) share: one file argument, and the
// embedded database's folder and port from the configuration (an external PostgreSQL is refused: it has its own tools).
import path from 'node:path';
import { loadConfig } from '../../../config/config.js';
import { reachableClusterDir } from '../../adapters/postgres/embedded-postgres.js';
import { onStopSignal } from '../process-signals.js';
import { commandFor } from './install-commands.js';

type FileCommand = 'backup' | 'restore' | 'export' | 'import';

export interface EmbeddedFileCommand {
  /** The FILE argument, absolute (npm runs scripts in the Shelfwatch folder). */
  file: string;
  dataDir: string;
  port: number;
  clusterDir: string;
}

export async function embeddedFileCommand(
  command: FileCommand,
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


/**
 * Aborted on SIGTERM or SIGINT, after saying what happens: a command that writes a file leaves none under the name
 * asked for; one that fills a data folder removes what it wrote.
 */
export function stopSignalFor(command: FileCommand, say: (line: string) => void): AbortSignal {
  const writesFolder = command === 'restore' || command === 'import';
  const stop = new AbortController();
  onStopSignal((signal) => {
    say(`${signal} received: stopping the ${command} ${writesFolder ? 'and removing what it wrote' : '(no file is left under the name asked for)'} ...`);
    stop.abort(new Error(`${signal} received: the ${command} was stopped${writesFolder ? '; the data folder was left as it was' : ''}`));
  });
  return stop.signal;
}
