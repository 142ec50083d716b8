// One wish import through the real service (wall time, peak RSS of the service process) and its baseline: the
// same wish rows inserted with one bulk SQL statement.
import { readFileSync, writeFileSync } from 'node:fs';
import type pg from 'pg';
import { cpuWindow } from './cpu.js';

export interface ImportReportJson {
  created: number;
  already_wished: number;
  unmatched: Array<{ line: number; reason: string; title: string | null; isbn: string | null }>;
  invalid: Array<{ line: number; message: string }>;
  /** With `create_missing=true`: what the import added to the catalog. */
  created_books?: number;
  created_authors?: number;
  created_editions?: number;
}

export interface ImportRun {
  /** Wall time of the request, from sending it to reading the whole response, in milliseconds. */
  ms: number;
  report: ImportReportJson;
  /** Resident set of the service before the request (kB). */
  rssBeforeKb: number;
  /** Peak resident set during the request (kB): VmHWM after a reset, or the highest 5 ms sample. */
  peakRssKb: number;
  /** 'VmHWM' when the kernel's high-water mark could be reset before the request, else 'sampled'. */
  peakSource: 'VmHWM' | 'sampled';
  /** Resident set right after the response (kB). */
  rssAfterKb: number;
  otherCores: number;
  ownCores: number;
  /** CPU time (user + system) the service process used during the request, ms. */
  serviceCpuMs: number;
}

/**
 * utime + stime in seconds, from /proc (NaN when unreadable): of the whole process (all its threads: V8's
 * garbage-collection helpers, libuv's pool), or with `mainThread` of its main thread only, the one that runs
 * the JavaScript.
 */
export function processCpuSeconds(pid: number, mainThread = false): number {
  try {
    const stat = readFileSync(mainThread ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

/** A field of /proc/<pid>/status in kB (VmRSS, VmHWM); NaN when unreadable (not Linux, process gone). */
export function statusKb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : NaN;
  } catch {
    return NaN;
  }
}

/** Resets the kernel's peak-RSS mark of `pid` to its current RSS (Linux ≥ 4.0: "5" into clear_refs). */
export function resetPeakRss(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return statusKb(pid, 'VmHWM') <= statusKb(pid, 'VmRSS') + 64;
  } catch {
    return false;
  }
}

/** POSTs the file to /api/wishes/import, as text/csv or as the "file" field of multipart/form-data. */
export async function importOnce(options: {
  baseUrl: string;
  token: string;
  csv: Buffer;
  encoding: 'text/csv' | 'multipart';
  servicePid: number;
  /** Query string without the "?", e.g. "create_missing=true"; none by default. */
  query?: string;
}): Promise<ImportRun> {
  const { servicePid: pid } = options;
  const path = `/api/wishes/import${options.query ? `?${options.query}` : ''}`;
  let body: Buffer | FormData;
  const headers: Record<string, string> = { authorization: `Bearer ${options.token}` };
  if (options.encoding === 'text/csv') {
    body = options.csv;
    headers['content-type'] = 'text/csv; charset=utf-8';
  } else {
    const form = new FormData();
    form.set('file', new Blob([options.csv], { type: 'text/csv' }), 'goodreads_library_export.csv');
    body = form;
  }
  const rssBeforeKb = statusKb(pid, 'VmRSS');
  const hwmReset = resetPeakRss(pid);
  let sampledPeak = rssBeforeKb;
  const sampler = setInterval(() => {
    const rss = statusKb(pid, 'VmRSS');
    if (rss > sampledPeak) sampledPeak = rss;
  }, 5);
  const cpu = cpuWindow();
  const serviceCpu0 = processCpuSeconds(pid);
  const t0 = performance.now();
  let text: string;
  let status: number;
  try {
    const response = await fetch(options.baseUrl + path, { method: 'POST', headers, body });
    status = response.status;
    text = await response.text();
  } finally {
    clearInterval(sampler);
  }
  const ms = performance.now() - t0;
  const serviceCpuMs = (processCpuSeconds(pid) - serviceCpu0) * 1000;
  const usage = cpu.end();
  if (status !== 200) throw new Error(`POST ${path} answered ${status}: ${text.slice(0, 500)}`);
  const hwm = statusKb(pid, 'VmHWM');
  const rssAfterKb = statusKb(pid, 'VmRSS');
  const peakRssKb = hwmReset && Number.isFinite(hwm) ? Math.max(hwm, sampledPeak) : Math.max(sampledPeak, rssAfterKb);
  return {
    ms,
    report: JSON.parse(text) as ImportReportJson,
    rssBeforeKb,
    peakRssKb,
    peakSource: hwmReset ? 'VmHWM' : 'sampled',
    rssAfterKb,
    otherCores: usage.otherCores,
    ownCores: usage.ownCores,
    serviceCpuMs,
  };
}

export interface BaselineRun {
  ms: number;
  rows: number;
  otherCores: number;
}

/** The baseline: the same (user, book) rows in one `insert ... select` statement over an array of the book ids. */
export const BASELINE_SQL = 'insert into wish (user_id, book_id) select $1, b from unnest($2::bigint[]) as b';

export async function baselineOnce(client: pg.Client, userId: number, bookIds: readonly number[]): Promise<BaselineRun> {
  const cpu = cpuWindow();
  const t0 = performance.now();
  const result = await client.query(BASELINE_SQL, [userId, bookIds]);
  const ms = performance.now() - t0;
  return { ms, rows: result.rowCount ?? 0, otherCores: cpu.end().otherCores };
}

/** Creates the user through the service (its first authenticated request) and returns its user_id. */
export async function createUserThroughService(baseUrl: string, token: string, client: pg.Client, subject: string): Promise<number> {
  const response = await fetch(`${baseUrl}/api/user/preferences`, { headers: { authorization: `Bearer ${token}` } });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`GET /api/user/preferences answered ${response.status}: ${text.slice(0, 300)}`);
  const { rows } = await client.query<{ user_id: string }>('select user_id from app_user where subject = $1', [subject]);
  if (!rows[0]) throw new Error(`No app_user row for subject ${subject} after an authenticated request`);
  return Number(rows[0].user_id);
}

export function mib(kb: number): string {
  return Number.isFinite(kb) ? `${(kb / 1024).toFixed(1)} MiB` : 'n/a';
}

/**
 * The user-space benchmark's service (bench/user-space.ts, and bench/user-space-profile.ts, which profiles the same
 * child): no scheduler, no fetch workers; the demonstration stores listed, their server not started.
 */
export const USER_SPACE_SERVICE = { SCHEDULER: 'off', FETCH_WORKERS: 'off', DEMO_STORES: 'on', DEMO_STORE_SERVER: 'off' };

/** Kept for the benchmarks that still import it from here (bench/best-price.ts). */
export { codeVersion } from './support/code-version.js';
