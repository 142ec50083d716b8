// The channels page in a real browser against a real service and a real webhook receiver on 127.0.0.1: add a webhook
// (its secret shown once, copied), test it and see "Delivered" while the receiver gets a signed POST, see a refused
// test's reason, add an e-mail digest, a bad ntfy URL's error beside its field, disable and delete with confirmation,
// and a row's open confirmation kept while another row's change draws the list again.
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectText, openSession, signIn, startWebHarness, type WebHarness } from './support/web-harness.js';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

let h: WebHarness;
let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];

beforeAll(async () => {
  // The receiver: 204 for /hook, 410 ("gone") for /gone.
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(req.url === '/gone' ? 410 : 204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  // The receiver is on this machine: the service must be allowed to deliver to private addresses.
  h = await startWebHarness({ env: { CHANNEL_ALLOW_PRIVATE: 'on' } });
});
afterAll(async () => {
  await h?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
});

/** WCAG 2.1 AA violations on the page as it is now, by rule and element. */
async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const row = (page: Page, text: string) => page.locator('#channel-list .items li').filter({ hasText: text });

async function channelsOf(token: string): Promise<Array<Record<string, unknown>>> {
  return (await h.t.call('GET', '/api/user/channels?per_page=100', { token })).body.data;
}

describe('the channels page', () => {
  it('adds a webhook, shows its secret once with a copy button, tests it ("Delivered") and the receiver gets a signed POST', async () => {
    const token = h.t.token('channels-webhook');
    const s = await openSession(h, 'channels webhook');
    const { page, context } = s;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: h.t.baseUrl });
    await signIn(page, token);

    // The page's API requests, nav badge included.
    const apiRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) apiRequests.push(request.url());
    });
    await page.goto('/channels.html');
    await expectText(page.locator('#channel-list .empty'), 'No channels yet');
    await page.waitForLoadState('networkidle');
    expect(apiRequests.length, apiRequests.join('\n')).toBeLessThanOrEqual(5);

    const webhookForm = page.locator('#add-webhook');
    await webhookForm.getByLabel("Your endpoint's URL (http:// or https://)").fill(`${receiverUrl}/hook`);
    await webhookForm.getByLabel('Back in stock').uncheck();
    await webhookForm.getByRole('button', { name: 'Add webhook' }).click();

    const panel = page.locator('#secret-panel');
    // The panel's words are in the page from the start (hidden): wait for it to be shown with the new secret.
    await panel.waitFor({ state: 'visible' });
    await expectText(panel, /you will not see it again/i);
    const secret = await page.getByLabel('Signing secret', { exact: true }).inputValue();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    await s.shot('secret shown');
    expect(await axeViolations(page)).toEqual([]);
    await panel.getByRole('button', { name: 'Copy secret' }).click();
    await expectText(page.locator('#copy-status'), 'Copied to the clipboard.');
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(secret);
    // Without clipboard access the secret is selected instead, for Ctrl+C.
    await page.evaluate("navigator.clipboard.writeText = () => Promise.reject(new Error('denied'))");
    await panel.getByRole('button', { name: 'Copy secret' }).click();
    await expectText(page.locator('#copy-status'), /Selected: press Ctrl\+C/);
    expect(await page.evaluate("(() => { const i = document.getElementById('webhook-secret'); return i.value.slice(i.selectionStart, i.selectionEnd); })()")).toBe(secret);

    await panel.getByRole('button', { name: 'I have saved it' }).click();
    expect(await panel.isHidden()).toBe(true);
    expect(await page.getByLabel('Signing secret', { exact: true }).inputValue()).toBe('');

    const [created] = await channelsOf(token);
    expect(created).toMatchObject({ kind: 'webhook', target: `${receiverUrl}/hook`, alert_kinds: ['below_max_price', 'new_lowest', 'price_drop'] });
    const webhookRow = row(page, `${receiverUrl}/hook`);
    await expectText(webhookRow, 'Last delivery: Nothing sent yet.');

    await webhookRow.getByRole('button', { name: /Send a test/ }).click();
    await expectText(webhookRow.locator('.delivery-status'), /^Last delivery: Delivered: test message, \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC\.$/, 20_000);
    await s.shot('test delivered');
    const post = received.find((r) => r.path === '/hook')!;
    expect(post.headers['shelfwatch-signature']).toBe(`sha256=${createHmac('sha256', secret).update(post.body).digest('hex')}`);
    expect(JSON.parse(post.body.toString('utf8'))).toMatchObject({ event: 'test' });

    // Shown once: after a reload the secret is nowhere on the page.
    await page.reload();
    await expectText(webhookRow, 'Delivered: test message');
    expect(await page.content()).not.toContain(secret);
    await s.close();
  });

  it("shows why a test was refused", async () => {
    const token = h.t.token('channels-refused');
    const s = await openSession(h, 'channels refused test');
    const { page } = s;
    await signIn(page, token);
    await page.goto('/channels.html');
    await page.locator('#add-webhook').getByLabel("Your endpoint's URL (http:// or https://)").fill(`${receiverUrl}/gone`);
    await page.locator('#add-webhook').getByRole('button', { name: 'Add webhook' }).click();
    const gone = row(page, `${receiverUrl}/gone`);
    await expectText(gone, 'Nothing sent yet.');
    await gone.getByRole('button', { name: /Send a test/ }).click();
    await expectText(gone.locator('.delivery-status'), /^Last delivery: Not delivered: test message, .* UTC: the receiver answered 410\.$/, 20_000);
    expect(await gone.locator('.delivery-status.failed').count()).toBe(1);
    await s.shot('test refused');
    await s.close();
  });

  it('adds an e-mail digest, shows a bad ntfy URL beside its field, disables and deletes with confirmation', async () => {
    const token = h.t.token('channels-manage', { email: 'reader@example.org' });
    const s = await openSession(h, 'channels manage');
    const { page } = s;
    await signIn(page, token);
    await page.goto('/channels.html');
    await expectText(page.locator('#channel-list .empty'), 'No channels yet');

    const emailForm = page.locator('#add-email');
    await emailForm.getByLabel("Address (leave empty for your account's)").fill('digest@example.org');
    await emailForm.getByLabel('Once a day, a digest of the day before').check();
    await emailForm.getByLabel('Price drop').uncheck();
    await emailForm.getByRole('button', { name: 'Add e-mail channel' }).click();
    await expectText(emailForm.locator('.form-status'), 'Added the E-mail channel for digest@example.org.');
    const digest = row(page, 'digest@example.org');
    await expectText(digest, /a daily digest/);
    expect(await page.locator('#secret-panel').isHidden()).toBe(true);
    expect((await channelsOf(token))[0]).toMatchObject({ kind: 'email', target: 'digest@example.org', delivery: 'daily_digest', alert_kinds: ['below_max_price', 'new_lowest', 'back_in_stock'] });

    // The API's field errors, beside the fields they name.
    const ntfyForm = page.locator('#add-ntfy');
    await ntfyForm.getByLabel('Topic URL').fill('ftp://ntfy.example.org/topic');
    for (const kind of ['At or under my maximum price', 'Lowest price seen yet', 'Price drop', 'Back in stock']) await ntfyForm.getByLabel(kind).uncheck();
    await ntfyForm.getByRole('button', { name: 'Add ntfy topic' }).click();
    await expectText(ntfyForm.locator('.field-error').first(), /http:\/\/ or https:\/\//);
    expect(await ntfyForm.getByLabel('Topic URL').getAttribute('aria-invalid')).toBe('true');
    const describedBy = await ntfyForm.getByLabel('Topic URL').getAttribute('aria-describedby');
    expect(await page.locator(`#${describedBy}`).innerText()).toMatch(/http:\/\/ or https:\/\//);
    await expectText(ntfyForm.locator('fieldset.alert-kinds .field-error'), /at least one alert kind/);
    await s.shot('ntfy field errors');
    expect(await axeViolations(page)).toEqual([]);
    // A phone's width: one column, nothing scrolls sideways.
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
    await page.setViewportSize({ width: 1024, height: 800 });
    expect(await channelsOf(token)).toHaveLength(1);

    // Disable, enable.
    await digest.getByRole('button', { name: /^Disable/ }).click();
    await expectText(digest.locator('.tag'), 'Disabled');
    expect((await channelsOf(token))[0]!.is_enabled).toBe(false);
    await digest.getByRole('button', { name: /^Enable/ }).click();
    await expectText(digest.locator('.tag'), 'Enabled');
    expect((await channelsOf(token))[0]!.is_enabled).toBe(true);

    // Delete asks first; "Keep it" keeps it.
    await digest.getByRole('button', { name: /^Delete/ }).click();
    await expectText(digest.getByRole('group'), 'Delete this channel?');
    await digest.getByRole('button', { name: 'Keep it' }).click();
    expect(await channelsOf(token)).toHaveLength(1);
    await digest.getByRole('button', { name: /^Delete/ }).click();
    await digest.getByRole('button', { name: 'Yes, delete it' }).click();
    // The row goes once the API has answered and the list was read again.
    await digest.waitFor({ state: 'detached' });
    await expectText(page.locator('#channel-list .empty'), 'No channels yet');
    expect(await channelsOf(token)).toEqual([]);
    await s.close();
  });

  it("keeps another row's open delete confirmation when one row's change draws the list again", async () => {
    const token = h.t.token('channels-busy', { email: 'busy@example.org' });
    for (const target of ['first@example.org', 'second@example.org']) {
      const created = await h.t.call('POST', '/api/user/channels', { token, body: { kind: 'email', target } });
      expect(created.status, created.text).toBe(201);
    }
    const s = await openSession(h, 'channels busy');
    const { page } = s;
    await signIn(page, token);
    await page.goto('/channels.html');
    const first = row(page, 'first@example.org');
    const second = row(page, 'second@example.org');
    await expectText(second.locator('.tag'), 'Enabled');

    // A delete to confirm in one row; the other row is disabled meanwhile (the list is read and drawn again).
    await first.getByRole('button', { name: /^Delete/ }).click();
    await expectText(first.getByRole('group'), 'Delete this channel?');
    await second.getByRole('button', { name: /^Disable/ }).click();
    await expectText(second.locator('.tag'), 'Disabled');
    expect(await first.getByRole('group').isVisible()).toBe(true);
    expect(await first.getByRole('button', { name: /^Delete/ }).isDisabled()).toBe(true);
    await s.shot('confirmation kept');

    // Closed, it is an ordinary row again: the next redraw shows it afresh.
    await first.getByRole('button', { name: 'Keep it' }).click();
    await second.getByRole('button', { name: /^Enable/ }).click();
    await expectText(second.locator('.tag'), 'Enabled');
    expect(await first.getByRole('group').isHidden()).toBe(true);
    expect(await first.getByRole('button', { name: /^Delete/ }).isEnabled()).toBe(true);
    expect(await channelsOf(token)).toHaveLength(2);
    await s.close();
  });
});
