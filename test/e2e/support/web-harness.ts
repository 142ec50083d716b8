// Browser-test harness: a real service (fresh database, development sign-in on) with the demonstration stores,
// Debian's Chromium driven by playwright-core, and screenshots under test-results/screenshots.
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { expect, onTestFailed } from 'vitest';
// One list of Chromium's flags for the browser tests and the browser benchmarks.
import { CHROMIUM, CHROMIUM_ARGS } from '../../../bench/support/chromium.js';
import { type DemoStoreServer, startDemoStoreServer } from '../../../src/adapters/demo/stores/index.js';
import { type DemoMetadataServer, startDemoMetadataServer } from '../../../src/adapters/demo/metadata/index.js';
import { startTestService, type TestService } from '../../support/test-service.js';

export const SCREENSHOTS = join('test-results', 'screenshots');

export interface WebHarness {
  t: TestService;
  demo: DemoStoreServer;
  metadata: DemoMetadataServer;
  browser: Browser;
  stop(): Promise<void>;
}

export interface WebHarnessOptions {
  /** More service configuration, over the harness's (e.g. CHANNEL_ALLOW_PRIVATE for a receiver on 127.0.0.1). */
  env?: Record<string, string>;
}

export async function startWebHarness(options: WebHarnessOptions = {}): Promise<WebHarness> {
  // A fresh folder per run, so a failure screenshot left by an earlier run is never mistaken for this one's.
  await rm(SCREENSHOTS, { recursive: true, force: true });
  await mkdir(SCREENSHOTS, { recursive: true });
  const demo = await startDemoStoreServer({ port: 0 });
  const metadata = await startDemoMetadataServer({ port: 0 });
  const t = await startTestService({
    DEV_SIGN_IN: 'on',
    DEMO_STORE_URL: demo.url,
    OPEN_LIBRARY_URL: metadata.url,
    GOOGLE_BOOKS_URL: metadata.url,
    METADATA_MIN_INTERVAL_MS: '0',
    FETCH_COOLDOWN: '0',
    STORE_MIN_INTERVAL_MS: '0',
    FETCH_RETRIES: '0',
    FETCH_TIMEOUT_MS: '5000',
    ...options.env,
  });
  // Playwright gives every launch a fresh, temporary --user-data-dir of its own.
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  return {
    t,
    demo,
    metadata,
    browser,
    async stop() {
      await browser.close();
      await t.stop();
      await demo.close();
      await metadata.close();
    },
  };
}

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60);

/** A fresh browser context (no token, no storage) with a screenshot helper named after the test. */
export interface Session {
  context: BrowserContext;
  page: Page;
  /** Saves `test-results/screenshots/<test>-<page>.png`. */
  shot(pageName: string): Promise<void>;
  close(): Promise<void>;
}

export async function openSession(h: WebHarness, testName: string, options: { width?: number; height?: number } = {}): Promise<Session> {
  const context = await h.browser.newContext({
    baseURL: h.t.baseUrl,
    viewport: { width: options.width ?? 1024, height: options.height ?? 800 },
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  const shot = async (pageName: string) => {
    await page.screenshot({ path: join(SCREENSHOTS, `${slug(testName)}-${slug(pageName)}.png`), fullPage: true });
  };
  // A failing test keeps a screenshot of where it stopped.
  onTestFailed(async () => {
    if (!page.isClosed()) await page.screenshot({ path: join(SCREENSHOTS, `${slug(testName)}-failure.png`), fullPage: true }).catch(() => undefined);
    await context.close().catch(() => undefined);
  });
  return {
    context,
    page,
    shot,
    async close() {
      await context.close();
      // Uncaught script errors fail the test even when every assertion passed.
      expect(problems).toEqual([]);
    },
  };
}

/** Signs in through the sign-in page by pasting a token, and waits for the wishes page (the home page). */
export async function signIn(page: Page, token: string): Promise<void> {
  await page.goto('/sign-in.html');
  await page.getByLabel('Token', { exact: true }).fill(token);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL('**/wishes.html');
}

let isbnSeq = 0;
/** A valid, never repeated ISBN-13 (979 8… prefix). */
export function uniqueIsbn(): string {
  const first12 = `9798${String(++isbnSeq + 7_300_000).padStart(8, '0')}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return first12 + String((10 - (sum % 10)) % 10);
}

/** Waits (up to `timeout`) until the first element the locator finds has text matching `text`. */
export async function expectText(locator: Locator, text: string | RegExp, timeout = 10_000): Promise<void> {
  await expect.poll(async () => ((await locator.count()) > 0 ? await locator.first().innerText() : ''), { timeout }).toMatch(text);
}

/** A call the test arranges with (any 2xx), failing the test with the answer when refused; its JSON body. */
export async function apiCall(h: WebHarness, token: string, method: string, path: string, body?: unknown): Promise<any> {
  const res = await h.t.call(method, path, { token, ...(body === undefined ? {} : { body }) });
  expect(res.status, `${method} ${path}: ${res.text}`).toBeLessThan(300);
  return res.body;
}
