// Runs `src/composition/entries/job.ts` (what `npm run job -- ...` runs), or another script, as a real process with
// arguments and exactly the given environment, and collects its output and exit code.
import { spawn } from 'node:child_process';
import path from 'node:path';

export interface JobResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

const ROOT = path.resolve(import.meta.dirname, '../..');

export function runJob(args: string[], env: Record<string, string>, timeoutMs = 60_000): Promise<JobResult> {
  return runScript('src/composition/entries/job.ts', args, env, timeoutMs);
}

/** Runs a TypeScript script of this repository through tsx, with exactly `env` (and PATH, HOME): no setting leaks in. */
export function runScript(script: string, args: string[], env: Record<string, string>, timeoutMs = 60_000): Promise<JobResult> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${script} ${args.join(' ')} still running after ${timeoutMs} ms:\n${stdout}\n${stderr}`));
    }, timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    // 'close' comes after the process exited and its output pipes are drained.
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
