import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type ChildHandle, startNodeChild } from './processes.js';
import { type CpuSplit, cpuSplitWindow, isAlive, type RssSample, sampleRss } from './pricing-proc.js';

// Runs `src/composition/entries/job.ts` as one child process, exactly as `npm run job` starts it (the node command of package.json's
// "job" script, e.g. `node --max-old-space-size=160 --import tsx src/composition/entries/job.ts`, without npm's own process, so the
// process measured is the one doing the work), timing it from spawn to its final summary line while sampling its
// resident memory and the CPU of the processes taking part.

export interface JobOptions {
  name: string;
  /** Arguments to the script. */
  jobArgs: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** The job's final summary line. */
  done: RegExp;
  /** A line marking the end of the job's preparation (startup, planning), for the memory baseline; optional. */
  mark?: RegExp;
  timeoutMs: number;
  /** Other processes whose CPU is reported separately (e.g. the demo store server). */
  alsoWatch?: Record<string, number>;
  say: (line: string) => void;
  /** Output lines of the job worth echoing; the others are counted only. */
  echo?: (line: string) => boolean;
}

export interface JobResult {
  pid: number;
  /** ms from spawn to the summary line. */
  wallMs: number;
  /** ms from spawn to the `mark` line, NaN without one. */
  markMs: number;
  doneMatch: RegExpExecArray;
  lines: Array<{ ms: number; line: string }>;
  memory: {
    /** First sample, right after spawn. */
    firstRss: number;
    /** RSS at the `mark` line (NaN without one). */
    rssAtMark: number;
    /** Highest sampled RSS until the summary line. */
    peakRss: number;
    /** VmHWM at the summary line: the kernel's own peak, between samples too. */
    hwm: number;
    /** Highest RSS from the summary line to the exit (the shutdown). */
    peakAfterDone: number;
    samples: RssSample[];
  };
  /** CPU from spawn to the summary line. */
  cpu: CpuSplit;
  exit: string;
}

const JOB_SCRIPT = 'src/composition/entries/job.ts';

/** The node options of package.json's "job" script (`node <options> <script>`): how the product runs its jobs. */
export function jobNodeOptions(cwd: string): string[] {
  const pkg = JSON.parse(readFileSync(path.join(cwd, 'package.json'), 'utf8')) as { scripts?: Record<string, string> };
  const words = (pkg.scripts?.job ?? '').trim().split(/\s+/);
  if (words[0] !== 'node' || words.at(-1) !== JOB_SCRIPT) throw new Error(`package.json's "job" script is not "node … ${JOB_SCRIPT}": ${pkg.scripts?.job}`);
  return words.slice(1, -1);
}

export async function runJob(options: JobOptions): Promise<JobResult> {
  const t0 = performance.now();
  const lines: JobResult['lines'] = [];
  let markMs = NaN;
  let rssAtMark = NaN;
  let exit = 'running';
  let quiet = 0;
  let sampler: ReturnType<typeof sampleRss> | null = null;
  const script = JOB_SCRIPT;
  const starting = startNodeChild({
    name: options.name,
    args: [...jobNodeOptions(options.cwd), script, ...options.jobArgs],
    cwd: options.cwd,
    env: options.env,
    ready: options.done,
    timeoutMs: options.timeoutMs,
    say: (formatted) => {
      const exited = new RegExp(`^\\s*${escape(options.name)} exited unexpectedly \\((.*)\\)$`).exec(formatted);
      if (exited) {
        exit = exited[1] ?? '?';
        return;
      }
      const prefix = `  [${options.name}] `;
      const line = formatted.startsWith(prefix) ? formatted.slice(prefix.length) : formatted;
      const ms = performance.now() - t0;
      lines.push({ ms, line });
      if (options.mark && Number.isNaN(markMs) && options.mark.test(line)) {
        markMs = ms;
        rssAtMark = sampler?.samples.at(-1)?.rss ?? NaN;
      }
      if (!options.echo || options.echo(line)) options.say(formatted);
      else if (++quiet % 1000 === 1) options.say(`  [${options.name}] (${quiet} log line(s) not echoed so far)`);
    },
  });
  // startNodeChild spawns synchronously: the child is already there.
  const pid = findChild(script, options.jobArgs[0] ?? '');
  sampler = sampleRss(pid, 100);
  const cpu = cpuSplitWindow({ job: pid, ...(options.alsoWatch ?? {}) });
  let handle: ChildHandle;
  try {
    handle = await starting;
  } catch (error) {
    sampler.stop();
    throw error;
  }
  const wallMs = performance.now() - t0;
  const cpuSplit = cpu.end();
  const doneLine = [...lines].reverse().find((l) => options.done.test(l.line));
  const doneMatch = options.done.exec(doneLine?.line ?? '') as RegExpExecArray;
  const samplesUntilDone = sampler.samples.filter((s) => s.t <= wallMs);
  const peakRss = samplesUntilDone.reduce((max, s) => Math.max(max, s.rss), 0);
  const hwm = sampler.lastHwm();
  const firstRss = sampler.samples[0]?.rss ?? NaN;

  // The job shuts down by itself (queue, pool, log buffer) and exits.
  const deadline = performance.now() + 120_000;
  while (isAlive(pid) && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  sampler.stop();
  if (isAlive(pid)) {
    options.say(`  ${options.name} still running 120 s after its summary; stopping it`);
    await handle.stop(10_000);
    exit = 'stopped by the benchmark';
  } else if (exit === 'running') {
    await new Promise((resolve) => setTimeout(resolve, 200));
    exit = exit === 'running' ? 'code 0' : exit;
  }
  const peakAfterDone = sampler.samples.filter((s) => s.t > wallMs).reduce((max, s) => Math.max(max, s.rss), 0);
  return {
    pid,
    wallMs,
    markMs,
    doneMatch,
    lines,
    memory: { firstRss, rssAtMark, peakRss, hwm, peakAfterDone, samples: sampler.samples },
    cpu: cpuSplit,
    exit,
  };
}

/** The benchmark's child running `script` with `firstArg` (scanned in /proc right after spawning it). */
function findChild(script: string, firstArg: string): number {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid !== process.pid) continue;
      const argv = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (argv.includes(script) && argv.includes(firstArg)) found.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  if (found.length !== 1) throw new Error(`Expected one child process running ${script} ${firstArg}, found ${found.length}`);
  return found[0] as number;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
