// The lists page in a real browser against a real service: it renders from the lists and the navigation's badge
// alone; the wishes to share are read only when the picker is opened, a page of 20 at a time with their titles in one
// request; the books chosen survive paging; and nothing moves while the lists, books and book pages load on a phone.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, expectText, openSession, signIn, startWebHarness, type WebHarness } from './support/web-harness.js';

let h: WebHarness;

beforeAll(async () => {
  h = await startWebHarness();
});
afterAll(async () => {
  await h?.stop();
});

const call = (token: string, method: string, path: string, body?: unknown): Promise<any> => apiCall(h, token, method, path, body);

/** `count` wished books titled "Shared Book 01", "Shared Book 02", … (wished in that order); their ids. */
async function wishedBooks(token: string, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 1; i <= count; i++) {
    const book = await call(token, 'POST', '/api/books', { book_original_title: `Shared Book ${String(i).padStart(2, '0')}` });
    await call(token, 'POST', '/api/wishes', { book_id: book.book_id });
    ids.push(book.book_id);
  }
  return ids;
}

/** Keeps the path and query of every `/api/` request the page makes. */
function apiRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) seen.push(`${request.method()} ${url.pathname}${url.search}`);
  });
  return seen;
}

describe('the lists page', () => {
  it('renders in two requests, loads the wishes when the picker opens, keeps the choice across its pages and creates the list', async () => {
    const token = h.t.token('list-maker');
    const ids = await wishedBooks(token, 23);
    const s = await openSession(h, 'lists picker');
    const { page } = s;
    await signIn(page, token);
    await page.waitForLoadState('networkidle'); // the wishes page, where sign-in lands, has finished its requests
    const requests = apiRequests(page);
    await page.goto('/lists.html');
    await page.waitForLoadState('networkidle');
    await expectText(page.locator('#list-list .empty'), 'No lists yet.');
    // The lists and the badge: no wish and no book is read until the user asks for them.
    expect(requests.sort()).toEqual(['GET /api/alerts?is_read=false&per_page=100', 'GET /api/lists?per_page=20']);

    requests.length = 0;
    await page.getByText('Choose from your wishes').click();
    const picker = page.locator('#wish-picker');
    await expect.poll(() => picker.locator('input[type="checkbox"]').count()).toBe(20);
    await expect.poll(() => page.getByLabel('Shared Book 01').isVisible()).toBe(true);
    // One page of wishes and one request for all of their titles.
    expect(requests).toEqual(['GET /api/wishes?per_page=20', `GET /api/books?ids=${ids.slice(0, 20).join(',')}&per_page=100`]);

    await page.getByLabel('Shared Book 02').check();
    await expectText(page.locator('#picked-count'), '1 book chosen.');
    await picker.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => page.getByLabel('Shared Book 22').isVisible()).toBe(true);
    expect(await picker.locator('input[type="checkbox"]').count()).toBe(3);
    await page.getByLabel('Shared Book 22').check();
    await expectText(page.locator('#picked-count'), '2 books chosen.');
    await picker.getByRole('button', { name: 'Previous' }).click();
    expect(await page.getByLabel('Shared Book 02').isChecked()).toBe(true);
    expect(await page.getByLabel('Shared Book 01').isChecked()).toBe(false);

    // The API's field error shows beside the field; the choice stays.
    await page.getByRole('button', { name: 'Create list' }).click();
    await expect.poll(() => page.getByLabel('List name').getAttribute('aria-invalid')).toBe('true');
    await expectText(page.locator('#create-list .field-error'), /.+/);
    await expectText(page.locator('#picked-count'), '2 books chosen.');

    await page.getByLabel('List name').fill('Two picks');
    await page.getByRole('button', { name: 'Create list' }).click();
    await expectText(page.locator('#create-list .form-status'), 'Created “Two picks”');
    await expectText(page.locator('#picked-count'), 'No book chosen yet.');
    expect(await page.getByLabel('Shared Book 02').isChecked()).toBe(false);
    const row = page.locator('#list-list .items li').filter({ hasText: 'Two picks' });
    await expectText(row, '2 books');
    const [list] = (await call(token, 'GET', '/api/lists?per_page=20')).data;
    expect(list.book_ids.sort()).toEqual([ids[1], ids[21]].sort());
    await s.shot('lists');
    await s.close();
  });

  it('does not move while it loads on a phone: the lists, the books and a book page keep the room reserved for them', async () => {
    const token = h.t.token('list-phone');
    const ids = await wishedBooks(token, 12);
    for (const name of ['Summer reading', 'Gifts', 'Book club']) await call(token, 'POST', '/api/lists', { list_name: name, book_ids: ids.slice(0, 3) });
    const [english] = await h.t.db.sql<{ language_id: string }>("select language_id from language where language_code = 'en'");
    for (const [isbn, format] of [['9780000000002', 'paperback'], ['9780000000019', 'hardcover']] as const) {
      await call(token, 'POST', `/api/books/${ids[0]}/editions`, { isbn, format, language_id: Number(english!.language_id), publisher: 'Faber', published_year: 2021 });
    }
    const s = await openSession(h, 'lists phone', { width: 375, height: 812 });
    const { page } = s;
    await signIn(page, token);
    await s.context.addInitScript(`window.__shift = 0; new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__shift += e.value; }).observe({ type: 'layout-shift', buffered: true });`);
    const pages: Array<[string, string, number]> = [
      ['/lists.html', '#list-list .items .list', 3],
      ['/books.html', '#book-list .items .book-row', 10],
      [`/book.html?id=${ids[0]}`, '#edition-list .items li[data-edition-id]', 2],
    ];
    for (const [path, rows, count] of pages) {
      await page.goto(path);
      await expect.poll(() => page.locator(rows).count()).toBe(count);
      await page.waitForLoadState('networkidle');
      // Every shift counts (a navigation started by playwright marks them as after input).
      expect(await page.evaluate<number>('window.__shift'), path).toBeLessThan(0.01);
      expect(await page.evaluate<number>('document.scrollingElement.scrollWidth'), path).toBeLessThanOrEqual(375);
    }
    await s.shot('lists-phone');
    await s.close();
  });
});
