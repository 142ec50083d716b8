// `npm run bench:startup`: how long the API service takes from process start to `GET /readyz` answering 200, and its
// resident memory then, run from the TypeScript sources through tsx (`npm start`) and compiled (`npm run build`, then
// `npm run start:prod`); each also without npm in front (`node --import tsx …ts` and `node dist/…js`). Every variant
// starts RUNS times against the same migrated database, round by round in a rotating order after a warm-up round;
// medians are reported. Writes its own section of docs/benchmarks.md. Exits non-zero only on errors.
//
// Knobs (the documented numbers use the defaults):
//   DATABASE_URL              use this server (a database of the benchmark's own is created and dropped); else embedded
//   BENCH_STARTUP_RUNS        measured starts per variant (default 5)
//   BENCH_STARTUP_WARMUP      unmeasured warm-up rounds (default 1: disk cache and tsx's transform cache warm)
//   BENCH_STARTUP_SETTLE_MS   the second memory reading is taken this long after ready (default 3000)
//   BENCH_STARTUP_RUNTIME     a production folder to start the compiled variants from (its package.json, node_modules
//                             and dist/, as after `npm ci --omit=dev`); default: `npm run build` into a temp folder
//                             whose node_modules is a link to this checkout's
//   BENCH_QUIET_WAIT_SECONDS  how long to wait for other processes to leave the CPU before measuring (default 60)
//   BENCH_REPORT              Markdown file to write (default docs/benchmarks.md)
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { copyFile, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cpuWindow, waitForQuiet } from './cpu.js';
import { freePort, startMigratedDatabase } from './database.js';
import { QUIET_THRESHOLD_CORES } from './load.js';
import { writeReportSection } from './report-section.js';
import { codeVersion } from './support/code-version.js';
import { intEnv, reportFile, ROOT } from './support/knobs.js';
import { machineInfo, machineParagraph } from './support/machine.js';
import { table } from './support/markdown-table.js';
import { median } from './support/percentiles.js';
import { childEnv, serviceSettings } from './support/service-process.js';
import { installTeardown } from './teardown.js';

const RUNS = intEnv('BENCH_STARTUP_RUNS', 5);
const WARMUP = Number(process.env.BENCH_STARTUP_WARMUP?.trim() || 1);
const SETTLE_MS = intEnv('BENCH_STARTUP_SETTLE_MS', 3000);
const QUIET_WAIT_SECONDS = intEnv('BENCH_QUIET_WAIT_SECONDS', 60);
const READY_TIMEOUT_MS = 120_000;
const POLL_MS = 20;
const REPORT = reportFile();
const SECRET = randomBytes(32).toString('base64url');

const say = (line: string): void => console.log(line);

/** The npm CLI that runs this benchmark (`npm run bench:startup` sets npm_execpath), else `npm` from PATH. */
function npmCommand(args: string[]): { command: string; args: string[] } {
  const cli = process.env.npm_execpath;
  return cli && cli.endsWith('.js') ? { command: process.execPath, args: [cli, ...args] } : { command: 'npm', args };
}

interface Variant {
  name: string;
  /** What runs: npm, tsx or the compiled entry. */
  kind: 'tsx' | 'compiled';
  cwd: string;
  command: string;
  args: string[];
}

function variants(runtime: string): Variant[] {
  const npmStart = npmCommand(['start']);
  const npmProd = npmCommand(['run', 'start:prod']);
  return [
    { name: '`npm start` (tsx)', kind: 'tsx', cwd: ROOT, ...npmStart },
    { name: '`npm run start:prod` (compiled)', kind: 'compiled', cwd: runtime, ...npmProd },
    { name: '`node --import tsx src/…/api-service.ts`', kind: 'tsx', cwd: ROOT, command: process.execPath, args: ['--import', 'tsx', 'src/composition/entries/api-service.ts'] },
    { name: '`node dist/src/…/api-service.js`', kind: 'compiled', cwd: runtime, command: process.execPath, args: ['dist/src/composition/entries/api-service.js'] },
  ];
}

interface Sample {
  startupMs: number;
  /** VmRSS (kB) of the service's own process: at the first 200 of /readyz, and SETTLE_MS later. */
  serviceRssKb: number;
  serviceRssSettledKb: number;
  /** VmRSS (kB) summed over the started process and all its descendants (npm, sh, tsx's CLI, the service), settled. */
  treeRssSettledKb: number;
  processes: number;
}

interface ProcInfo {
  ppid: number;
  cmdline: string;
}

function processTable(): Map<number, ProcInfo> {
  const procs = new Map<number, ProcInfo>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' ');
      procs.set(Number(entry), { ppid, cmdline });
    } catch {
      // The process ended while we looked.
    }
  }
  return procs;
}

/** `root` and its descendants. */
function tree(root: number, procs: Map<number, ProcInfo>): number[] {
  const found = [root];
  for (let i = 0; i < found.length; i++) {
    for (const [pid, info] of procs) if (info.ppid === found[i]) found.push(pid);
  }
  return found.filter((pid) => procs.has(pid));
}

function vmRssKb(pid: number): number {
  try {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

/** The service's own process in the tree: the deepest one running the api-service entry (below npm, sh and tsx's CLI). */
function serviceProcess(root: number): { service: number; members: number[] } {
  const procs = processTable();
  const members = tree(root, procs);
  const entries = members.filter((pid) => procs.get(pid)!.cmdline.includes('api-service'));
  const service = entries.find((pid) => !entries.some((other) => procs.get(other)!.ppid === pid)) ?? root;
  return { service, members };
}

const live = new Set<ChildProcess>();

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // The group is gone.
  }
}

function groupAlive(child: ChildProcess): boolean {
  try {
    process.kill(-child.pid!, 0);
    return true;
  } catch {
    return false;
  }
}

/** SIGTERM to the whole process group (npm does not always pass it on through `sh -c`), SIGKILL after 20 s. */
async function stopGroup(child: ChildProcess): Promise<void> {
  signalGroup(child, 'SIGTERM');
  const deadline = Date.now() + 20_000;
  while (groupAlive(child)) {
    if (Date.now() > deadline) {
      say(`  ${child.pid} did not stop within 20 s; killing its process group`);
      signalGroup(child, 'SIGKILL');
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  live.delete(child);
}

async function readyz(port: number): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(2000) });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}

async function startOnce(variant: Variant, databaseUrl: string): Promise<Sample> {
  const port = await freePort();
  const env = childEnv(serviceSettings(databaseUrl, SECRET, port, { ACCESS_LOG: 'off' }));
  const started = performance.now();
  const child = spawn(variant.command, variant.args, { cwd: variant.cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  live.add(child);
  let output = '';
  const collect = (chunk: Buffer): void => {
    output = (output + chunk.toString('utf8')).slice(-4000);
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  let exited = false;
  child.once('exit', () => (exited = true));
  try {
    for (;;) {
      if (await readyz(port)) break;
      if (exited) throw new Error(`${variant.name} exited before it was ready:\n${output}`);
      if (performance.now() - started > READY_TIMEOUT_MS) throw new Error(`${variant.name} was not ready within ${READY_TIMEOUT_MS} ms:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    const startupMs = performance.now() - started;
    const { service } = serviceProcess(child.pid!);
    const serviceRssKb = vmRssKb(service);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const { members } = serviceProcess(child.pid!);
    const serviceRssSettledKb = vmRssKb(service);
    const treeRssSettledKb = members.reduce((sum, pid) => sum + vmRssKb(pid), 0);
    if (exited) throw new Error(`${variant.name} exited after it was ready:\n${output}`);
    return { startupMs, serviceRssKb, serviceRssSettledKb, treeRssSettledKb, processes: members.length };
  } finally {
    await stopGroup(child);
  }
}

/** The compiled service and what it runs with: BENCH_STARTUP_RUNTIME, or a fresh `npm run build` in a temp folder. */
async function compiledRuntime(): Promise<{ folder: string; note: string; remove: () => Promise<void> }> {
  const given = process.env.BENCH_STARTUP_RUNTIME?.trim();
  if (given) {
    const folder = path.resolve(given);
    if (!existsSync(path.join(folder, 'dist/src/composition/entries/api-service.js'))) throw new Error(`${folder} has no dist/ (npm run build)`);
    return { folder, note: `the production folder ${folder} (its own node_modules)`, remove: async () => undefined };
  }
  const folder = await mkdtemp(path.join(tmpdir(), 'shelfwatch-startup-'));
  say(`Building the compiled service into ${folder} ...`);
  const built = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build/build.ts', '--out-dir', path.join(folder, 'dist')], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('npm run build failed');
  await copyFile(path.join(ROOT, 'package.json'), path.join(folder, 'package.json'));
  await symlink(path.join(ROOT, 'node_modules'), path.join(folder, 'node_modules'), 'dir');
  return {
    folder,
    note: "`npm run build` into a temp folder beside a copy of package.json and a link to this checkout's node_modules",
    remove: () => rm(folder, { recursive: true, force: true }),
  };
}

interface Result {
  variant: Variant;
  samples: Sample[];
}

const mib = (kb: number): string => `${(kb / 1024).toFixed(1)} MiB`;
const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;

function render(results: Result[], context: { startedAt: Date; code: string; paragraph: string; runtimeNote: string; otherCores: number }): string {
  const med = (r: Result, pick: (s: Sample) => number): number => median(r.samples.map(pick));
  const rows = results.map((r) => {
    const times = r.samples.map((s) => s.startupMs);
    return [
      r.variant.name,
      `**${seconds(med(r, (s) => s.startupMs))}** (${seconds(Math.min(...times))}–${seconds(Math.max(...times))})`,
      mib(med(r, (s) => s.serviceRssKb)),
      `**${mib(med(r, (s) => s.serviceRssSettledKb))}**`,
      mib(med(r, (s) => s.treeRssSettledKb)),
      String(med(r, (s) => s.processes)),
    ];
  });
  const byName = (kind: Variant['kind'], npm: boolean): Result => results.find((r) => r.variant.kind === kind && r.variant.name.includes('npm') === npm)!;
  const ratio = (kind: 'startup' | 'rss', npm: boolean): string => {
    const pick = kind === 'startup' ? (s: Sample) => s.startupMs : (s: Sample) => s.serviceRssSettledKb;
    return (med(byName('compiled', npm), pick) / med(byName('tsx', npm), pick)).toFixed(2);
  };
  return `## Start-up: tsx vs compiled

Run ${context.startedAt.toISOString()}, ${context.code}.
${context.paragraph} Written by \`npm run bench:startup\` (bench/startup.ts).

Each variant started the API service ${RUNS} times (after ${WARMUP} unmeasured warm-up round${WARMUP === 1 ? '' : 's'}), round by round in a rotating order,
against one already migrated database (\`NODE_ENV=production\`, \`ACCESS_LOG=off\`, other settings at their defaults);
the compiled variants ran from ${context.runtimeNote}. **Start-up** is from spawning the command to the first
\`GET /readyz\` answering 200 (polled every ${POLL_MS} ms). **RSS** is VmRSS from /proc/<pid>/status of the service's own process
(for \`npm start\` the node process below npm, sh and tsx's CLI) at that moment and ${SETTLE_MS / 1000} s later; the process tree is
everything the command started: npm and tsx's CLI each hold a V8 of their own, and under tsx an esbuild service process
(tsx's transforms and the in-memory web bundles) lives beside the service. Medians; start-up with its range. Other
processes used ${context.otherCores.toFixed(2)} cores meanwhile.

${table(['Command', 'Start-up (median, range)', 'Service RSS at ready', `Service RSS ${SETTLE_MS / 1000} s later`, 'Process tree RSS', 'Processes'], rows)}

Compiled / tsx: start-up ×${ratio('startup', true)} through npm and ×${ratio('startup', false)} without it; the service's settled
RSS ×${ratio('rss', true)} and ×${ratio('rss', false)}. The tsx runs are warm: tsx keeps its transforms in a cache under the
system temp folder, so a first start after a change (or on a fresh machine) transpiles every module and takes longer.
How to build and run the compiled service: docs/production-build.md.`;
}

const teardown = installTeardown(say, 'the services and the database', {
  first: async () => {
    await Promise.all([...live].map((child) => stopGroup(child)));
  },
});
process.on('exit', () => {
  for (const child of live) signalGroup(child, 'SIGKILL');
});

async function main(): Promise<void> {
  const startedAt = new Date();
  say(`Start-up benchmark: ${RUNS} runs per variant, ${WARMUP} warm-up round(s)`);
  const runtime = await compiledRuntime();
  try {
    const { db, postgres } = await startMigratedDatabase(teardown, say);
    const all = variants(runtime.folder);
    const results: Result[] = all.map((variant) => ({ variant, samples: [] }));
    for (let round = 0; round < WARMUP; round++) {
      for (const variant of all) {
        const sample = await startOnce(variant, db.url);
        say(`  warm-up ${variant.name}: ${seconds(sample.startupMs)}`);
      }
    }
    await waitForQuiet({ threshold: QUIET_THRESHOLD_CORES, maxWaitSeconds: QUIET_WAIT_SECONDS, say });
    const cpu = cpuWindow();
    for (let round = 0; round < RUNS; round++) {
      for (let k = 0; k < all.length; k++) {
        const at = (round + k) % all.length;
        const sample = await startOnce(all[at]!, db.url);
        results[at]!.samples.push(sample);
        say(`  run ${round + 1} ${all[at]!.name}: ${seconds(sample.startupMs)}, service ${mib(sample.serviceRssKb)} → ${mib(sample.serviceRssSettledKb)}, tree ${mib(sample.treeRssSettledKb)} (${sample.processes} processes)`);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
    const { otherCores } = cpu.end();
    const section = render(results, {
      startedAt,
      code: codeVersion(ROOT),
      paragraph: machineParagraph(machineInfo(), postgres, db.kind),
      runtimeNote: runtime.note,
      otherCores,
    });
    say(`\n${section}`);
    await writeReportSection(REPORT, 'startup', section);
    say(`\nWrote the startup section of ${path.relative(ROOT, REPORT)}`);
  } finally {
    await runtime.remove();
  }
}

main()
  .then(() => teardown.cleanup())
  .catch(async (error: unknown) => {
    say(`startup benchmark failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    await teardown.cleanup();
    process.exitCode = 1;
  });
