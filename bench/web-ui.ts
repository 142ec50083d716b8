// `npm run bench:web-ui`: the web UI as a reader with 1,000 wishes meets it. Starts the service on a database of its
// own, seeds one reader (bench/web-ui-seed.ts), and for every page of the navigation and a book page counts the
// `/api/` requests it makes to render, runs Lighthouse (mobile preset), axe-core (WCAG 2.1 AA), the sideways-scroll
// check at 375 px and a keyboard walk, and takes screenshots of the main pages into docs/screenshots/. Writes its own
// section of docs/benchmarks.md and says PASS or FAIL per goal; exits non-zero only on errors, never on a missed goal.
// A page that does not exist (404) is reported, not fatal.
//
// Knobs (the documented numbers use the defaults):
//   DATABASE_URL                  use this server (a database of the benchmark's own is created and dropped); else embedded
//   CHROMIUM_PATH                 the browser (default /usr/bin/chromium)
//   BENCH_WEB_UI_WISHES           the reader's wishes (default 1000)
//   BENCH_WEB_UI_LIGHTHOUSE_RUNS  Lighthouse runs per page, the median reported (default 3)
//   BENCH_WEB_UI_PAGES            a comma-separated subset of the pages (e.g. wishes,book), for trial runs; or
//                                 `npm run bench:web-ui -- --pages=wishes,book`
//   BENCH_WEB_UI_SCREENSHOTS      where the screenshots go (default docs/screenshots)
//   BENCH_QUIET_WAIT_SECONDS      how long to wait for other processes to leave the CPU before Lighthouse (default 60)
//   BENCH_REPORT                  Markdown file to write (default docs/benchmarks.md)
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { cpuWindow, waitForQuiet } from './cpu.js';
import { freePort, startMigratedDatabase } from './database.js';
import { QUIET_THRESHOLD_CORES } from './load.js';
import { writeReportSection } from './report-section.js';
import { launchChromium, startDebuggableChromium } from './support/chromium.js';
import { codeVersion } from './support/code-version.js';
import { intEnv, reportFile, ROOT } from './support/knobs.js';
import { machineInfo, machineLine } from './support/machine.js';
import { childEnv, serviceSettings, startApiService, STORE_AND_JOB_CONFIG } from './support/service-process.js';
import { benchToken, localUrl } from './support/service-requests.js';
import { sayVerdicts } from './support/verdicts.js';
import { installTeardown, runBenchmark } from './teardown.js';
import { type AuditResult, auditPage, type PageTarget } from './web-ui-audit.js';
import { lighthousePage, storeToken } from './web-ui-lighthouse.js';
import { findingsOf, type PageResult, renderWebUiSection, verdicts } from './web-ui-render.js';
import { seedWebUiWorld, type WebUiShape } from './web-ui-seed.js';

const SHAPE: WebUiShape = { wishes: intEnv('BENCH_WEB_UI_WISHES', 1000), dailyDays: 120, monthlyMonths: 12, authors: 300 };
const LIGHTHOUSE_RUNS = intEnv('BENCH_WEB_UI_LIGHTHOUSE_RUNS', 3);
const QUIET_WAIT_SECONDS = intEnv('BENCH_QUIET_WAIT_SECONDS', 60);
const SCREENSHOTS = path.resolve(ROOT, process.env.BENCH_WEB_UI_SCREENSHOTS?.trim() || 'docs/screenshots');
/** Full Lighthouse reports and the raw results, for a closer look (git ignores test-results/). */
const RAW = path.join(ROOT, 'test-results', 'web-ui-bench');
const REPORT = reportFile();
const SECRET = randomBytes(32).toString('base64url');
const SUBJECT = 'web-ui-reader';

/** The navigation's pages in its order, then the book page; screenshots of the main ones. */
const NAVIGATION = ['wishes', 'books', 'authors', 'lists', 'alerts', 'stores', 'channels', 'import', 'preferences'];
const SCREENSHOT_PAGES = new Set(['wishes', 'book', 'books', 'alerts', 'stores', 'channels', 'import']);

const say = (line: string): void => console.log(line);
const teardown = installTeardown(say, 'the browser, the service and the database');

function targets(bookId: number): PageTarget[] {
  const all = [...NAVIGATION.map((name) => ({ name, path: `/${name}.html` })), { name: 'book', path: `/book.html?id=${bookId}` }];
  const only = (pagesArgument() ?? process.env.BENCH_WEB_UI_PAGES)?.split(',').map((p) => p.trim()).filter(Boolean);
  if (only) {
    const unknown = only.filter((name) => !all.some((t) => t.name === name));
    if (unknown.length > 0) throw new Error(`BENCH_WEB_UI_PAGES names unknown pages: ${unknown.join(', ')} (known: ${all.map((t) => t.name).join(', ')})`);
  }
  return all.filter((t) => !only || only.includes(t.name)).map((t) => ({ ...t, screenshot: SCREENSHOT_PAGES.has(t.name) }));
}

/** `--pages=a,b` (or `--pages a,b`) on the command line, over BENCH_WEB_UI_PAGES. */
function pagesArgument(): string | undefined {
  const args = process.argv.slice(2);
  const at = args.findIndex((a) => a === '--pages' || a.startsWith('--pages='));
  if (at < 0) return undefined;
  const value = args[at]!.startsWith('--pages=') ? args[at]!.slice('--pages='.length) : args[at + 1];
  if (!value) throw new Error('--pages needs a comma-separated list of pages, e.g. --pages=wishes,book');
  return value;
}

async function main(): Promise<number> {
  const startedAt = new Date();
  const machine = machineInfo();
  say(`Web UI benchmark: ${SHAPE.wishes} wishes, ${LIGHTHOUSE_RUNS} Lighthouse run(s) per page`);
  say(machineLine(machine));
  const { db, postgres } = await startMigratedDatabase(teardown, say);

  const port = await freePort();
  const env = childEnv(
    serviceSettings(db.url, SECRET, port, {
      ACCESS_LOG: 'off',
      DEMO_STORES: 'on',
      SCHEDULER: 'off',
      FETCH_WORKERS: 'off',
      METADATA_SOURCES: 'off',
    }),
    [...STORE_AND_JOB_CONFIG, 'METADATA_', 'OPEN_LIBRARY_', 'GOOGLE_BOOKS_', 'OIDC_'],
  );
  say('Starting the service ...');
  const service = await startApiService({ env, say: (line) => (/error|warn/i.test(line) ? say(line) : undefined) });
  const baseUrl = localUrl(port);
  const token = benchToken(SECRET, SUBJECT, '3h', 'Web UI reader');
  const world = await seedWebUiWorld({ baseUrl, databaseUrl: db.url, token, subject: SUBJECT, shape: SHAPE, say });
  say(`Seeded in ${(world.seedMs / 1000).toFixed(0)} s: ${world.quoteCount.toLocaleString('en')} quotes, ${world.alertCount} alerts, book page id=${world.bookId}`);
  for (const note of world.notes) say(`  note: ${note}`);

  const pages = targets(world.bookId);
  await mkdir(SCREENSHOTS, { recursive: true });
  await mkdir(RAW, { recursive: true });

  say('Requests, axe-core, sideways scroll, keyboard and screenshots (playwright-core) ...');
  const audits: AuditResult[] = [];
  const browser = await launchChromium();
  try {
    for (const target of pages) {
      service.assertRunning();
      const audit = await auditPage({ browser, baseUrl, token, target, screenshotDir: SCREENSHOTS, say });
      if (audit.status !== 200) say(`  ${target.name}: ${target.path} answered ${audit.status}; not measured`);
      else if (audit.redirectedTo) say(`  ${target.name}: the page sent the browser to ${audit.redirectedTo}; not measured`);
      audits.push(audit);
    }
  } finally {
    await browser.close();
  }

  say(`Lighthouse ${lighthouseVersion()}, ${LIGHTHOUSE_RUNS} run(s) per page ...`);
  const debuggable = await startDebuggableChromium(await freePort());
  const results: PageResult[] = [];
  let otherCores = NaN;
  try {
    await storeToken(debuggable.port, baseUrl, token);
    await waitForQuiet({ threshold: QUIET_THRESHOLD_CORES, maxWaitSeconds: QUIET_WAIT_SECONDS, say });
    const cpu = cpuWindow();
    for (const audit of audits) {
      if (audit.status !== 200 || audit.redirectedTo) {
        results.push({ audit, lighthouse: null, lighthouseError: null });
        continue;
      }
      try {
        const scores = await lighthousePage(debuggable.port, baseUrl + audit.path, LIGHTHOUSE_RUNS, (json, run) =>
          writeFile(path.join(RAW, `lighthouse-${audit.name}-${run + 1}.json`), json),
        );
        if (new URL(scores.finalUrl).pathname !== new URL(audit.path, baseUrl).pathname) throw new Error(`Lighthouse ended on ${scores.finalUrl} (not signed in?)`);
        say(
          `  ${audit.name}: performance ${scores.performance} (runs ${scores.runs.join('/')}), accessibility ${scores.accessibility}, best practices ${scores.bestPractices}; ` +
            `LCP ${(scores.lcp / 1000).toFixed(1)} s, TBT ${Math.round(scores.tbt)} ms, CLS ${scores.cls.toFixed(3)}; ${findingsOf(scores, 3)}`,
        );
        results.push({ audit, lighthouse: scores, lighthouseError: null });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        say(`  ${audit.name}: Lighthouse failed: ${message}`);
        results.push({ audit, lighthouse: null, lighthouseError: message.split('\n')[0]!.slice(0, 200) });
      }
    }
    otherCores = cpu.end().otherCores;
  } finally {
    await debuggable.stop();
  }

  await writeFile(path.join(RAW, 'results.json'), JSON.stringify(results, null, 2));
  const section = renderWebUiSection({
    startedAt,
    finishedAt: new Date(),
    machine,
    postgres,
    dbKind: db.kind,
    code: codeVersion(ROOT),
    chromium: debuggable.version.replace('HeadlessChrome', 'Chromium'),
    lighthouseVersion: lighthouseVersion(),
    lighthouseRuns: LIGHTHOUSE_RUNS,
    shape: SHAPE,
    world,
    pages: results,
    otherCores,
  });
  await writeReportSection(REPORT, 'web-ui', section);
  say(`Wrote the "Web UI" section of ${path.relative(ROOT, REPORT)}; screenshots in ${path.relative(ROOT, SCREENSHOTS)}, Lighthouse reports in ${path.relative(ROOT, RAW)}`);
  sayVerdicts(verdicts(results), say);
  return 0;
}

function lighthouseVersion(): string {
  return (createRequire(import.meta.url)('lighthouse/package.json') as { version: string }).version;
}

runBenchmark(main, teardown);
