// The web UI benchmark's targets and its section of docs/benchmarks.md.
import type { PostgresInfo, BenchDatabase } from './database.js';
import { type MachineInfo, machineParagraph } from './support/machine.js';
import { table } from './support/markdown-table.js';
import { type Verdict, verdictTable } from './support/verdicts.js';
import { type AuditResult, AXE_TAGS, DESKTOP_SHOT_HEIGHT } from './web-ui-audit.js';
import type { LighthouseScores } from './web-ui-lighthouse.js';
import type { WebUiShape, WebUiWorld } from './web-ui-seed.js';

export const GOALS = { apiRequests: 5, performance: 95, accessibility: 100, bestPractices: 100, phoneWidth: 375 };

export interface PageResult {
  audit: AuditResult;
  /** Null for a page that does not exist, or when Lighthouse failed (`lighthouseError`). */
  lighthouse: LighthouseScores | null;
  lighthouseError: string | null;
}

export interface WebUiReport {
  startedAt: Date;
  finishedAt: Date;
  machine: MachineInfo;
  postgres: PostgresInfo;
  dbKind: BenchDatabase['kind'];
  code: string;
  chromium: string;
  lighthouseVersion: string;
  lighthouseRuns: number;
  shape: WebUiShape;
  world: WebUiWorld;
  pages: PageResult[];
  otherCores: number;
}

const measured = (p: PageResult): boolean => p.audit.status === 200 && p.audit.redirectedTo === null;
const apiTotal = (a: AuditResult): number => a.apiAtLoad.length + a.apiAfterScroll.length;
const axeCount = (a: AuditResult): number => new Set([...a.axe.desktop, ...a.axe.phone].map((v) => v.id)).size;

/** One verdict per goal: PASS when every page meets it; a page that is missing or redirected fails every goal. */
export function verdicts(pages: readonly PageResult[]): Verdict[] {
  const missing = pages.filter((p) => !measured(p)).map((p) => `${p.audit.name} (${p.audit.status === 200 ? `sent to ${p.audit.redirectedTo}` : p.audit.status})`);
  const goal = (target: string, ok: (p: PageResult) => boolean, show: (p: PageResult) => string): Verdict => {
    const failing = pages.filter((p) => measured(p) && !ok(p));
    const parts = [
      failing.length === 0 ? `every measured page` : `missed by ${failing.map((p) => `${p.audit.name} ${show(p)}`).join(', ')}`,
      ...(missing.length > 0 ? [`not measured: ${missing.join(', ')}`] : []),
    ];
    return { target, measured: parts.join('; '), pass: failing.length === 0 && missing.length === 0 };
  };
  const lh = (p: PageResult, pick: (s: LighthouseScores) => number): number => (p.lighthouse ? pick(p.lighthouse) : NaN);
  return [
    goal(`≤ ${GOALS.apiRequests} API requests to render a page (scrolled to the bottom)`, (p) => apiTotal(p.audit) <= GOALS.apiRequests, (p) => `(${apiTotal(p.audit)})`),
    goal(`Lighthouse performance ≥ ${GOALS.performance} (mobile)`, (p) => lh(p, (s) => s.performance) >= GOALS.performance, (p) => `(${lh(p, (s) => s.performance)})`),
    goal(`Lighthouse accessibility ${GOALS.accessibility}`, (p) => lh(p, (s) => s.accessibility) >= GOALS.accessibility, (p) => `(${lh(p, (s) => s.accessibility)})`),
    goal(`Lighthouse best practices ${GOALS.bestPractices}`, (p) => lh(p, (s) => s.bestPractices) >= GOALS.bestPractices, (p) => `(${lh(p, (s) => s.bestPractices)})`),
    goal('0 axe-core violations (WCAG 2.1 AA, 1280 and 375 px)', (p) => axeCount(p.audit) === 0, (p) => `(${axeCount(p.audit)})`),
    goal(`No sideways scroll at ${GOALS.phoneWidth} px`, (p) => p.audit.phoneScrollWidth <= GOALS.phoneWidth, (p) => `(${p.audit.phoneScrollWidth} px)`),
    goal('Everything interactive reachable by keyboard', (p) => p.audit.keyboard.reached === p.audit.keyboard.interactive, (p) => `(${p.audit.keyboard.reached}/${p.audit.keyboard.interactive})`),
  ];
}

const ms = (value: number): string => (Number.isFinite(value) ? `${(value / 1000).toFixed(1)} s` : '–');
const kib = (bytes: number): string => (Number.isFinite(bytes) ? `${Math.round(bytes / 1024)} KiB` : '–');
const mark = (ok: boolean, text: string): string => (ok ? text : `**${text}**`);

function resultRow(p: PageResult): string[] {
  const a = p.audit;
  if (!measured(p)) return [`\`${a.path}\``, a.status === 200 ? `sent to ${a.redirectedTo}` : `${a.status}: not measured`, '–', '–', '–', '–', '–', '–'];
  const s = p.lighthouse;
  const score = (value: number | undefined, goal: number): string => (value === undefined ? 'failed' : mark(value >= goal, String(value)));
  const total = apiTotal(a);
  return [
    `\`${a.path}\``,
    mark(total <= GOALS.apiRequests, `${total}`) + (a.apiAfterScroll.length > 0 ? ` (${a.apiAtLoad.length} + ${a.apiAfterScroll.length} scrolling)` : ''),
    score(s?.performance, GOALS.performance),
    score(s?.accessibility, GOALS.accessibility),
    score(s?.bestPractices, GOALS.bestPractices),
    mark(axeCount(a) === 0, `${a.axe.desktop.length} / ${a.axe.phone.length}`),
    mark(a.phoneScrollWidth <= GOALS.phoneWidth, a.phoneScrollWidth <= GOALS.phoneWidth ? 'none' : `${a.phoneScrollWidth} px wide`),
    mark(a.keyboard.reached === a.keyboard.interactive, `${a.keyboard.reached}/${a.keyboard.interactive}`),
  ];
}

/** The top opportunities and findings of a page's Lighthouse run, in a few words. */
export function findingsOf(s: LighthouseScores, top = 4): string {
  const opportunities = s.opportunities.slice(0, top).map((o) => `${o.id} (${o.savingsMs > 0 ? `${Math.round(o.savingsMs)} ms` : kib(o.savingsBytes)})`);
  const failing = s.failing.slice(0, top).map((f) => `${f.id}${f.display ? ` (${f.display})` : ''}`);
  return [...opportunities, ...failing].join(', ') || 'none';
}

function metricsRow(p: PageResult): string[] {
  const s = p.lighthouse;
  if (!s) return [p.audit.name, '–', '–', '–', '–', '–', '–', p.lighthouseError ?? 'not measured'];
  return [p.audit.name, ms(s.fcp), ms(s.lcp), `${Math.round(s.tbt)} ms`, s.cls.toFixed(3), kib(s.transferBytes), String(s.requests), findingsOf(s)];
}

function paintsRow(p: PageResult): string[] {
  const { paints } = p.audit;
  if (!measured(p)) return [p.audit.name, '–', '–', '–'];
  const shifts = paints.shifts.slice(0, 3).map((s) => `${s.value.toFixed(3)} at ${s.at} ms: ${s.sources.map((e) => `\`${e}\``).join(', ') || '?'}`);
  return [
    p.audit.name,
    paints.shiftTotal.toFixed(3),
    shifts.join('; ') || 'none',
    paints.lcp ? `\`${paints.lcp.element}\` at ${paints.lcp.at} ms` : '–',
  ];
}

function axeList(pages: readonly PageResult[]): string {
  const lines: string[] = [];
  for (const p of pages) {
    const seen = new Map<string, string>();
    for (const [width, list] of [['1280', p.audit.axe.desktop], ['375', p.audit.axe.phone]] as const) {
      for (const v of list) seen.set(v.id, `${seen.has(v.id) ? `${seen.get(v.id)}, ` : ''}${width} px: ${v.nodes} element${v.nodes === 1 ? '' : 's'}, e.g. \`${v.example}\``);
    }
    for (const [id, where] of seen) lines.push(`- ${p.audit.name}: \`${id}\` (${where})`);
    if (p.audit.keyboard.missed.length > 0) lines.push(`- ${p.audit.name}: not reached by Tab: ${p.audit.keyboard.missed.map((m) => `\`${m}\``).join(', ')}`);
    if (p.audit.pageErrors.length > 0) lines.push(`- ${p.audit.name}: script errors: ${p.audit.pageErrors.slice(0, 3).join('; ')}`);
  }
  return lines.length > 0 ? `\nFindings of axe-core, the keyboard walk and the pages' scripts:\n\n${lines.join('\n')}\n` : '';
}

export function renderWebUiSection(r: WebUiReport): string {
  const screenshots = r.pages.flatMap((p) => p.audit.screenshots).map((file) => file.replace(/^.*docs\//, ''));
  return `## Web UI: requests, Lighthouse, accessibility

Run ${r.startedAt.toISOString()} (${((r.finishedAt.getTime() - r.startedAt.getTime()) / 60_000).toFixed(1)} min), ${r.code}.
${machineParagraph(r.machine, r.postgres, r.dbKind)} Written by \`npm run bench:web-ui\` (bench/web-ui.ts).

One reader with ${r.shape.wishes.toLocaleString('en')} wishes, seeded through the API (preferences DE/EUR/paperback and hardcover, a
${r.shape.wishes.toLocaleString('en')}-row CSV import creating the books and ${r.shape.authors} authors, 3 lists, channels) and SQL (a cover, publisher and
year per edition; ${r.shape.dailyDays} days of daily quotes and ${r.shape.monthlyMonths} monthly quotes before them at the ${r.world.stores.length} demonstration stores that sell
to the reader: ${r.world.quoteCount.toLocaleString('en')} quotes; ${r.world.alertCount} alerts, 25 unread), in ${(r.world.seedMs / 1000).toFixed(0)} s. The service ran from the sources
(\`node --import tsx\`, \`NODE_ENV=production\`, scheduler and fetch workers off). Covers are small SVG \`data:\` URLs: the machine
has no network (a real cover is a metadata source's https image). Every page of the navigation and the book page
(\`book.html?id=${r.world.bookId}\`: two editions, 3 stores each) were loaded signed in (the token in localStorage), in
${r.chromium} driven by playwright-core:
- **API requests**: \`/api/\` requests from navigation until the network was quiet for 0.75 s at 1280×800, plus those
  made while scrolling to the bottom a screen at a time (lazy parts); goal ≤ ${GOALS.apiRequests} for a page of 20 items.
- **Lighthouse** ${r.lighthouseVersion}, its default configuration (mobile form factor, simulated slow 4G and 4× CPU
  slowdown), performance, accessibility and best practices, each run with an empty HTTP cache (Lighthouse's storage
  reset, which leaves localStorage and so the token); ${r.lighthouseRuns} run${r.lighthouseRuns === 1 ? '' : 's'} per page, the run with the median performance
  score reported (all runs' performance in the second table). Other processes used ${r.otherCores.toFixed(2)} cores meanwhile;
  simulated throttling scales the CPU time observed, so a busy machine lowers the performance score.
- **axe-core** (@axe-core/playwright) with the tags ${AXE_TAGS.map((t) => `\`${t}\``).join(', ')}, at 1280 and at 375 px (after
  scrolling, so lazy parts are in).
- **Sideways scroll**: \`document.documentElement.scrollWidth\` at a 375 px wide phone viewport, after scrolling through.
- **Keyboard**: Tab pressed from the top of the page until focus came round again; reached / visible enabled links,
  buttons, inputs, selects, summaries and \`tabindex\` elements (a radio group counts once).

${table(['Page', 'API requests', 'Perf.', 'A11y', 'Best pract.', 'axe violations (1280 / 375 px)', 'Sideways scroll at 375 px', 'Keyboard'], r.pages.map(resultRow))}

${verdictTable(verdicts(r.pages))}

Lighthouse's metrics (simulated mobile) and its top opportunities (estimated savings) and findings per page:

${table(['Page', 'FCP', 'LCP', 'TBT', 'CLS', 'Transferred', 'Requests', 'Top opportunities and findings'], r.pages.map(metricsRow))}

What moves while a page loads, and its largest paint, seen by \`PerformanceObserver\` in the 375 px browser (unthrottled;
the sum of all shifts, an upper bound of CLS; Lighthouse ${r.lighthouseVersion}'s own layout-shift and LCP-element audits fail on
this Chromium's traces):

${table(['Page', 'Layout shifts', 'Largest shifts (score at time: elements that moved)', 'LCP element'], r.pages.map(paintsRow))}
${axeList(r.pages)}${r.world.notes.length > 0 ? `\nSeeding notes: ${r.world.notes.join('; ')}.\n` : ''}
Performance scores of every run: ${r.pages.filter((p) => p.lighthouse).map((p) => `${p.audit.name} ${p.lighthouse!.runs.join('/')}`).join(', ')}.
Screenshots (1280 px wide, the top ${DESKTOP_SHOT_HEIGHT.toLocaleString('en')} px; 375×812, the first screen): ${screenshots.map((f) => `[${f.replace(/^screenshots\//, '').replace(/\.png$/, '')}](${f})`).join(', ')}.`;
}
