// The large creating import of bench/import-create.ts, phase 5 (issue 30, second probe, M2): one user imports a file
// of the largest size the service takes (200,000 ISBN-only rows, 2.8 MB: every row creates a book and an edition)
// while other users import 3 rows each, creating too, and list their wishes, one after another for as long as the big
// import runs. Measured: the service's RSS during the big import against the idle service's after a forced GC, each
// small import's and each list's latency, and the answer to a file one row over the cap.
import { resetPeakRss, statusKb } from './user-space-import.js';
import { ms } from './load.js';
import { table } from './support/markdown-table.js';
import type { Verdict } from './support/verdicts.js';

export const LARGE_IMPORT_TARGETS = {
  /** The service's peak RSS during the big import, above the idle service's RSS after a forced full GC. */
  rssGrowthMiB: 64,
  /** The slowest small creating import of another user while the big one runs. */
  smallImportMs: 2_000,
};

export interface LargeImportResult {
  rows: number;
  bytes: number;
  bigMs: number;
  bigCreated: number;
  idleRssKb: number;
  peakRssKb: number;
  peakSource: 'VmHWM' | 'sampled';
  rssAfterKb: number;
  /** Latency of each small import that started while the big one ran, and whether it ended before the big one. */
  small: Array<{ ms: number; endedBeforeBig: boolean }>;
  listMs: number[];
  overCap: { rows: number; status: number; ms: number; error: string };
}

/** The `index`-th valid ISBN-13 of the 979-8 range, which the benchmark's other files do not use. */
function isbnNumber(index: number): string {
  const body = `9798${String(index).padStart(8, '0')}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(body[i]) * (i % 2 === 0 ? 1 : 3);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

export function isbnOnlyCsv(from: number, rows: number): Buffer {
  const lines: string[] = ['isbn'];
  for (let i = from; i < from + rows; i++) lines.push(isbnNumber(i));
  return Buffer.from(`${lines.join('\n')}\n`);
}

async function post(baseUrl: string, token: string, csv: Buffer): Promise<{ status: number; ms: number; body: string }> {
  const t0 = performance.now();
  const response = await fetch(`${baseUrl}/api/wishes/import?create_missing=true`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    body: csv,
  });
  const body = await response.text();
  return { status: response.status, ms: performance.now() - t0, body };
}

export async function measureLargeImport(options: {
  baseUrl: string;
  servicePid: number;
  rows: number;
  maxRows: number;
  idleRssKb: number;
  /** A fresh user's token for each small import, the list reader and the file over the cap. */
  freshToken: (kind: string) => Promise<string>;
  say: (line: string) => void;
}): Promise<LargeImportResult> {
  const { baseUrl, servicePid: pid, say } = options;
  const csv = isbnOnlyCsv(0, options.rows);
  const bigToken = await options.freshToken('large');
  const reader = await options.freshToken('large-reader');
  const hwmReset = resetPeakRss(pid);
  let sampledPeak = statusKb(pid, 'VmRSS');
  const sampler = setInterval(() => {
    const rss = statusKb(pid, 'VmRSS');
    if (rss > sampledPeak) sampledPeak = rss;
  }, 20);
  let bigDone = false;
  const big = post(baseUrl, bigToken, csv).finally(() => {
    bigDone = true;
  });
  const small: LargeImportResult['small'] = [];
  const listMs: number[] = [];
  let serial = 0;
  try {
    // Other users, one request at a time for as long as the big import runs: a 3-row creating import, then a list.
    await new Promise((resolve) => setTimeout(resolve, 500));
    while (!bigDone) {
      serial += 1;
      const answer = await post(baseUrl, await options.freshToken(`large-small-${serial}`), isbnOnlyCsv(10_000_000 + serial * 10, 3));
      if (answer.status !== 200) throw new Error(`a small import answered ${answer.status}: ${answer.body.slice(0, 300)}`);
      small.push({ ms: answer.ms, endedBeforeBig: !bigDone });
      const t0 = performance.now();
      const list = await fetch(`${baseUrl}/api/wishes`, { headers: { authorization: `Bearer ${reader}` } });
      await list.text();
      if (list.status !== 200) throw new Error(`GET /api/wishes answered ${list.status}`);
      listMs.push(performance.now() - t0);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    clearInterval(sampler);
  }
  const bigAnswer = await big;
  if (bigAnswer.status !== 200) throw new Error(`the large import answered ${bigAnswer.status}: ${bigAnswer.body.slice(0, 300)}`);
  const report = JSON.parse(bigAnswer.body) as { created: number; created_editions: number };
  if (report.created !== options.rows || report.created_editions !== options.rows) {
    throw new Error(`the large import created ${report.created} wishes and ${report.created_editions} editions, expected ${options.rows} of each`);
  }
  const hwm = statusKb(pid, 'VmHWM');
  const rssAfterKb = statusKb(pid, 'VmRSS');
  const peakRssKb = hwmReset && Number.isFinite(hwm) ? Math.max(hwm, sampledPeak) : Math.max(sampledPeak, rssAfterKb);
  say(
    `  ${options.rows.toLocaleString('en-US')} rows in ${ms(bigAnswer.ms)}; RSS idle after GC ${(options.idleRssKb / 1024).toFixed(1)} MiB → peak ` +
      `${(peakRssKb / 1024).toFixed(1)} MiB → ${(rssAfterKb / 1024).toFixed(1)} MiB after; ${small.length} small imports beside it, slowest ` +
      `${ms(Math.max(...small.map((s) => s.ms)))}; lists slowest ${ms(Math.max(...listMs))}`,
  );

  const overRows = options.maxRows + 1;
  const over = await post(baseUrl, await options.freshToken('large-over-cap'), isbnOnlyCsv(20_000_000, overRows));
  const error = (JSON.parse(over.body) as { error?: string }).error ?? '';
  say(`  ${overRows.toLocaleString('en-US')} rows: ${over.status} ${error} in ${ms(over.ms)}`);
  return {
    rows: options.rows,
    bytes: csv.length,
    bigMs: bigAnswer.ms,
    bigCreated: report.created,
    idleRssKb: options.idleRssKb,
    peakRssKb,
    peakSource: hwmReset ? 'VmHWM' : 'sampled',
    rssAfterKb,
    small,
    listMs,
    overCap: { rows: overRows, status: over.status, ms: over.ms, error },
  };
}

export function largeImportVerdicts(r: LargeImportResult): Verdict[] {
  const growthMiB = (r.peakRssKb - r.idleRssKb) / 1024;
  const slowest = Math.max(...r.small.map((s) => s.ms));
  // The last small import may end just after the large one: what matters is that none waited for it.
  const before = r.small.filter((s) => s.endedBeforeBig).length;
  return [
    {
      target: `Service RSS during a ${r.rows.toLocaleString('en-US')}-row creating import at most ${LARGE_IMPORT_TARGETS.rssGrowthMiB} MiB above the idle service's after a forced GC`,
      measured: `${(r.idleRssKb / 1024).toFixed(1)} MiB → peak ${(r.peakRssKb / 1024).toFixed(1)} MiB (${r.peakSource}): +${growthMiB.toFixed(1)} MiB`,
      pass: growthMiB <= LARGE_IMPORT_TARGETS.rssGrowthMiB,
    },
    {
      target: `Other users' 3-row creating imports started during it each answered within ${ms(LARGE_IMPORT_TARGETS.smallImportMs)} (not held for the large one)`,
      measured: `${r.small.length} small imports, slowest ${ms(slowest)}; ${before} of them answered while the large import (${ms(r.bigMs)}) still ran`,
      pass: before > 0 && slowest <= LARGE_IMPORT_TARGETS.smallImportMs,
    },
    {
      target: 'A file one row over the cap is refused with 413 payload_too_large',
      measured: `${r.overCap.rows.toLocaleString('en-US')} rows: ${r.overCap.status} ${r.overCap.error} in ${ms(r.overCap.ms)}`,
      pass: r.overCap.status === 413 && r.overCap.error === 'payload_too_large',
    },
  ];
}

export function renderLargeImport(r: LargeImportResult): string {
  const sorted = (values: number[]): number[] => [...values].sort((a, b) => a - b);
  const pct = (values: number[], p: number): number => sorted(values)[Math.min(values.length - 1, Math.floor((values.length - 1) * p))] ?? NaN;
  const smallMs = r.small.map((s) => s.ms);
  return [
    `### A ${r.rows.toLocaleString('en-US')}-row import beside other users`,
    '',
    `One user imports ${r.rows.toLocaleString('en-US')} ISBN-only rows (${(r.bytes / 1048576).toFixed(1)} MiB) with \`create_missing=true\` — ` +
      'every row creates a book and an edition — while other users, one request at a time, import 3 rows each (creating) and list ' +
      'their wishes. The import works a chunk of 1,000 rows at a time, each chunk its own transaction under the creation lock.',
    '',
    table(
      ['Measure', 'Value'],
      [
        ['Large import', `${ms(r.bigMs)}, ${r.bigCreated.toLocaleString('en-US')} wishes, books and editions created`],
        ['Service RSS', `idle after GC ${(r.idleRssKb / 1024).toFixed(1)} MiB → peak ${(r.peakRssKb / 1024).toFixed(1)} MiB (${r.peakSource}) → ${(r.rssAfterKb / 1024).toFixed(1)} MiB after`],
        ['Small creating imports meanwhile', `${r.small.length}: median ${ms(pct(smallMs, 0.5))}, p95 ${ms(pct(smallMs, 0.95))}, slowest ${ms(Math.max(...smallMs))}`],
        ['`GET /api/wishes` meanwhile', `${r.listMs.length}: median ${ms(pct(r.listMs, 0.5))}, slowest ${ms(Math.max(...r.listMs))}`],
        [`${r.overCap.rows.toLocaleString('en-US')} rows (one over the cap)`, `${r.overCap.status} ${r.overCap.error} in ${ms(r.overCap.ms)}`],
      ],
    ),
    '',
  ].join('\n');
}
