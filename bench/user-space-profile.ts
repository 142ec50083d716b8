// `npx tsx bench/user-space-profile.ts [ontology|ontology-genre|stores|import ...]`: a diagnostic companion of bench/user-space.ts
// (not a benchmark: it writes no report). Starts the same service child with `--cpu-prof`, puts it under one
// workload at a time (the user-space benchmark's own), stops it, and prints where the service's CPU time went:
// self time by package / source folder and by function. The raw .cpuprofile files are kept for Chrome DevTools.
//
//   BENCH_SECONDS   seconds of load per HTTP workload (default 10)
//   BENCH_IMPORT_RUNS  imports in the import workload (default 5)
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrate } from '../src/adapters/postgres/database.js';
import { goodreadsCsv, syntheticGoodreadsRows } from '../test/support/import-fixtures.js';
import { type BenchDatabase, freePort, startBenchDatabase } from './database.js';
import { measureLoad, ms } from './load.js';
import { runningChildren } from './processes.js';
import { ROOT } from './support/knobs.js';
import { serviceSettings, startApiService } from './support/service-process.js';
import { benchToken, localUrl } from './support/service-requests.js';
import { createUserThroughService, importOnce, USER_SPACE_SERVICE } from './user-space-import.js';
import { seedImportCatalog } from './user-space-seed.js';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10) || 10;
const IMPORT_RUNS = Number(process.env.BENCH_IMPORT_RUNS ?? 5) || 5;
const WORKLOADS = ['ontology', 'ontology-genre', 'stores', 'import'] as const;
type Workload = (typeof WORKLOADS)[number];

const say = (line: string): void => console.log(line);

let database: BenchDatabase | null = null;
process.on('exit', () => {
  for (const child of runningChildren()) child.killNow();
  database?.stopSync();
});

async function main(): Promise<void> {
  const asked = process.argv.slice(2);
  const workloads = (asked.length > 0 ? asked : [...WORKLOADS]) as Workload[];
  for (const w of workloads) if (!WORKLOADS.includes(w)) throw new Error(`Unknown workload ${w}; one of ${WORKLOADS.join(', ')}`);

  database = await startBenchDatabase(process.env, say);
  await migrate(database.url);
  const rows = syntheticGoodreadsRows(10_000).map((row) => ({ ...row, shelf: 'to-read' }));
  const csv = Buffer.from(goodreadsCsv(rows), 'utf8');
  await seedImportCatalog(database.url, rows, say);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();

  for (const workload of workloads) {
    const profileDir = mkdtempSync(path.join(tmpdir(), `shelfwatch-profile-${workload}-`));
    const secret = randomBytes(32).toString('base64url');
    const port = await freePort();
    const service = await startApiService({
      nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`],
      env: { ...process.env, ...serviceSettings(database.url, secret, port, USER_SPACE_SERVICE) },
      say,
    });
    const baseUrl = localUrl(port);
    const subject = `profile-${workload}-${randomBytes(3).toString('hex')}`;
    const token = benchToken(secret, subject, '1h');
    await createUserThroughService(baseUrl, token, client, subject);
    // CLOCK_MONOTONIC in µs, the clock of V8's profile timestamps: only samples inside these windows are counted.
    const windows: Array<[number, number]> = [];
    let requests = 0;
    const now = (): number => Number(process.hrtime.bigint() / 1000n);
    const loadOf = async (paths: string[], connections: number): Promise<void> => {
      const common = { baseUrl, paths, token, connections, quietWaitSeconds: 30, say };
      // Warm-up outside the profiled window, so that every request of the window is counted.
      await measureLoad({ ...common, label: `${workload} at ${connections} (warm-up)`, seconds: 2, warmupSeconds: 0 });
      const t0 = now();
      const r = await measureLoad({ ...common, label: `${workload} at ${connections}`, seconds: SECONDS, warmupSeconds: 0 });
      windows.push([t0, now()]);
      requests += r.ok;
      say(`  ${workload} at ${connections}: ${r.rps.toFixed(0)} req/s, p50 ${ms(r.p50)}, p99 ${ms(r.p99)}, ${r.ownCores.toFixed(2)} cores ours, ${r.otherCores.toFixed(2)} other`);
    };
    if (workload === 'ontology' || workload === 'ontology-genre') {
      const { rows: [largest] } = await client.query<{ type_id: string; genre_id: string }>(
        'select type_id, genre_id from ontology_node group by 1, 2 order by count(*) desc, 1, 2 limit 1',
      );
      // The same tree by genre alone: GetOntology then skips its type-exists statement (2 statements instead of 3).
      const p =
        workload === 'ontology'
          ? `/api/ontology?type_id=${largest?.type_id}&genre_id=${largest?.genre_id}`
          : `/api/ontology?genre_id=${largest?.genre_id}`;
      await loadOf([p], 1);
      await loadOf([p], 4);
    } else if (workload === 'stores') {
      await fetch(`${baseUrl}/api/user/preferences`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ country: 'DE', currency: 'EUR' }),
      });
      await loadOf(['/api/user/stores'], 1);
      await loadOf(['/api/user/stores'], 4);
    } else {
      for (let i = 0; i < IMPORT_RUNS; i++) {
        const s = `profile-import-${i}`;
        const t = benchToken(secret, s, '1h');
        await createUserThroughService(baseUrl, t, client, s);
        const t0 = now();
        const run = await importOnce({ baseUrl, token: t, csv, encoding: 'text/csv', servicePid: service.pid });
        windows.push([t0, now()]);
        requests += 1;
        say(`  import ${i + 1}: ${ms(run.ms)}, created ${run.report.created}`);
      }
    }
    await service.stop();
    summarise(workload, profileDir, windows, requests);
  }
  await client.end();
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/**
 * Self time by package / folder and by function, from the profile the child wrote on exit: only samples taken
 * inside the workload's measured windows (start-up and warm-ups excluded), idle time left out.
 */
function summarise(workload: string, dir: string, windows: Array<[number, number]>, requests: number): void {
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) {
    say(`No profile written in ${dir}`);
    return;
  }
  const profile = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, ProfileNode>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n);
  const inclusive = new Map<string, number>();
  const self = new Map<number, number>();
  let t = profile.startTime;
  let windowMicros = 0;
  for (const [a, b] of windows) windowMicros += b - a;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    t += delta;
    if (!windows.some(([a, b]) => t >= a && t <= b)) return;
    if (byId.get(id)?.callFrame.functionName === '(idle)') return;
    self.set(id, (self.get(id) ?? 0) + delta);
    // Inclusive time: every distinct function on the sampled stack.
    const seen = new Set<string>();
    for (let node = byId.get(id); node; node = parent.get(node.id)) {
      const key = frameName(node.callFrame);
      if (seen.has(key)) continue;
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + delta);
    }
  });
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const byPackage = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (const [id, micros] of self) {
    const frame = byId.get(id)?.callFrame;
    if (!frame) continue;
    const where = packageOf(frame.url, frame.functionName);
    byPackage.set(where, (byPackage.get(where) ?? 0) + micros);
    const fn = frameName(frame);
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + micros);
  }
  const pct = (micros: number): string => `${((100 * micros) / total).toFixed(1).padStart(5)} %`;
  say(
    `\n--- ${workload}: the service was busy ${(total / 1e6).toFixed(2)} s of ${(windowMicros / 1e6).toFixed(1)} s of load windows ` +
      `(${requests} requests); ${path.join(dir, file)}`,
  );
  say('Self time by package / folder:');
  for (const [k, v] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 20)) say(`  ${pct(v)}  ${k}`);
  say('Self time by function:');
  for (const [k, v] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 30)) say(`  ${pct(v)}  ${k}`);
  say('Inclusive time (self + callees) by function, project code and libraries only:');
  const interesting = [...inclusive].filter(([k]) => !/^\(|^runMicrotasks|^processTicksAndRejections|^emit |^listOnTimeout|^processTimers/.test(k));
  for (const [k, v] of interesting.sort((a, b) => b[1] - a[1]).slice(0, 45)) say(`  ${pct(v)}  ${k}`);
  if (requests > 0) say(`Service CPU per request: ${((total / requests) / 1000).toFixed(2)} ms`);
}

function frameName(frame: ProfileNode['callFrame']): string {
  return `${frame.functionName || '(anonymous)'} ${shortUrl(frame.url)}:${frame.lineNumber + 1}`;
}

function packageOf(url: string, functionName: string): string {
  if (url === '') return functionName.startsWith('(') ? functionName : '(native)';
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (nm) return nm[1] ?? url;
  if (url.startsWith('node:')) return 'node internals';
  const src = /\/work\/main\/(src\/(?:[^/]+\/){0,2})/.exec(url) ?? /\/(src\/(?:[^/]+\/){0,2})/.exec(url);
  return src ? (src[1] ?? url) : url;
}

function shortUrl(url: string): string {
  return url.replace(/^file:\/\//, '').replace(`${ROOT}/`, '').replace(/^.*node_modules\//, '');
}

main().then(
  async () => {
    await database?.stop();
    process.exit(0);
  },
  async (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    await Promise.all(runningChildren().map((c) => c.stop(3000).catch(() => undefined)));
    await database?.stop().catch(() => undefined);
    process.exit(1);
  },
);
