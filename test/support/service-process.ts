import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

export interface ServiceProcess {
  child: ChildProcess;
  output(): string;
  /** Resolves with the first match of `pattern` in stdout+stderr, or rejects after `timeoutMs`. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  exited(timeoutMs?: number): Promise<number | null>;
}

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface SpawnOptions {
  /** Arguments after the entry file (`fetch` for src/composition/entries/job.ts). */
  args?: string[];
  /** Working directory (default: this checkout); the entry is taken from there. */
  cwd?: string;
}

/** Runs `src/composition/entries/api-service.ts` (what `npm start` runs) as a real process with exactly the given environment. */
export function spawnService(env: Record<string, string>, entry = 'src/composition/entries/api-service.ts', options: SpawnOptions = {}): ServiceProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', entry, ...(options.args ?? [])], {
    cwd: options.cwd ?? ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const listeners = new Set<() => void>();
  const collect = (chunk: Buffer): void => {
    output += chunk.toString('utf8');
    for (const listener of listeners) listener();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  return {
    child,
    output: () => output,
    waitFor(pattern, timeoutMs = 60_000) {
      return new Promise((resolve, reject) => {
        const check = (): void => {
          const match = output.match(pattern);
          if (match) {
            listeners.delete(check);
            clearTimeout(timer);
            resolve(match);
          }
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`Timed out waiting for ${pattern}; output so far:\n${output}`));
        }, timeoutMs);
        listeners.add(check);
        void exit.then(() => {
          if (listeners.has(check)) {
            listeners.delete(check);
            clearTimeout(timer);
            reject(new Error(`Process exited before ${pattern}; output:\n${output}`));
          }
        });
        check();
      });
    },
    exited(timeoutMs = 30_000) {
      return Promise.race([
        exit,
        new Promise<number | null>((_, reject) => setTimeout(() => reject(new Error(`still running:\n${output}`)), timeoutMs)),
      ]);
    },
  };
}
