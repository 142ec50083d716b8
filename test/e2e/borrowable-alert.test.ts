// The `borrowable` alert in Chromium: the alerts page says in words that a wished book can be borrowed, with the link
// to borrow it (no price, no store); the channels page offers the kind as a box a channel may tick.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { languageIdOf } from '../support/pricing-integration-helpers.js';
import { expectText, openSession, signIn, startWebHarness, type WebHarness } from './support/web-harness.js';

let h: WebHarness;

beforeAll(async () => {
  h = await startWebHarness({ env: { CHANNEL_ALLOW_PRIVATE: 'on' } });
});
afterAll(async () => {
  await h?.stop();
});

const PAGE = 'https://openlibrary.org/books/OL7353617M/borrow';

describe('the borrowable alert on the web pages', () => {
  it('shows on the alerts page with the link to borrow the book, and is a kind a channel can take', async () => {
    const token = h.t.token('borrowable-reader');
    const book = await h.t.call('POST', '/api/books', { token, body: { book_original_title: 'A Novel To Borrow' } });
    const edition = await h.t.call('POST', `/api/books/${book.body.book_id}/editions`, {
      token, body: { isbn: '9780306406157', format: 'ebook', language_id: await languageIdOf(h.t, 'en') },
    });
    const wish = await h.t.call('POST', '/api/wishes', { token, body: { book_id: book.body.book_id } });
    expect(wish.status, wish.text).toBe(201);
    // As the lending check raises it (SqlBorrowableAlertDetector): no store, no price, the lender's page.
    await h.t.db.sql(
      `insert into alert (user_id, wish_id, book_id, edition_id, alert_kind, borrow_url)
       select user_id, wish_id, book_id, $2, 'borrowable', $3 from wish where wish_id = $1`,
      [wish.body.wish_id, edition.body.edition_id, PAGE],
    );

    const s = await openSession(h, 'borrowable alert');
    const { page } = s;
    await signIn(page, token);
    await page.goto('/alerts.html');
    const row = page.locator('#alert-list .alert');
    await expectText(row, 'You can borrow it');
    await expectText(row, 'As an e-book, free, at Open Library');
    const link = row.getByRole('link', { name: 'Borrow the e-book at Open Library: A Novel To Borrow (opens in a new tab)' });
    expect(await link.getAttribute('href')).toBe(PAGE);
    expect(await row.textContent()).not.toMatch(/null|store/i);
    await s.shot('alerts');

    await page.goto('/channels.html');
    const form = page.locator('#add-webhook');
    const box = form.getByLabel('A wished book I can borrow as an e-book');
    expect(await box.isChecked()).toBe(false);
    await form.getByLabel("Your endpoint's URL (http:// or https://)").fill('http://127.0.0.1:9/hook');
    await box.check();
    await form.getByRole('button', { name: 'Add webhook' }).click();
    await page.locator('#secret-panel').waitFor({ state: 'visible' });
    const channels = (await h.t.call('GET', '/api/user/channels', { token })).body.data;
    expect(channels[0].alert_kinds).toEqual(['below_max_price', 'new_lowest', 'price_drop', 'back_in_stock', 'borrowable']);
    await page.locator('#secret-panel').getByRole('button', { name: 'I have saved it' }).click();
    await expectText(page.locator('#channel-list'), 'a wished book I can borrow');
    await s.close();
  });
});
