import { type ChildProcess, spawn } from 'node:child_process';

export interface ChildHandle {
  name: string;
  pid: number;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves once the process has exited. */
  stop(graceMs?: number): Promise<void>;
  /** Synchronous last resort for `exit` handlers. */
  killNow(): void;
  /** Throws when the process has exited without being asked to (e.g. killed by someone else). */
  assertRunning(): void;
}

export interface ChildOptions {
  name: string;
  /** Arguments to `node` (this very Node binary). */
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** A line of output matching this means the child is ready. */
  ready: RegExp;
  timeoutMs: number;
  say: (line: string) => void;
}

const running = new Set<ChildHandle>();

/** Children started and not yet stopped, for cleanup on Ctrl-C or on an error. */
export function runningChildren(): ChildHandle[] {
  return [...running];
}

/** Starts `node <args>` and resolves when a line of its output matches `ready`; its output until then is echoed with a prefix. */
export function startNodeChild(options: ChildOptions): Promise<ChildHandle> {
  const child: ChildProcess = spawn(process.execPath, options.args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const tail: string[] = [];
  let exited = child.exitCode !== null;
  let stopping = false;
  const exitedPromise = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let exitReason = '';
  child.once('exit', (code, signal) => {
    exited = true;
    exitReason = signal ?? `code ${code}`;
  });

  const handle: ChildHandle = {
    name: options.name,
    pid: child.pid ?? -1,
    async stop(graceMs = 10_000) {
      running.delete(handle);
      if (exited) return;
      stopping = true;
      child.kill('SIGTERM');
      const timer = setTimeout(() => {
        if (!exited) {
          options.say(`  ${options.name} did not stop within ${graceMs} ms; killing it`);
          child.kill('SIGKILL');
        }
      }, graceMs);
      await exitedPromise;
      clearTimeout(timer);
    },
    killNow() {
      running.delete(handle);
      if (!exited) child.kill('SIGKILL');
    },
    assertRunning() {
      if (exited && !stopping) throw new Error(`${options.name} exited unexpectedly (${exitReason}):\n${tail.join('\n')}`);
    },
  };
  running.add(handle);

  return new Promise<ChildHandle>((resolve, reject) => {
    let ready = false;
    const onLine = (line: string): void => {
      tail.push(line);
      if (tail.length > 40) tail.shift();
      options.say(`  [${options.name}] ${line}`);
      if (!ready && options.ready.test(line)) {
        ready = true;
        clearTimeout(timer);
        resolve(handle);
      }
    };
    // Until it is ready the child's lines are echoed (what it does on start is worth reading); after, they are only
    // kept, the last 40 for an error report: echoing an access log line per request through this process would spend
    // the cores being measured (after, a chunk is only cut into lines for the tail).
    for (const stream of [child.stdout, child.stderr]) {
      let partial = '';
      stream?.setEncoding('utf8');
      stream?.on('data', (chunk: string) => {
        const lines = (partial + chunk).split('\n');
        partial = lines.pop() ?? '';
        let i = 0;
        while (!ready && i < lines.length) onLine(lines[i++]!);
        keepLast(tail, lines.slice(i), 40);
      });
    }
    const timer = setTimeout(() => {
      if (ready) return;
      void handle.stop(2000);
      reject(new Error(`${options.name} did not become ready within ${options.timeoutMs} ms:\n${tail.join('\n')}`));
    }, options.timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      running.delete(handle);
      reject(new Error(`${options.name} could not be started: ${error.message}`));
    });
    child.once('exit', (code, signal) => {
      running.delete(handle);
      if (!ready) {
        clearTimeout(timer);
        reject(new Error(`${options.name} exited (${signal ?? `code ${code}`}) before it was ready:\n${tail.join('\n')}`));
      } else if (!stopping) {
        options.say(`  ${options.name} exited unexpectedly (${signal ?? `code ${code}`}); its last lines:\n${tail.join('\n')}`);
      }
    });
  });
}

/** `lines` appended to `tail`, which keeps only its last `max`. */
function keepLast(tail: string[], lines: readonly string[], max: number): void {
  if (lines.length >= max) tail.splice(0, tail.length, ...lines.slice(-max));
  else {
    tail.push(...lines);
    if (tail.length > max) tail.splice(0, tail.length - max);
  }
}
