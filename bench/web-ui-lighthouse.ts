// Lighthouse 12 on one page of the web UI, signed in: its default configuration (the mobile form factor, simulated
// throttling of a slow 4G connection and a 4× slower CPU), against a Chromium this benchmark started with a DevTools
// port. The token is put in the origin's localStorage once, through playwright over CDP. Lighthouse's storage reset
// before each run stays on: it empties the HTTP cache and the origin's caches, service workers and file systems, but
// not localStorage (its default `clearStorageTypes`), so every run loads cold and signed in. (`disableStorageReset`
// would keep the cache too: every run after the first would find the scripts and style sheet already there.)
import lighthouse from 'lighthouse';
import type { Result as LighthouseResult } from 'lighthouse';
import { chromium } from 'playwright-core';
import { TOKEN_KEY } from './web-ui-audit.js';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;

export interface LighthouseScores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  /** Metrics of the run reported (ms, CLS unitless). */
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  speedIndex: number;
  /** Bytes transferred by the page load. */
  transferBytes: number;
  requests: number;
  /** Opportunities with their estimated savings, largest first. */
  opportunities: { id: string; title: string; savingsMs: number; savingsBytes: number }[];
  /** Audits below a full score in the three categories (diagnostics, accessibility and best-practice findings). */
  failing: { id: string; category: string; title: string; display: string }[];
  finalUrl: string;
  warnings: string[];
  /** Performance scores of every run; the run with the median one is the one reported. */
  runs: number[];
}

/** Signs the browser's default profile in on `baseUrl`'s origin. */
export async function storeToken(port: number, baseUrl: string, token: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0]!.newPage();
    await page.goto(`${baseUrl}/sign-in.html`, { waitUntil: 'load' });
    await page.evaluate(`localStorage.setItem(${JSON.stringify(TOKEN_KEY)}, ${JSON.stringify(token)})`);
    await page.close();
  } finally {
    // Over CDP this only disconnects: the browser, its profile and the stored token stay.
    await browser.close();
  }
}

function scoresOf(lhr: LighthouseResult, runs: number[]): LighthouseScores {
  const audit = (id: string) => lhr.audits[id];
  const numeric = (id: string): number => audit(id)?.numericValue ?? NaN;
  const score = (id: string): number => Math.round((lhr.categories[id]?.score ?? NaN) * 100);
  const opportunities = Object.values(lhr.audits)
    .filter((a) => a.details?.type === 'opportunity' && (a.score ?? 1) < 0.9)
    .map((a) => {
      const details = a.details as { overallSavingsMs?: number; overallSavingsBytes?: number };
      return { id: a.id, title: a.title, savingsMs: details.overallSavingsMs ?? 0, savingsBytes: details.overallSavingsBytes ?? 0 };
    })
    .filter((o) => o.savingsMs > 0 || o.savingsBytes > 0)
    .sort((a, b) => b.savingsMs - a.savingsMs || b.savingsBytes - a.savingsBytes);
  const failing: LighthouseScores['failing'] = [];
  for (const id of CATEGORIES) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const a = audit(ref.id);
      if (!a || a.score === null || a.score >= 1 || a.scoreDisplayMode === 'manual' || a.scoreDisplayMode === 'informative' || a.scoreDisplayMode === 'notApplicable') continue;
      if (a.details?.type === 'opportunity') continue;
      // Metrics are reported as numbers already.
      if (ref.group === 'metrics' || (ref.weight > 0 && id === 'performance')) continue;
      failing.push({ id: a.id, category: id, title: a.title, display: a.displayValue ?? '' });
    }
  }
  const network = audit('network-requests')?.details as { items?: { transferSize?: number }[] } | undefined;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    fcp: numeric('first-contentful-paint'),
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    speedIndex: numeric('speed-index'),
    transferBytes: numeric('total-byte-weight'),
    requests: network?.items?.length ?? 0,
    opportunities,
    failing,
    finalUrl: lhr.finalDisplayedUrl,
    warnings: lhr.runWarnings,
    runs,
  };
}

/**
 * Runs Lighthouse `runs` times on `url` and reports the run with the median performance score. `onReport` receives
 * each run's full JSON report.
 */
export async function lighthousePage(port: number, url: string, runs: number, onReport?: (json: string, run: number) => Promise<void>): Promise<LighthouseScores> {
  const results: LighthouseResult[] = [];
  for (let run = 0; run < runs; run++) {
    const answer = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    if (!answer) throw new Error(`Lighthouse gave no result for ${url}`);
    if (answer.lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${answer.lhr.runtimeError.code} ${answer.lhr.runtimeError.message}`);
    await onReport?.(String(answer.report), run);
    results.push(answer.lhr);
  }
  const perf = (lhr: LighthouseResult): number => lhr.categories.performance?.score ?? 0;
  const sorted = [...results].sort((a, b) => perf(a) - perf(b));
  const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
  return scoresOf(median, results.map((lhr) => Math.round(perf(lhr) * 100)));
}
