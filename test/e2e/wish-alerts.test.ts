// A wish's own alerts (issue 27) in a real browser against a real service: the in-place "Alerts" control on the
// wishes page and the book page. It shows what the account's defaults are (read once, when a control first opens, so
// a render keeps its request budget), saves with PATCH /api/wishes/:id, shows the API's 400 beside the field, is
// reachable by keyboard, passes axe while open, fits 360 px, and moves nothing while the book page loads.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addEdition, bookWithEdition } from '../support/pricing-integration-helpers.js';
import { apiCall, expectText, openSession, signIn, startWebHarness, type WebHarness } from './support/web-harness.js';

let h: WebHarness;

beforeAll(async () => {
  h = await startWebHarness();
});
afterAll(async () => {
  await h?.stop();
});

const call = (token: string, method: string, path: string, body?: unknown): Promise<any> => apiCall(h, token, method, path, body);

/** A reader in Germany buying paperbacks in euros, alerted by default on a 20 % drop, with a 10 % default target. */
async function aReader(name: string): Promise<string> {
  const token = h.t.token(name);
  await call(token, 'PUT', '/api/user/preferences', {
    country: 'DE', currency: 'EUR', formats: ['paperback'], alert_drop_percent: 20, default_target: { discount_percent: 10 },
  });
  return token;
}

async function aWish(token: string, title: string): Promise<{ bookId: number; wishId: number }> {
  const book = await bookWithEdition(h.t, title, { token });
  const wish = await call(token, 'POST', '/api/wishes', { book_id: book.bookId });
  return { bookId: book.bookId, wishId: wish.wish_id };
}

/** Records the API requests the page makes from now on (method, path and query). */
function apiRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) seen.push(`${request.method()} ${url.pathname}${url.search}`);
  });
  return seen;
}

async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const wishOf = async (token: string, wishId: number) => call(token, 'GET', `/api/wishes/${wishId}`);

describe('a wish’s own alerts on the wishes page', () => {
  it('shows the account’s defaults when opened, refuses 0 and 150 beside the field, saves 15 % and 90 days, and clears them', async () => {
    const token = await aReader('wish-alerts-wishes-page');
    const first = await aWish(token, 'Alerting Alpha');
    const second = await aWish(token, 'Alerting Bravo');
    const s = await openSession(h, 'wish alerts on the wishes page');
    const { page } = s;
    await signIn(page, token);
    await page.waitForLoadState('networkidle');

    // A render keeps its budget: the defaults are not read until a control opens.
    const requests = apiRequests(page);
    await page.goto('/wishes.html');
    const row = page.locator(`#wish-list [data-wish-id="${first.wishId}"]`);
    const summary = row.locator('summary');
    await expectText(row.locator('.alerts-own'), 'account defaults');
    await page.waitForLoadState('networkidle');
    expect(requests.length, requests.join('\n')).toBeLessThanOrEqual(5);
    expect(requests.some((r) => r.includes('/api/user/preferences'))).toBe(false);

    // Opened (by keyboard): one request for the defaults, shown beside the fields.
    await summary.focus();
    await page.keyboard.press('Enter');
    const percent = row.getByLabel(/price drop of at least this many percent/);
    await expect.poll(() => percent.isVisible()).toBe(true);
    await expectText(row.locator('.default-note'), 'empty: the account default (20 %)');
    const days = row.getByLabel('Alert on the lowest price of the last');
    await expect.poll(() => days.locator('option').first().innerText()).toBe('Account default (off)');
    await expectText(row.locator('.target-note'), 'Your default target (10 % under the lowest price ever) applies while a wish has no max price of its own.');
    expect(requests.filter((r) => r.includes('/api/user/preferences'))).toEqual(['GET /api/user/preferences']);
    await page.keyboard.press('Tab');
    expect(await page.evaluate<string>('document.activeElement.id')).toBe(await percent.getAttribute('id'));

    // The API's refusals, beside the field; nothing saved.
    const save = row.getByRole('button', { name: 'Save alerts' });
    for (const bad of ['0', '150']) {
      await percent.fill(bad);
      await save.click();
      await expectText(row.locator('.wish-alerts .field-error'), 'must be a whole number from 1 to 99');
      expect(await percent.getAttribute('aria-invalid')).toBe('true');
      expect(await percent.getAttribute('aria-describedby')).toBe(await row.locator('.wish-alerts .field-error').getAttribute('id'));
    }
    expect(await wishOf(token, first.wishId)).toMatchObject({ alert_drop_percent: null, alert_lowest_days: null });
    expect(await axeViolations(page)).toEqual([]);

    await percent.fill('15');
    await days.selectOption('90');
    await save.click();
    await expectText(row.locator('.wish-alerts .form-status'), 'Saved: 15 % drop, lowest of 90 days');
    expect(await row.locator('.wish-alerts .field-error').count()).toBe(0);
    expect(await percent.getAttribute('aria-invalid')).toBeNull();
    await expectText(row.locator('.alerts-own'), '15 % drop, lowest of 90 days');
    expect(await wishOf(token, first.wishId)).toMatchObject({ alert_drop_percent: 15, alert_lowest_days: 90 });
    expect(await wishOf(token, second.wishId)).toMatchObject({ alert_drop_percent: null, alert_lowest_days: null });
    expect(await axeViolations(page)).toEqual([]);

    // Another wish's control asks nothing more: the defaults are kept for the page.
    await page.locator(`#wish-list [data-wish-id="${second.wishId}"] summary`).click();
    await expectText(page.locator(`#wish-list [data-wish-id="${second.wishId}"] .default-note`), 'empty: the account default (20 %)');
    expect(requests.filter((r) => r.includes('/api/user/preferences'))).toHaveLength(1);
    await s.shot('wishes-alerts-open');

    // Saved: a new visit shows the wish's own settings.
    await page.reload();
    await expectText(row.locator('.alerts-own'), '15 % drop, lowest of 90 days');
    await summary.click();
    await expect.poll(() => percent.inputValue()).toBe('15');
    expect(await days.inputValue()).toBe('90');

    // Emptied, both follow the account again (null).
    await percent.fill('');
    await days.selectOption('');
    await row.getByRole('button', { name: 'Save alerts' }).click();
    await expectText(row.locator('.wish-alerts .form-status'), 'Saved: account defaults');
    expect(await wishOf(token, first.wishId)).toMatchObject({ alert_drop_percent: null, alert_lowest_days: null });
    await s.close();
  });

  it('fits 360 px with a control open, without sideways scrolling', async () => {
    const token = await aReader('wish-alerts-narrow');
    const made = await aWish(token, 'A Rather Long Title For A Narrow Screen With Alerts Open');
    const s = await openSession(h, 'wish alerts narrow', { width: 360, height: 740 });
    const { page } = s;
    await signIn(page, token);
    const row = page.locator(`#wish-list [data-wish-id="${made.wishId}"]`);
    await row.locator('summary').click();
    await expectText(row.locator('.default-note'), 'empty: the account default (20 %)');
    expect(await page.evaluate<number>('document.scrollingElement.scrollWidth')).toBeLessThanOrEqual(360);
    await s.shot('wishes-alerts-360');
    await s.close();
  });
});

describe('a wish’s own alerts on the book page', () => {
  it('keeps the render at 5 requests without a shift, then sets the wish’s window under the wish button', async () => {
    const token = await aReader('wish-alerts-book-page');
    // Two editions each, as the page reserves (a shorter list pulls what follows up, which is not this test's business).
    const wished = await aWish(token, 'Alerting Book Page');
    await addEdition(h.t, wished.bookId, { token });
    // Its own settings, the longest summary there is: it wraps beside the cover on a phone, into the reserved lines.
    await call(token, 'PATCH', `/api/wishes/${wished.wishId}`, { alert_drop_percent: 15, alert_lowest_days: 365 });
    const notWished = await bookWithEdition(h.t, 'Alerting Unwished Book', { token });
    await addEdition(h.t, notWished.bookId, { token });
    const s = await openSession(h, 'wish alerts on the book page', { width: 375, height: 740 });
    const { page } = s;
    await s.context.addInitScript(`window.__shift = 0; new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__shift += e.value; }).observe({ type: 'layout-shift', buffered: true });`);
    await signIn(page, token);
    await page.waitForLoadState('networkidle');

    const requests = apiRequests(page);
    await page.goto(`/book.html?id=${wished.bookId}`);
    const control = page.locator('#wish-alerts-slot details');
    await expectText(control.locator('summary'), 'Alerts: 15 % drop, lowest of 365 days');
    await expect.poll(() => page.locator('#edition-list .items li[data-edition-id]').count()).toBe(2);
    await page.waitForLoadState('networkidle');
    expect(requests.length, requests.join('\n')).toBeLessThanOrEqual(5);
    expect(requests.some((r) => r.includes('/api/user/preferences'))).toBe(false);
    expect(await page.evaluate<number>('window.__shift')).toBeLessThan(0.01);

    await control.locator('summary').click();
    await expectText(control.locator('.default-note'), 'empty: the account default (20 %)');
    const days = control.getByLabel('Alert on the lowest price of the last');
    const percent = control.getByLabel(/price drop of at least this many percent/);
    expect(await percent.inputValue()).toBe('15');
    expect(await days.inputValue()).toBe('365');
    await percent.fill('');
    await days.selectOption('30');
    await control.getByRole('button', { name: 'Save alerts' }).click();
    await expectText(control.locator('.form-status'), 'Saved: lowest of 30 days');
    expect(await wishOf(token, wished.wishId)).toMatchObject({ alert_drop_percent: null, alert_lowest_days: 30 });
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate<number>('document.scrollingElement.scrollWidth')).toBeLessThanOrEqual(375);
    await s.shot('book-alerts-open');

    // A book not wished says how to get the control, and wishing it brings the control, following the account.
    await page.goto(`/book.html?id=${notWished.bookId}`);
    await expectText(page.locator('#wish-alerts-slot'), 'Wish it to set its alerts.');
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate<number>('window.__shift')).toBeLessThan(0.01);
    await page.getByRole('button', { name: 'Add to wishes' }).click();
    await expectText(page.locator('#wish-alerts-slot summary'), 'Alerts: account defaults');
    await page.locator('#wish-alerts-slot summary').click();
    await page.locator('#wish-alerts-slot').getByLabel(/price drop of at least this many percent/).fill('12.5');
    await page.locator('#wish-alerts-slot').getByRole('button', { name: 'Save alerts' }).click();
    await expectText(page.locator('#wish-alerts-slot .field-error'), /.+/);
    await page.getByRole('button', { name: 'Wished: remove from wishes' }).click();
    await expectText(page.locator('#wish-alerts-slot'), 'Wish it to set its alerts.');
    await s.close();
  });
});
