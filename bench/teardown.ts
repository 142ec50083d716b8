// The benchmarks' teardown: children and the database are stopped at the end, on an error, and on Ctrl-C.
import type { BenchDatabase } from './database.js';
import { runningChildren } from './processes.js';

export interface TeardownSteps {
  /** Before the child processes stop (end the load, close clients). */
  first?: () => Promise<void>;
  /** After the children, before the database stops (drop extra databases). */
  beforeDatabase?: (database: BenchDatabase) => Promise<void>;
}

export interface Teardown {
  /** The database to stop; set once it has started. */
  database: BenchDatabase | null;
  /** Idempotent: every call waits for the one teardown. */
  cleanup(): Promise<void>;
}

/** Installs the exit and signal handlers; `what` names what a signal stops, for the console. */
export function installTeardown(say: (line: string) => void, what: string, steps: TeardownSteps = {}): Teardown {
  let cleaning: Promise<void> | null = null;
  const teardown: Teardown = {
    database: null,
    cleanup() {
      cleaning ??= (async () => {
        await steps.first?.().catch(() => undefined);
        await Promise.all(runningChildren().map((child) => child.stop(5000).catch(() => undefined)));
        const database = teardown.database;
        if (database) {
          await steps.beforeDatabase?.(database).catch(() => undefined);
          say('Stopping the database ...');
          await database.stop().catch((error: unknown) => say(`  could not stop the database: ${String(error)}`));
        }
      })();
      return cleaning;
    },
  };

  process.on('exit', () => {
    for (const child of runningChildren()) child.killNow();
    teardown.database?.stopSync();
  });
  let interrupted = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (interrupted) process.exit(130);
      interrupted = true;
      say(`\n${signal} received: stopping ${what} ...`);
      void teardown.cleanup().finally(() => process.exit(130));
    });
  }
  return teardown;
}

/**
 * Runs the benchmark's `main`, then the teardown, and exits with main's code; on an error, says why, tears down
 * and exits 1.
 */
export function runBenchmark(main: () => Promise<number>, teardown: Teardown): void {
  main().then(
    async (code) => {
      await teardown.cleanup();
      process.exit(code);
    },
    async (error: unknown) => {
      console.error(`\nBenchmark failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      await teardown.cleanup();
      process.exit(1);
    },
  );
}
