// The web UI benchmark's checks of one page in Chromium (playwright-core), signed in through localStorage:
// the `/api/` requests it makes to render, axe-core's WCAG 2.1 AA violations at 1280 and 375 px, sideways scrolling
// at 375 px, keyboard reach (Tab through the page), and screenshots.
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';

export const TOKEN_KEY = 'shelfwatch.token';
export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 375, height: 812 };
/** Desktop screenshots show the page down to this many pixels; phone ones the first screen. */
export const DESKTOP_SHOT_HEIGHT = 1400;
/** The tags axe-core checks: WCAG 2.0 and 2.1, levels A and AA. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** The network counts as settled after this long without a request in flight. */
const QUIET_MS = 750;

export interface PageTarget {
  /** The navigation's name (`wishes`) or `book`. */
  name: string;
  path: string;
  screenshot: boolean;
}

export interface AuditResult {
  name: string;
  path: string;
  /** The document's status: 404 for a page that does not exist (yet); the other fields are then empty. */
  status: number;
  /** Where the browser ended up, when not on the page asked for (the sign-in page: the token was refused). */
  redirectedTo: string | null;
  /** `/api/` requests until the network settled after loading, and more once scrolled to the bottom. */
  apiAtLoad: string[];
  apiAfterScroll: string[];
  axe: { desktop: AxeViolation[]; phone: AxeViolation[] };
  /** document.documentElement.scrollWidth at 375 px. */
  phoneScrollWidth: number;
  keyboard: KeyboardReach;
  pageErrors: string[];
  screenshots: string[];
  /** Layout shifts and the LCP element at 375 px while loading. */
  paints: PaintReport;
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  nodes: number;
  help: string;
  /** The first offending element's selector. */
  example: string;
}

export interface KeyboardReach {
  /** Visible, enabled links, buttons, inputs… (a radio group counts once). */
  interactive: number;
  reached: number;
  /** Descriptions of the ones Tab never reached (at most 10). */
  missed: string[];
  /** Tab presses until focus came back round (or the limit). */
  presses: number;
}

// Scripts run in the page (strings: this project's Node code has no DOM types).
const SCROLL_WIDTH = 'document.documentElement.scrollWidth';
const SCROLL_A_SCREEN = `(() => {
  window.scrollBy(0, window.innerHeight * 0.8);
  return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
})()`;
/** Marks every visible, enabled interactive element with data-kb (one key per radio group) and returns the keys. */
const MARK_INTERACTIVE = `(() => {
  const selector = 'a[href], button, input:not([type=hidden]), select, textarea, summary, [tabindex]:not([tabindex="-1"]), [contenteditable="true"], [contenteditable=""]';
  const keys = new Set();
  let n = 0;
  for (const el of document.querySelectorAll(selector)) {
    // checkVisibility: no box, visibility hidden, or inside content-visibility: hidden (a closed <details>).
    const closedDetails = el.closest('details:not([open])');
    const hidden = !el.checkVisibility({ visibilityProperty: true, contentVisibilityAuto: true }) || el.closest('[inert]') !== null
      || (closedDetails !== null && el.parentElement !== closedDetails);
    if (hidden || el.disabled || el.closest('fieldset[disabled]')) continue;
    let key = 'e' + n++;
    if (el instanceof HTMLInputElement && el.type === 'radio' && el.name) key = 'radio:' + (el.form ? el.form.id : '') + ':' + el.name;
    el.dataset.kb = key;
    keys.add(key);
  }
  return [...keys];
})()`;
/** A marked element in a few words: tag, id, and its accessible text. */
const DESCRIBE_MARKED = `(key) => {
  const el = document.querySelector('[data-kb="' + key + '"]');
  if (!el) return key;
  const name = (el.getAttribute('aria-label') || el.textContent || el.name || '').trim().replace(/\\s+/g, ' ').slice(0, 40);
  return el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + (el.tabIndex < 0 ? '[tabindex=-1]' : '') + ' "' + name + '"';
}`;

/**
 * Watches layout shifts and the largest contentful paint from the first paint on (installed before the page's own
 * scripts), each shifted element and the LCP element described in a few words; `__webUiBench` collects them.
 */
const OBSERVE_PAINTS = `(() => {
  const describe = (node) => {
    if (!node || node.nodeType !== 1) return node && node.parentElement ? describe(node.parentElement) : '(text)';
    const classes = [...node.classList].slice(0, 2).map((c) => '.' + c).join('');
    return node.tagName.toLowerCase() + (node.id ? '#' + node.id : '') + classes;
  };
  const seen = { shifts: [], lcp: null };
  window.__webUiBench = seen;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      // Every shift counts: nothing here types or clicks while the page loads, yet Chromium under playwright marks
      // shifts hadRecentInput (a navigation it started counts as input), which Lighthouse's runs do not.
      seen.shifts.push({ value: e.value, at: Math.round(e.startTime), sources: (e.sources || []).map((s) => describe(s.node)) });
    }
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    const last = list.getEntries().at(-1);
    if (last) seen.lcp = { element: describe(last.element), at: Math.round(last.startTime), size: last.size };
  }).observe({ type: 'largest-contentful-paint', buffered: true });
})()`;

export interface PaintReport {
  /** The sum of every layout shift while loading (no session windows: an upper bound of CLS). */
  shiftTotal: number;
  /** The largest shifts, with the elements that moved. */
  shifts: { value: number; at: number; sources: string[] }[];
  lcp: { element: string; at: number; size: number } | null;
}

/** Counts requests in flight and keeps every `/api/` one; `settled()` waits for QUIET_MS without one. */
function networkWatcher(page: Page): { api: string[]; settled(timeoutMs?: number): Promise<void> } {
  const api: string[] = [];
  const inFlight = new Set<Request>();
  let lastChange = performance.now();
  page.on('request', (request) => {
    inFlight.add(request);
    lastChange = performance.now();
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) api.push(`${request.method()} ${url.pathname}${url.search}`);
  });
  const done = (request: Request): void => {
    inFlight.delete(request);
    lastChange = performance.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    api,
    async settled(timeoutMs = 20_000) {
      const deadline = performance.now() + timeoutMs;
      while (inFlight.size > 0 || performance.now() - lastChange < QUIET_MS) {
        if (performance.now() > deadline) throw new Error(`the network did not settle within ${timeoutMs} ms (${[...inFlight].map((r) => r.url()).join(', ')})`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}

async function signedInContext(browser: Browser, baseUrl: string, token: string, viewport: { width: number; height: number }, phone: boolean): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport, deviceScaleFactor: 1, isMobile: phone, hasTouch: phone });
  await context.addInitScript(`localStorage.setItem(${JSON.stringify(TOKEN_KEY)}, ${JSON.stringify(token)})`);
  await context.addInitScript(OBSERVE_PAINTS);
  return context;
}

async function axeViolations(page: Page): Promise<AxeViolation[]> {
  const result = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  return result.violations.map((v) => ({
    id: v.id,
    impact: v.impact ?? null,
    nodes: v.nodes.length,
    help: v.help,
    example: String(v.nodes[0]?.target?.[0] ?? ''),
  }));
}

/** Scrolls to the bottom a screen at a time (lazy parts load as they come into view), then back to the top. */
async function scrollThrough(page: Page): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const atBottom = await page.evaluate<boolean>(SCROLL_A_SCREEN);
    await new Promise((resolve) => setTimeout(resolve, 150));
    if (atBottom) break;
  }
}

/**
 * Tabs through the page from the top and checks every visible, enabled interactive element got focus. Candidates are
 * marked with `data-kb`; a radio group counts once (Tab enters it at one radio).
 */
async function keyboardReach(page: Page): Promise<KeyboardReach> {
  await page.evaluate('window.scrollTo(0, 0)');
  const interactive = await page.evaluate<string[]>(MARK_INTERACTIVE);
  const describe = (key: string): Promise<string> => page.evaluate<string>(`(${DESCRIBE_MARKED})(${JSON.stringify(key)})`);
  await page.evaluate('document.activeElement && document.activeElement.blur()');
  const reached = new Set<string>();
  const limit = interactive.length + 40;
  let first: string | null = null;
  let previous: string | null = null;
  let same = 0;
  let presses = 0;
  for (; presses < limit; presses++) {
    await page.keyboard.press('Tab');
    const key = await page.evaluate<string | null>('(document.activeElement && document.activeElement.dataset && document.activeElement.dataset.kb) || null');
    if (key === null) continue;
    if (key === first && reached.size > 1) break;
    first ??= key;
    same = key === previous ? same + 1 : 0;
    previous = key;
    // Focus stuck on one element: a trap; what is after it is unreachable.
    if (same >= 3) break;
    reached.add(key);
  }
  const missedKeys = interactive.filter((key) => !reached.has(key));
  return {
    interactive: interactive.length,
    reached: interactive.length - missedKeys.length,
    missed: await Promise.all(missedKeys.slice(0, 10).map(describe)),
    presses,
  };
}

export async function auditPage(options: {
  browser: Browser;
  baseUrl: string;
  token: string;
  target: PageTarget;
  screenshotDir: string;
  say: (line: string) => void;
}): Promise<AuditResult> {
  const { target, say } = options;
  const result: AuditResult = {
    name: target.name,
    path: target.path,
    status: 0,
    redirectedTo: null,
    apiAtLoad: [],
    apiAfterScroll: [],
    axe: { desktop: [], phone: [] },
    phoneScrollWidth: 0,
    keyboard: { interactive: 0, reached: 0, missed: [], presses: 0 },
    pageErrors: [],
    screenshots: [],
    paints: { shiftTotal: 0, shifts: [], lcp: null },
  };

  const desktop = await signedInContext(options.browser, options.baseUrl, options.token, DESKTOP, false);
  try {
    const page = await desktop.newPage();
    page.on('pageerror', (error) => result.pageErrors.push(error.message));
    const network = networkWatcher(page);
    const response = await page.goto(target.path, { waitUntil: 'load' });
    result.status = response?.status() ?? 0;
    if (result.status !== 200) return result;
    await network.settled();
    const landed = new URL(page.url());
    if (landed.pathname !== new URL(target.path, options.baseUrl).pathname) result.redirectedTo = landed.pathname + landed.search;
    result.apiAtLoad = [...network.api];
    if (target.screenshot) {
      // The top of the page, down to DESKTOP_SHOT_HEIGHT: the first screen and what follows (the book page's chart).
      const file = `${options.screenshotDir}/${target.name}-desktop.png`;
      const height = Math.min(DESKTOP_SHOT_HEIGHT, await page.evaluate<number>('document.documentElement.scrollHeight'));
      await page.screenshot({ path: file, fullPage: true, clip: { x: 0, y: 0, width: DESKTOP.width, height } });
      result.screenshots.push(file);
    }
    await scrollThrough(page);
    await network.settled();
    result.apiAfterScroll = network.api.slice(result.apiAtLoad.length);
    result.axe.desktop = await axeViolations(page);
    result.keyboard = await keyboardReach(page);
    say(`  ${target.name}: ${result.apiAtLoad.length} API requests to render (+${result.apiAfterScroll.length} scrolling), axe ${result.axe.desktop.length} at 1280 px, keyboard ${result.keyboard.reached}/${result.keyboard.interactive}`);
  } finally {
    await desktop.close();
  }

  const phone = await signedInContext(options.browser, options.baseUrl, options.token, PHONE, true);
  try {
    const page = await phone.newPage();
    page.on('pageerror', (error) => result.pageErrors.push(error.message));
    const network = networkWatcher(page);
    await page.goto(target.path, { waitUntil: 'load' });
    await network.settled();
    const paints = await page.evaluate<{ shifts: PaintReport['shifts']; lcp: PaintReport['lcp'] }>('window.__webUiBench');
    result.paints = {
      shiftTotal: paints.shifts.reduce((sum, shift) => sum + shift.value, 0),
      shifts: [...paints.shifts].sort((a, b) => b.value - a.value).slice(0, 5),
      lcp: paints.lcp,
    };
    result.phoneScrollWidth = await page.evaluate<number>(SCROLL_WIDTH);
    if (target.screenshot) {
      const file = `${options.screenshotDir}/${target.name}-phone.png`;
      await page.screenshot({ path: file });
      result.screenshots.push(file);
    }
    await scrollThrough(page);
    await network.settled();
    result.phoneScrollWidth = Math.max(result.phoneScrollWidth, await page.evaluate<number>(SCROLL_WIDTH));
    result.axe.phone = await axeViolations(page);
    const top = result.paints.shifts[0];
    say(
      `  ${target.name}: scroll width ${result.phoneScrollWidth} px at 375 px, axe ${result.axe.phone.length} at 375 px; layout shifts ${result.paints.shiftTotal.toFixed(3)}` +
        `${top ? ` (largest ${top.value.toFixed(3)} at ${top.at} ms: ${top.sources.join(', ')})` : ''}, LCP ${result.paints.lcp ? `${result.paints.lcp.element} at ${result.paints.lcp.at} ms` : 'none'}`,
    );
  } finally {
    await phone.close();
  }
  return result;
}
