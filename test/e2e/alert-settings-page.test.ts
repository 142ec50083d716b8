// The alerts a reader turns on, in a real browser against a real service and the demonstration stores: the account's
// alert defaults set on the preferences page (a bad value's error beside its field, labels a screen reader can use),
// then a price drop fetched at a demonstration store shows on the alerts page as the new kinds, in words.
import { AxeBuilder } from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookWithEdition } from '../support/pricing-integration-helpers.js';
import { expectText, openSession, signIn, startWebHarness, type WebHarness } from './support/web-harness.js';

let h: WebHarness;

beforeAll(async () => {
  h = await startWebHarness();
});
afterAll(async () => {
  await h?.stop();
});

describe('alert defaults on the preferences page', () => {
  it('sets a percentage, a window and a target price, and the alerts page then tells a price drop in those words', async () => {
    const token = h.t.token('alert-defaults');
    const prefs = await h.t.call('PUT', '/api/user/preferences', { token, body: { country: 'DE', currency: 'EUR', formats: ['paperback'] } });
    expect(prefs.status, prefs.text).toBe(200);
    const s = await openSession(h, 'alert defaults');
    const { page } = s;
    await signIn(page, token);
    await page.goto('/preferences.html');

    const form = page.locator('#alert-defaults-form');
    const percent = form.getByLabel(/drops by at least this many percent/);
    await expect.poll(() => percent.inputValue()).toBe('');
    expect(await form.getByLabel('No default target').isChecked()).toBe(true);
    await percent.fill('150');
    await form.getByRole('button', { name: 'Save alert defaults' }).click();
    await expectText(form.locator('.field-error'), /1 to 99/);
    expect(await percent.getAttribute('aria-invalid')).toBe('true');

    await percent.fill('20');
    await form.getByLabel('Alert when a price is the lowest of the last').selectOption('30');
    await form.getByLabel('A price I would pay').check();
    await form.getByLabel(/Target price, in EUR/).fill('12.00');
    await form.getByRole('button', { name: 'Save alert defaults' }).click();
    await expectText(form.locator('.form-status'), 'Alert defaults saved.');
    expect((await h.t.call('GET', '/api/user/preferences', { token })).body).toMatchObject({
      alert_drop_percent: 20,
      alert_lowest_days: 30,
      default_target: { max_price: { amount: '12.00', currency: 'EUR' } },
    });
    const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);
    await page.reload();
    await expect.poll(() => percent.inputValue()).toBe('20');
    expect(await form.getByLabel('A price I would pay').isChecked()).toBe(true);
    await s.shot('preferences');

    // A wish without a max price of its own; its price falls from 15.00 to 11.00 at one demonstration store.
    const book = await bookWithEdition(h.t, 'Defaults Make Alerts', { token });
    expect((await h.t.call('POST', '/api/wishes', { token, body: { book_id: book.bookId } })).status).toBe(201);
    for (const amount of ['15.00', '11.00']) {
      for (const store of ['paperback-palace', 'ebook-emporium', 'buchhandlung', 'corner-bookshop'] as const) {
        h.demo.set(store, book.isbn, store === 'paperback-palace' ? { kind: 'price', amount, availability: 'in_stock' } : { kind: 'not_found' });
      }
      expect((await h.t.call('POST', `/api/editions/${book.editionId}/prices`, { token })).status).toBe(201);
    }

    await page.goto('/alerts.html');
    await expectText(page.locator('#alert-list .items'), 'Defaults Make Alerts');
    const kinds = await page.locator('#alert-list .alert strong').allInnerTexts();
    for (const words of ['At or below your default target', 'Lowest price of the days you chose', 'Price drop by your percentage or more', 'Price drop']) {
      expect(kinds, words).toContain(words);
    }
    await s.shot('alerts');
    await s.close();
  });
});
