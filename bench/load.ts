import autocannon, { type Instance, type Options, type Result } from 'autocannon';
import { cpuWindow, waitForQuiet } from './cpu.js';
import { percentile } from './support/percentiles.js';

export interface LoadOptions {
  label: string;
  /** Base URL of the server, e.g. http://127.0.0.1:3000 */
  baseUrl: string;
  /**
   * One path, or several that every connection requests in turn, so that all of them are measured in the same
   * window under the same conditions; latencies are reported per path as well as overall.
   */
  paths: string[];
  token: string;
  connections: number;
  seconds: number;
  warmupSeconds: number;
  /** Before the warm-up, wait up to this long for other processes to leave the machine idle. */
  quietWaitSeconds: number;
  say: (line: string) => void;
}

export interface LatencyStats {
  /** 2xx responses in the measured window. */
  ok: number;
  p50: number;
  p90: number;
  p99: number;
  mean: number;
  max: number;
  /** Latencies (ms, sub-millisecond precision) of the 2xx responses, sorted ascending. */
  latencies: number[];
}

export interface LoadResult extends LatencyStats {
  label: string;
  connections: number;
  seconds: number;
  rps: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  /** Average cores used by processes outside the benchmark during the measured window (a shared machine). */
  otherCores: number;
  /** Average cores used by the benchmark, the service or baseline, and an embedded PostgreSQL. */
  ownCores: number;
  /** Per requested path (all paths of a mix). */
  byPath: Map<string, LatencyStats>;
}

/** Other processes using more than this (in cores) make a measurement suspect: it is taken again. */
export const QUIET_THRESHOLD_CORES = 0.25;
/** Measurements per run at most (BENCH_ATTEMPTS, default 3); the one least disturbed by other processes is kept. */
export const MAX_ATTEMPTS = Math.max(1, Math.trunc(Number(process.env.BENCH_ATTEMPTS ?? 3)) || 3);

let current: Instance | null = null;

/** Stops a load run in progress (Ctrl-C). */
export function stopLoad(): void {
  current?.stop();
}

/**
 * A warm-up run whose numbers are discarded, then the measured run. Latencies are taken from autocannon's
 * per-response event (sub-millisecond), not from its 1 ms-resolution histogram. On a shared machine, a run during
 * which other processes took CPU is repeated (after waiting for quiet), and the least disturbed attempt is kept.
 */
export async function measureLoad(options: LoadOptions): Promise<LoadResult> {
  let best: LoadResult | null = null;
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const result = await measureOnce(options);
    if (!best || result.otherCores < best.otherCores) best = result;
    if (!(result.otherCores > QUIET_THRESHOLD_CORES)) break;
    if (attempt < MAX_ATTEMPTS) {
      options.say(
        `  other processes used ${result.otherCores.toFixed(2)} cores during the measurement; measuring again (attempt ${attempt + 1} of ${MAX_ATTEMPTS})`,
      );
    }
  }
  return best as LoadResult;
}

async function measureOnce(options: LoadOptions): Promise<LoadResult> {
  await waitForQuiet({ threshold: QUIET_THRESHOLD_CORES, maxWaitSeconds: options.quietWaitSeconds, say: options.say });
  if (options.warmupSeconds > 0) {
    const warm = await run(options, options.warmupSeconds, `${options.label} warm-up`, () => undefined);
    options.say(
      `  ${options.label}: warm-up ${options.warmupSeconds} s done (${Math.round(warm['2xx'] / warm.duration)} req/s` +
        `${warm.errors + warm.non2xx > 0 ? `, ${warm.errors} errors, ${warm.non2xx} non-2xx` : ''})`,
    );
  }
  const all: number[] = [];
  const perPath = new Map<string, number[]>(options.paths.map((p) => [p, []]));
  const cpu = cpuWindow();
  const result = await run(options, options.seconds, options.label, (status, ms, path) => {
    if (status < 200 || status >= 300) return;
    all.push(ms);
    perPath.get(path)?.push(ms);
  });
  const usage = cpu.end();
  const overall = statsOf(all);
  const measured: LoadResult = {
    ...overall,
    label: options.label,
    connections: options.connections,
    seconds: result.duration,
    rps: result['2xx'] / result.duration,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    otherCores: usage.otherCores,
    ownCores: usage.ownCores,
    byPath: new Map([...perPath].map(([path, values]) => [path, statsOf(values)])),
  };
  options.say(
    `  ${options.label}: ${measured.rps.toFixed(0)} req/s, p50 ${ms(measured.p50)}, p99 ${ms(measured.p99)}, ` +
      `errors ${measured.errors}, timeouts ${measured.timeouts}, non-2xx ${measured.non2xx}; ` +
      `CPU: ${measured.ownCores.toFixed(2)} cores ours, ${measured.otherCores.toFixed(2)} cores other processes`,
  );
  if (options.paths.length > 1) {
    for (const [path, s] of measured.byPath) options.say(`    ${decodeURIComponent(path)}: ${s.ok} ok, p50 ${ms(s.p50)}, p99 ${ms(s.p99)}`);
  }
  return measured;
}

/** The request a client's response answers: with one request in flight per connection, the one it last sent. */
interface ClientInternals {
  requestIterator?: { currentRequest?: { path?: string } };
}

function run(
  options: LoadOptions,
  seconds: number,
  label: string,
  onResponse: (status: number, ms: number, path: string) => void,
): Promise<Result> {
  const [first] = options.paths;
  if (first === undefined) throw new Error('measureLoad needs at least one path');
  const request: Options = {
    url: options.baseUrl + first,
    connections: options.connections,
    pipelining: 1,
    duration: seconds,
    timeout: 30,
    headers: { authorization: `Bearer ${options.token}` },
    ...(options.paths.length > 1 ? { requests: options.paths.map((path) => ({ method: 'GET', path })) } : {}),
  };
  const instance = autocannon(request);
  current = instance;
  let count = 0;
  let elapsed = 0;
  instance.on('response', (client, status, _bytes, responseMs) => {
    count += 1;
    // autocannon 8 keeps the request being answered as its iterator's current one until the next is sent.
    const path = options.paths.length > 1 ? ((client as ClientInternals).requestIterator?.currentRequest?.path ?? '?') : first;
    onResponse(status, responseMs, path);
  });
  // One progress line per second (per two seconds for long runs) while the load runs.
  const every = seconds > 12 ? 2 : 1;
  const ticker = setInterval(() => {
    elapsed += every;
    options.say(`    ${label}: ${elapsed} s / ${seconds} s, ${Math.round(count / every)} req/s`);
    count = 0;
  }, every * 1000);
  return Promise.resolve(instance).finally(() => {
    clearInterval(ticker);
    current = null;
  });
}

function statsOf(values: number[]): LatencyStats {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    ok: sorted.length,
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    mean: sorted.reduce((sum, v) => sum + v, 0) / Math.max(1, sorted.length),
    max: sorted[sorted.length - 1] ?? NaN,
    latencies: sorted,
  };
}

export function ms(value: number): string {
  return Number.isFinite(value) ? `${value.toFixed(value < 10 ? 2 : 1)} ms` : 'n/a';
}
