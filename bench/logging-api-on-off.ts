// API throughput with logging on versus off (issue 5's last target), measured on one API process that switches its
// log sink (bench/logging-api-server.ts). Short runs alternate between the two states; the median of the adjacent
// pairs' ratios is the estimate, with a bootstrap interval. The same comparison with logging off on both sides
// (off / off) runs beside it: what it shows is this machine's noise alone.
import jwt from 'jsonwebtoken';
import { freePort } from './database.js';
import { type HttpLoad, type HttpLoadOptions, load } from './logging-http-load.js';
import { pairedRatio, type RatioEstimate } from './paired-ratio.js';
import { cores } from './pricing-report.js';
import { startNodeChild } from './processes.js';

type Switch = 'on' | 'off';

export interface Comparison {
  /** What is compared, for the report. */
  label: string;
  load: 'ordinary' | 'flood';
  second: Switch;
  first: HttpLoad[];
  then: HttpLoad[];
  ratio: RatioEstimate;
}

export interface OnOffOptions {
  databaseUrl: string;
  rootDir: string;
  pairs: number;
  seconds: number;
  connections: number;
  quiet: () => Promise<unknown>;
  say: (line: string) => void;
}

const JWT_SECRET = 'bench-jwt-secret-that-is-long-enough-0123456789';

/** Three comparisons: the 401 flood on / off (the worst case), the same flood off / off (the noise), ordinary 200s on / off. */
export async function apiOnOff(options: OnOffOptions): Promise<Comparison[]> {
  const [port, controlPort] = [await freePort(), await freePort()];
  const api = await startNodeChild({
    name: 'api',
    args: ['--import', 'tsx', 'bench/logging-api-server.ts'],
    cwd: options.rootDir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: options.databaseUrl,
      JWT_SECRET,
      PORT: String(port),
      BENCH_CONTROL_PORT: String(controlPort),
      HOST: '127.0.0.1',
      SCHEDULER: 'off',
      FETCH_WORKERS: 'off',
      DEMO_STORES: 'off',
    },
    ready: /^READY /,
    timeoutMs: 60_000,
    say: options.say,
  });
  const switchLogging = async (state: Switch): Promise<void> => {
    const response = await fetch(`http://127.0.0.1:${controlPort}/logging/${state}`, { method: 'POST' });
    if (response.status !== 204) throw new Error(`the API's logging switch answered ${response.status}`);
  };
  const token = jwt.sign({ sub: 'bench' }, JWT_SECRET, { algorithm: 'HS256', expiresIn: 3600 });
  const target = (kind: Comparison['load'], seconds: number): HttpLoadOptions =>
    kind === 'flood'
      ? // Every answer a 401 that records one auth_failed: the most logging a request does.
        { url: `http://127.0.0.1:${port}/api/books`, method: 'GET', headers: { authorization: 'Bearer not.a.valid-token' }, connections: options.connections, seconds, expect: '4xx' }
      : // An authenticated 200: the seed logs no 2xx, so nothing is recorded.
        { url: `http://127.0.0.1:${port}/api/languages?per_page=5`, method: 'GET', headers: { authorization: `Bearer ${token}` }, connections: options.connections, seconds, expect: '2xx' };
  const runIn = async (state: Switch, kind: Comparison['load'], seconds: number): Promise<HttpLoad> => {
    await switchLogging(state);
    return load(target(kind, seconds));
  };

  const plan: Array<Pick<Comparison, 'label' | 'load' | 'second'>> = [
    { label: '401 flood, logging off / on', load: 'flood', second: 'on' },
    { label: '401 flood, logging off / off (noise)', load: 'flood', second: 'off' },
    { label: 'ordinary 200s, logging off / on', load: 'ordinary', second: 'on' },
  ];
  const comparisons: Comparison[] = [];
  try {
    for (const step of plan) {
      await options.quiet();
      for (const state of ['off', 'on'] as const) await runIn(state, step.load, 3); // warm-up
      const first: HttpLoad[] = [];
      const then: HttpLoad[] = [];
      for (let pair = 0; pair < options.pairs; pair++) {
        // The order alternates, so a run's position in the pair favours neither side.
        if (pair % 2 === 0) {
          first.push(await runIn('off', step.load, options.seconds));
          then.push(await runIn(step.second, step.load, options.seconds));
        } else {
          then.push(await runIn(step.second, step.load, options.seconds));
          first.push(await runIn('off', step.load, options.seconds));
        }
        if ((pair + 1) % 10 === 0 || pair + 1 === options.pairs) {
          const sofar = pairedRatio(first.map((f, i) => then[i]!.rps / f.rps), 200);
          options.say(`  ${step.label}: ${pair + 1}/${options.pairs} pairs, median ratio so far ${sofar.median.toFixed(3)} (other processes up to ${cores(Math.max(...[...first, ...then].map((r) => r.otherCores)))} cores)`);
        }
      }
      comparisons.push({ ...step, first, then, ratio: pairedRatio(first.map((f, i) => then[i]!.rps / f.rps)) });
    }
  } finally {
    await api.stop();
  }
  return comparisons;
}
