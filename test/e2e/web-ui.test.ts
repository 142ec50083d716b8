// The web UI in a real browser against a real service: every scenario goes through the pages as a user would,
// and checks what the page shows (and, where it matters, what the API then holds).
import jwt from 'jsonwebtoken';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_JWT_SECRET } from '../support/test-service.js';
import { demoSourceView } from '../../src/adapters/demo/metadata/index.js';
import { goodreadsCsv } from '../support/import-fixtures.js';
import { expectText, openSession, signIn, startWebHarness, uniqueIsbn, type WebHarness } from './support/web-harness.js';

let h: WebHarness;
let englishId: number;

beforeAll(async () => {
  h = await startWebHarness();
  const [row] = await h.t.db.sql<{ language_id: string }>("select language_id from language where language_code = 'en'");
  englishId = Number(row!.language_id);
});
afterAll(async () => {
  await h?.stop();
});

/** Waits until the locator's text contains `text` (pages fill in data after they load). */
async function createBook(token: string, title: string): Promise<number> {
  const res = await h.t.call('POST', '/api/books', { token, body: { book_original_title: title } });
  expect(res.status, res.text).toBe(201);
  return res.body.book_id;
}

async function createEdition(token: string, bookId: number, isbn = uniqueIsbn()): Promise<{ editionId: number; isbn: string }> {
  const res = await h.t.call('POST', `/api/books/${bookId}/editions`, { token, body: { isbn, format: 'paperback', language_id: englishId } });
  expect(res.status, res.text).toBe(201);
  return { editionId: res.body.edition_id, isbn };
}

async function wish(token: string, bookId: number, maxPrice?: { amount: string; currency: string }): Promise<number> {
  const res = await h.t.call('POST', '/api/wishes', { token, body: { book_id: bookId, ...(maxPrice ? { max_price: maxPrice } : {}) } });
  expect(res.status, res.text).toBe(201);
  return res.body.wish_id;
}

const unreadBadge = (page: Page) => page.locator('#unread-count');
// Browser-side expressions as text: the test code is type-checked for Node, without the DOM's globals.
const STORED_TOKEN = "localStorage.getItem('shelfwatch.token')";

describe('signing in', () => {
  it('sends a visitor without a token to sign-in, accepts a pasted token, refuses a bad one, and signs out', async () => {
    const s = await openSession(h, 'sign-in with a token');
    const { page } = s;
    await page.goto('/books.html');
    await page.waitForURL(/\/sign-in\.html\?reason=missing/);
    await expectText(page.locator('#sign-in-reason'), 'Please sign in to continue.');
    await s.shot('sign-in');

    await page.getByLabel('Token', { exact: true }).fill('not-a-jwt');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expectText(page.locator('#page-error'), /This token was not accepted/);
    expect(page.url()).toContain('/sign-in.html');

    await page.getByLabel('Token', { exact: true }).fill(h.t.token('pasting-user'));
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    // Back where the visitor wanted to go.
    await page.waitForURL('**/books.html');
    await expectText(page.locator('h1'), 'Books');
    await expectText(page.locator('.site-nav [aria-current="page"]'), 'Books');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/reason=signed-out/);
    await expectText(page.locator('#sign-in-reason'), 'You are signed out.');
    expect(await page.evaluate(STORED_TOKEN)).toBeNull();
    await s.close();
  });

  it('offers the development sign-in when it is enabled and signs in as the named user', async () => {
    const s = await openSession(h, 'development sign-in');
    const { page } = s;
    await page.goto('/sign-in.html');
    const devForm = page.locator('#dev-sign-in');
    await devForm.waitFor({ state: 'visible' });
    await page.getByLabel('User name').fill('has spaces');
    await page.getByRole('button', { name: 'Sign in as this user' }).click();
    await expectText(page.locator('#dev-form .field-error'), /letters, digits/);
    await s.shot('sign-in-dev');

    await page.getByLabel('User name').fill('dev-reader');
    await page.getByRole('button', { name: 'Sign in as this user' }).click();
    // Without a `next`, sign-in lands on the home page: the wishes.
    await page.waitForURL('**/wishes.html');
    await expectText(page.locator('h1'), 'Wishes');
    await expectText(page.locator('.site-nav [aria-current="page"]'), 'Wishes');
    const [user] = await h.t.db.sql<{ subject: string }>("select subject from app_user where subject = 'dev-reader'");
    expect(user?.subject).toBe('dev-reader');
    await s.close();
  });

  it('never leaves the site after sign-in, whatever `next` says', async () => {
    const s = await openSession(h, 'sign-in open redirect');
    const { page } = s;
    for (const next of ['/\\evil.example/', '/%09/evil.example/', '//evil.example/', 'https://evil.example/']) {
      await page.goto(`/sign-in.html?next=${encodeURIComponent(next).replace('%2509', '%09')}`);
      await page.getByLabel('Token', { exact: true }).fill(h.t.token('redirect-user'));
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.waitForURL('**/wishes.html');
      expect(new URL(page.url()).host, next).toBe(new URL(h.t.baseUrl).host);
    }
    await s.close();
  });

  it('never leaves the site after sign-in when dot segments in `next` resolve to a protocol-relative path', async () => {
    const s = await openSession(h, 'sign-in dot-segment redirect');
    const { page } = s;
    const host = new URL(h.t.baseUrl).host;
    for (const next of ['/..//evil.example/', '/.//evil.example/', '/x/..//evil.example/', '/%2e%2e//evil.example/', '/.\\/evil.example/']) {
      await page.goto(`/sign-in.html?next=${encodeURIComponent(next)}`);
      await page.getByLabel('Token', { exact: true }).fill(h.t.token('redirect-user'));
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.waitForURL((url) => !url.pathname.startsWith('/sign-in'), { waitUntil: 'commit' });
      expect(new URL(page.url()).host, next).toBe(host);
    }
    await s.close();
  });

  it('sends a user with an expired token back to sign-in with a message, then returns to the page', async () => {
    const s = await openSession(h, 'expired token');
    const { page } = s;
    const expired = jwt.sign({ sub: 'late-user', exp: Math.floor(Date.now() / 1000) - 3600 }, TEST_JWT_SECRET, { algorithm: 'HS256' });
    await page.goto('/sign-in.html');
    await page.evaluate(`localStorage.setItem('shelfwatch.token', ${JSON.stringify(expired)})`);
    await page.goto('/wishes.html');
    await page.waitForURL(/\/sign-in\.html\?reason=expired&next=%2Fwishes\.html/);
    await expectText(page.locator('#sign-in-reason'), 'Your sign-in has expired or was not accepted. Please sign in again.');
    await s.shot('sign-in-expired');

    await page.getByLabel('Token', { exact: true }).fill(h.t.token('late-user'));
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/wishes.html');
    await expectText(page.locator('h1'), 'Wishes');
    await s.close();
  });
});

describe('the catalog', () => {
  it('searches and pages through books by following the links, by mouse and by keyboard', async () => {
    const token = h.t.token('pager');
    for (let i = 1; i <= 23; i++) await createBook(token, `Pagination Saga ${String(i).padStart(2, '0')}`);
    await createBook(token, 'Something Else Entirely');
    const s = await openSession(h, 'search and page through books');
    const { page } = s;
    await signIn(page, token);
    await page.goto('/books.html');
    await page.getByLabel('Title or author').fill('pagination saga');
    await page.getByRole('button', { name: 'Search' }).click();
    const titles = page.locator('#book-list .items .title');
    const pageTitles = async (first: string) => {
      await expectText(titles, first);
      return titles.allInnerTexts();
    };
    expect(await pageTitles('Pagination Saga 01')).toEqual(Array.from({ length: 10 }, (_, i) => `Pagination Saga ${String(i + 1).padStart(2, '0')}`));
    await s.shot('books');
    const pager = page.getByRole('navigation', { name: 'Books: pages' });
    expect(await pager.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);

    await pager.getByRole('button', { name: 'Next' }).click();
    expect(await pageTitles('Pagination Saga 11')).toHaveLength(10);
    // Keyboard: the focused button follows `next` with Enter.
    await pager.getByRole('button', { name: 'Next' }).focus();
    await page.keyboard.press('Enter');
    expect(await pageTitles('Pagination Saga 21')).toEqual(['Pagination Saga 21', 'Pagination Saga 22', 'Pagination Saga 23']);
    expect(await pager.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    expect(await pager.getByRole('button', { name: 'Last' }).isDisabled()).toBe(true);
    await s.shot('books-last-page');

    await pager.getByRole('button', { name: 'Previous' }).click();
    expect((await pageTitles('Pagination Saga 11'))[9]).toBe('Pagination Saga 20');
    await pager.getByRole('button', { name: 'First' }).click();
    await pageTitles('Pagination Saga 01');
    // The last page holds the last 10 books (keyset from the end).
    await pager.getByRole('button', { name: 'Last' }).click();
    expect(await pageTitles('Pagination Saga 14')).toEqual(Array.from({ length: 10 }, (_, i) => `Pagination Saga ${i + 14}`));
    await s.close();
  });

  it('adds a book and an edition, shows the API’s field errors next to the fields, and wishes the book', async () => {
    const token = h.t.token('cataloguer');
    const s = await openSession(h, 'add a book and an edition');
    const { page } = s;
    await signIn(page, token);
    await page.goto('/books.html');
    await page.getByRole('button', { name: 'Add book' }).click();
    await expectText(page.locator('#create-book .field-error'), /.+/);
    expect(await page.getByLabel('Original title').getAttribute('aria-invalid')).toBe('true');
    await expectText(page.locator('#page-error'), /Adding the book/);

    await page.getByLabel('Original title').fill('The Browser Book');
    await page.getByRole('button', { name: 'Add book' }).click();
    await page.waitForURL(/\/book\.html\?id=\d+/);
    const bookId = Number(new URL(page.url()).searchParams.get('id'));
    await expectText(page.locator('h1'), 'The Browser Book');
    await expectText(page.locator('#edition-list .empty:not([hidden])'), 'No editions yet');

    await page.getByText('Add an edition').click();
    await page.getByLabel('ISBN (10 or 13 digits)').fill('978-0-00-000000-1');
    await page.getByLabel('Language').selectOption({ label: 'English' });
    await page.getByRole('button', { name: 'Add edition' }).click();
    await expectText(page.locator('#add-edition .field-error'), /.+/);
    expect(await page.getByLabel('ISBN (10 or 13 digits)').getAttribute('aria-invalid')).toBe('true');

    const isbn = uniqueIsbn();
    await page.getByLabel('ISBN (10 or 13 digits)').fill(isbn);
    await page.getByLabel('Language').selectOption({ label: 'English' });
    await page.getByLabel('Format').selectOption('hardcover');
    await page.getByLabel('Publisher (optional)').fill('Chromium Press');
    await page.getByRole('button', { name: 'Add edition' }).click();
    await expectText(page.locator('#edition-list .items'), `ISBN ${isbn}`);
    await expectText(page.locator('#edition-list .items'), 'hardcover, English, Chromium Press');
    await expectText(page.locator('#prices-h'), `Prices of ISBN ${isbn} (hardcover)`);
    // A product without an ISBN is added by its barcode: a UPC-A is kept as its EAN-13 (a leading 0).
    const upc = uniqueUpc();
    await page.getByLabel(/barcode without an ISBN/).fill(upc);
    await page.getByLabel('Language').selectOption({ label: 'English' });
    await page.getByRole('button', { name: 'Add edition' }).click();
    await expectText(page.locator('#edition-list .items'), `GTIN 0${upc}`);

    const toggle = page.locator('#wish-toggle');
    await expect.poll(() => toggle.isEnabled()).toBe(true);
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
    await expectText(page.locator('#wish-status'), 'Added to your wishes.');
    await s.shot('book');
    // A fresh load learns that the book is wished from the API's book_id filter, not by walking the wishes.
    const wishLookups: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'GET' && new URL(request.url()).pathname === '/api/wishes') wishLookups.push(new URL(request.url()).search);
    });
    await page.reload();
    await expect.poll(() => toggle.isEnabled()).toBe(true);
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    expect(wishLookups).toEqual([`?book_id=${bookId}`]);
    const wishes = await h.t.call('GET', '/api/wishes', { token });
    expect(wishes.body.data.map((w: { book_id: number }) => w.book_id)).toEqual([bookId]);
    const editions = await h.t.call('GET', `/api/books/${bookId}/editions`, { token });
    expect(editions.body.data).toMatchObject([
      { isbn, gtin: null, format: 'hardcover', publisher: 'Chromium Press' },
      { isbn: null, gtin: `0${upc}`, format: 'paperback' },
    ]);
    await s.close();
  });

  it('searches authors from 3 characters, adds one and edits its aliases', async () => {
    const token = h.t.token('author-editor');
    const s = await openSession(h, 'authors');
    const { page } = s;
    await signIn(page, token);
    await page.goto('/authors.html');
    await page.getByLabel('Name', { exact: true }).fill('Ada Quillfeather');
    await page.getByLabel('Aliases (one per line)').fill('A. Quill');
    await page.getByRole('button', { name: 'Add author' }).click();
    await expectText(page.locator('#create-author .form-status'), 'Added Ada Quillfeather');
    await expectText(page.locator('#author-list .items'), 'Ada Quillfeather');

    await page.getByLabel('Name or alias (3 or more characters)').fill('qu');
    await expectText(page.locator('#search-hint'), 'Type at least 3 characters to search.');
    // The list already shows Ada Quillfeather (the search after adding her): wait for this search's answer, so that
    // the row clicked below is the one this search lists.
    const searched = page.waitForResponse((res) => res.url().includes('/api/authors?') && res.url().includes(`q=${encodeURIComponent('quillfé')}`));
    await page.getByLabel('Name or alias (3 or more characters)').fill('quillfé');
    await searched;
    await expect.poll(() => page.locator('#author-list').getAttribute('aria-busy')).toBe('false');
    await expectText(page.locator('#author-list .items .title'), 'Ada Quillfeather');
    const row = page.locator('#author-list .items li').filter({ hasText: 'Ada Quillfeather' });
    await row.getByRole('button', { name: 'Edit' }).click();
    await row.getByLabel('Aliases (one per line)').fill('A. Quill\nAda Q.');
    await row.getByRole('button', { name: 'Save' }).click();
    await expectText(page.locator('#author-list .items'), 'also: A. Quill, Ada Q.');
    await s.shot('authors');

    // A search that answers while the reader edits a row it still lists leaves that row as the reader left it: the
    // form open, the draft and the focus kept. The search is held until the reader has typed.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route((url) => url.pathname === '/api/authors' && url.searchParams.get('q') === 'quill', async (route) => {
      await held;
      await route.continue();
    });
    const searchedAgain = page.waitForResponse((res) => res.url().includes('/api/authors?') && res.url().endsWith('&q=quill'));
    await page.getByLabel('Name or alias (3 or more characters)').fill('quill');
    await page.waitForRequest((req) => req.url().endsWith('&q=quill'));
    await row.getByRole('button', { name: 'Edit' }).click();
    await page.keyboard.press('End');
    await page.keyboard.type(' (draft)');
    release();
    await searchedAgain;
    await expect.poll(() => page.locator('#author-list').getAttribute('aria-busy')).toBe('false');
    expect(await row.locator('form.edit-form').isVisible()).toBe(true);
    expect(await row.getByRole('button', { name: 'Edit' }).getAttribute('aria-expanded')).toBe('true');
    const nameField = row.getByLabel('Name', { exact: true });
    expect(await nameField.inputValue()).toBe('Ada Quillfeather (draft)');
    expect(await page.evaluate<string>('document.activeElement.id')).toBe(await nameField.getAttribute('id'));
    await s.shot('authors-editing');
    const found = await h.t.call('GET', '/api/authors?q=Ada%20Q.', { token });
    expect(found.body.data).toMatchObject([{ author_name: 'Ada Quillfeather', aliases: ['A. Quill', 'Ada Q.'] }]);
    await s.close();
  });
});

describe('the user’s space', () => {
  it('imports a CSV of wishes from the import page the wishes page links to, then sets a maximum price in place', async () => {
    const token = h.t.token('importer');
    const bookId = await createBook(token, 'Imported Imaginings');
    const { isbn } = await createEdition(token, bookId);
    const s = await openSession(h, 'import a csv');
    const { page } = s;
    await signIn(page, token);
    await page.goto('/wishes.html');
    await expectText(page.locator('#wish-list .empty:not([hidden])'), 'No wishes yet');
    const csv = `isbn,title,max_price,currency\n${isbn},Imported Imaginings,,\n${uniqueIsbn()},Nobody Has This,,\n,Priced Wrong,12.00,\n`;
    // The import has its own page (its report: test/e2e/import-page.test.ts); the wishes page links to it.
    await page.getByRole('link', { name: 'Import your reading list' }).click();
    await page.waitForURL('**/import.html');
    await page.locator('#file').setInputFiles({ name: 'wishes.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    // Matching only: a row the catalog lacks is reported, not created.
    await page.getByLabel('Add books that are not in the catalog').uncheck();
    await page.getByRole('button', { name: 'Import' }).click();
    await expect.poll(async () => (await h.t.call('GET', '/api/wishes', { token })).body.data.length).toBe(1);
    await page.goto('/wishes.html');
    await expectText(page.locator('#wish-list .items .title'), 'Imported Imaginings');

    const wishRow = page.locator('#wish-list .items li').first();
    await wishRow.getByLabel('Max price').fill('twelve');
    await wishRow.getByRole('button', { name: 'Save' }).click();
    await expectText(wishRow.locator('.field-error'), /.+/);
    expect(await wishRow.getByLabel('Max price').getAttribute('aria-invalid')).toBe('true');
    await wishRow.getByLabel('Max price').fill('12.50');
    await wishRow.getByRole('button', { name: 'Save' }).click();
    await expectText(wishRow.locator('.form-status'), 'Saved');
    await wishRow.getByLabel('Monitor prices').uncheck();
    await expect.poll(async () => (await h.t.call('GET', '/api/wishes', { token })).body.data[0]).toMatchObject({
      is_monitored: false,
      max_price: { amount: '12.50', currency: 'EUR' },
    });
    await s.shot('wishes');
    await s.close();
  });

  it('imports a Goodreads export into a fresh account: the missing books are added, and the wishes lead to their editions', async () => {
    const token = h.t.token('goodreads-newcomer');
    const isbn = uniqueIsbn();
    const csv = goodreadsCsv([
      { title: 'A Browser Imported Book (Test Series, #1)', author: 'Imported Author', isbn13: isbn, shelf: 'to-read' },
      { title: 'Finished Long Ago', author: 'Imported Author', isbn13: uniqueIsbn(), shelf: 'read' },
    ]);
    const s = await openSession(h, 'import goodreads');
    const { page } = s;
    await signIn(page, token);
    await page.goto('/import.html');
    await page.locator('#file').setInputFiles({ name: 'goodreads_library_export.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByLabel('Add books that are not in the catalog').check();
    await page.getByRole('button', { name: 'Import' }).click();
    await expect.poll(async () => (await h.t.call('GET', '/api/wishes', { token })).body.data.length).toBe(1);
    await page.goto('/wishes.html');
    await expectText(page.locator('#wish-list .items .title'), 'A Browser Imported Book');
    await page.locator('#wish-list .items .title').first().click();
    await expectText(page.locator('#edition-list .items'), `ISBN ${isbn}`);
    await expectText(page.locator('#edition-list .items'), 'paperback');
    await s.shot('imported-book');
    await s.close();
  });

  it('adds a book by ISBN from the metadata sources and shows its edition', async () => {
    const token = h.t.token('isbn-adder');
    const isbn = Array.from({ length: 100 }, () => uniqueIsbn()).find((candidate) => demoSourceView('open-library', candidate) !== null)!;
    const s = await openSession(h, 'add by isbn');
    const { page } = s;
    await signIn(page, token);
    await page.goto('/books.html');
    await page.getByLabel('ISBN', { exact: true }).fill(isbn);
    await page.getByRole('button', { name: 'Find or add' }).click();
    await page.waitForURL(/\/book\.html\?id=\d+/);
    await expectText(page.locator('#edition-list .items'), `ISBN ${isbn}`);
    await s.shot('added-by-isbn');
    await s.close();
  });

  it('shares a list made from wishes and opens its link signed out', async () => {
    const token = h.t.token('sharer');
    const first = await createBook(token, 'Gift Idea One');
    const second = await createBook(token, 'Gift Idea Two');
    await wish(token, first);
    await wish(token, second);
    const s = await openSession(h, 'share a list');
    const { page } = s;
    await s.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: h.t.baseUrl });
    await signIn(page, token);
    await page.goto('/lists.html');
    // The wishes to choose from load when the picker is opened.
    await page.getByText('Choose from your wishes').click();
    await page.getByLabel('Gift Idea One').check();
    await page.getByLabel('Gift Idea Two').check();
    await page.getByLabel('List name').fill('Birthday wishes');
    await page.getByRole('button', { name: 'Create list' }).click();
    await expectText(page.locator('#create-list .form-status'), 'Created “Birthday wishes”');
    const row = page.locator('#list-list .items li').filter({ hasText: 'Birthday wishes' });
    await expectText(row, '2 books');
    await row.getByRole('button', { name: 'Copy link' }).click();
    await expectText(row.getByRole('status'), 'Copied.');
    const link = await row.getByLabel('Share link').inputValue();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(link);
    expect(link).toMatch(new RegExp(`^${h.t.baseUrl}/shared-list\\.html\\?token=[A-Za-z0-9_-]{22,}$`));
    await s.shot('lists');
    await s.close();

    // Someone else, never signed in.
    const visitor = await openSession(h, 'share a list (visitor)');
    await visitor.page.goto(link);
    await expectText(visitor.page.locator('h1'), 'Birthday wishes');
    expect(await visitor.page.locator('#shared-books .title').allInnerTexts()).toEqual(['Gift Idea One', 'Gift Idea Two']);
    await expectText(visitor.page.locator('#list-meta'), 'Shared list of 2 books');
    expect(visitor.page.url()).toBe(link);
    expect(await visitor.page.evaluate(STORED_TOKEN)).toBeNull();
    await visitor.shot('shared-list');
    await visitor.page.goto('/shared-list.html?token=no-such-list-token');
    await expectText(visitor.page.locator('#page-error'), /not_found/);
    await visitor.close();
  });

  it('changes preferences and readable languages, and shows the stores that match', async () => {
    const token = h.t.token('chooser');
    const s = await openSession(h, 'preferences');
    const { page } = s;
    await signIn(page, token);
    await page.goto('/preferences.html');
    await expect.poll(() => page.getByLabel('Currency (ISO code, e.g. EUR)').inputValue()).toBe('EUR');
    expect(await page.getByLabel('Paperback').isChecked()).toBe(true);

    await page.getByLabel('Country (ISO code, e.g. DE; empty for none)').fill('ZZ');
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await expectText(page.locator('#prefs-form .field-error'), /.+/);
    expect(await page.getByLabel('Country (ISO code, e.g. DE; empty for none)').getAttribute('aria-invalid')).toBe('true');

    await page.getByLabel('Country (ISO code, e.g. DE; empty for none)').fill('de');
    await page.getByLabel('Hardcover').uncheck();
    await page.getByLabel('E-book').uncheck();
    await page.getByLabel('Audiobook').uncheck();
    await page.getByLabel(/Compare prices in other currencies too/).check();
    // Where alerts go is the channels page's business: saving the preferences leaves alert_email as it was.
    expect(await page.getByRole('link', { name: 'channels page' }).getAttribute('href')).toBe('/channels.html');
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await expectText(page.locator('#prefs-form .form-status'), 'Preferences saved.');
    const saved = await h.t.call('GET', '/api/user/preferences', { token });
    expect(saved.body).toEqual({
      country: 'DE', currency: 'EUR', formats: ['paperback'], alert_email: false, convert_currencies: true,
      alert_drop_percent: null, alert_lowest_days: null, default_target: null,
    });

    await page.getByLabel('Language', { exact: true }).selectOption({ label: 'English' });
    await page.getByRole('button', { name: 'Add language' }).click();
    await expectText(page.locator('#language-list .items'), 'English (en)');
    await page.reload();
    await expect.poll(() => page.getByLabel('Country (ISO code, e.g. DE; empty for none)').inputValue()).toBe('DE');
    expect(await page.getByLabel(/Compare prices in other currencies too/).isChecked()).toBe(true);
    await s.shot('preferences');

    await page.goto('/stores.html');
    const mine = (await h.t.call('GET', '/api/user/stores?per_page=100', { token })).body.data.map((st: { store_name: string }) => st.store_name);
    expect(mine.length).toBeGreaterThan(0);
    await expectText(page.locator('#user-store-list .items'), mine[0]);
    expect(await page.locator('#user-store-list .items .title').allInnerTexts()).toEqual(mine);
    // The others: every store the user cannot buy from (test/e2e/stores-page.test.ts tests their health).
    const others = (await h.t.call('GET', '/api/stores?per_page=100', { token })).body.data
      .map((st: { store_name: string }) => st.store_name).filter((name: string) => !mine.includes(name));
    expect(await page.locator('#store-list .items .title').allInnerTexts()).toEqual(others);
    await s.shot('stores');
    await s.close();
  });

  it('lands on the wishes after sign-in and shows what is worth buying now: best price, store, lowest ever, sparkline, under max', async () => {
    const token = h.t.token('bargain-hunter');
    for (const [method, path, body] of [
      ['PUT', '/api/user/preferences', { country: 'DE', currency: 'EUR', formats: ['paperback'] }],
      ['POST', '/api/user/preferences/languages', { language_id: englishId }],
    ] as const) {
      const res = await h.t.call(method, path, { token, body });
      expect(res.status, res.text).toBeLessThan(300);
    }
    const dearId = await createBook(token, 'Still Too Dear');
    const dear = await createEdition(token, dearId);
    await wish(token, dearId, { amount: '10.00', currency: 'EUR' });
    const bargainId = await createBook(token, 'A Bargain Found');
    const bargain = await createEdition(token, bargainId);
    await wish(token, bargainId, { amount: '15.00', currency: 'EUR' });
    // Two fetches per edition at one demonstration store: the bargain drops under its max, the other rises above its lowest.
    const fetchAt = async (edition: { editionId: number; isbn: string }, amount: string) => {
      for (const store of ['paperback-palace', 'ebook-emporium', 'buchhandlung', 'corner-bookshop'] as const) {
        h.demo.set(store, edition.isbn, store === 'paperback-palace' ? { kind: 'price', amount, availability: 'in_stock' } : { kind: 'not_found' });
      }
      const res = await h.t.call('POST', `/api/editions/${edition.editionId}/prices`, { token });
      expect(res.status, res.text).toBe(201);
    };
    await fetchAt(bargain, '16.00');
    await fetchAt(bargain, '14.00');
    await fetchAt(dear, '12.00');
    await fetchAt(dear, '15.00');
    const apiWishes = (await h.t.call('GET', '/api/wishes', { token })).body.data as Array<{ book_id: number; best_price: { url: string } | null }>;
    const bargainUrl = apiWishes.find((w) => w.book_id === bargainId)?.best_price?.url;
    expect(bargainUrl).toBeTruthy();

    const s = await openSession(h, 'wishes worth buying now');
    const { page } = s;
    const priceLookups: string[] = [];
    const wishLookups: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (/^\/api\/editions\/\d+\/prices$/.test(url.pathname)) priceLookups.push(url.pathname);
      if (url.pathname === '/api/wishes') wishLookups.push(url.search);
    });
    await signIn(page, token);
    await expectText(page.locator('h1'), 'Wishes');

    const rows = page.locator('#wish-list .items li');
    await expect.poll(() => rows.count()).toBe(2);
    // The default order is closest to the lowest price ever first (sort=saving): the bargain is at its lowest.
    await expectText(rows.nth(0).locator('.title'), 'A Bargain Found');
    await expectText(rows.nth(1).locator('.title'), 'Still Too Dear');

    const bargainRow = rows.nth(0);
    await expectText(bargainRow.locator('.best-price'), /14\.00 EUR at Paperback Palace[^,]*, in stock/);
    expect(await bargainRow.locator('.best-price a.store').getAttribute('href')).toBe(bargainUrl);
    await expectText(bargainRow.locator('.lowest-ever'), /^lowest ever$/);
    await expectText(bargainRow.locator('.under-max-badge'), 'Under your max of 15.00 EUR');
    expect(await bargainRow.locator('.wish').getAttribute('class')).toContain('under-max');
    await expect.poll(() => bargainRow.locator('svg.sparkline path').count()).toBe(1);
    // Both fetches fell on today: one point, the day's lowest, from the page's one price-history request.
    expect(await bargainRow.locator('svg.sparkline').getAttribute('aria-label')).toMatch(/^One price in 90 days: 14\.00 EUR on \d{4}-\d\d-\d\d$/);

    const dearRow = rows.nth(1);
    await expectText(dearRow.locator('.best-price'), /15\.00 EUR at Paperback Palace/);
    await expectText(dearRow.locator('.lowest-ever'), '25 % above the lowest ever: +3.00 EUR (lowest 12.00 EUR)');
    expect(await dearRow.locator('.under-max-badge').count()).toBe(0);
    expect(await dearRow.locator('.wish').getAttribute('class')).not.toContain('under-max');
    await expect.poll(() => dearRow.locator('svg.sparkline path').count()).toBe(1);
    // No request per edition: the sparklines come from the page's one price-history request.
    expect(priceLookups).toEqual([]);
    await s.shot('wishes-worth-buying');

    await page.getByLabel('Show only wishes under my max price').check();
    await expect.poll(() => rows.count()).toBe(1);
    await expectText(rows.first().locator('.title'), 'A Bargain Found');
    expect(wishLookups.at(-1)).toContain('below_max_price=true');
    await expect.poll(() => rows.first().locator('svg.sparkline path').count()).toBe(1);
    expect(priceLookups).toEqual([]);
    await s.shot('wishes-under-max');

    await page.getByLabel('Show only wishes under my max price').uncheck();
    await expect.poll(() => rows.count()).toBe(2);
    // Raising a max is shown in place: the row gains its highlight without moving.
    const dearMax = dearRow.getByLabel('Max price');
    await dearMax.fill('16.00');
    await dearRow.getByRole('button', { name: 'Save' }).click();
    await expectText(dearRow.locator('.form-status'), 'Saved');
    await expectText(dearRow.locator('.under-max-badge'), 'Under your max of 16.00 EUR');
    await expectText(dearRow.locator('.title'), 'Still Too Dear');
    await s.close();
  });

  it('shows an alert after a price drop, with the price history, and marks it read', async () => {
    const token = h.t.token('watcher');
    for (const [method, path, body] of [
      ['PUT', '/api/user/preferences', { country: 'DE', currency: 'EUR', formats: ['paperback'] }],
      ['POST', '/api/user/preferences/languages', { language_id: englishId }],
    ] as const) {
      const res = await h.t.call(method, path, { token, body });
      expect(res.status, res.text).toBeLessThan(300);
    }
    const bookId = await createBook(token, 'The Falling Price');
    const { isbn } = await createEdition(token, bookId);
    await wish(token, bookId, { amount: '15.00', currency: 'EUR' });
    const offer = (amount: string) => {
      for (const store of ['paperback-palace', 'ebook-emporium', 'buchhandlung', 'corner-bookshop'] as const) {
        h.demo.set(store, isbn, store === 'paperback-palace' ? { kind: 'price', amount, availability: 'in_stock' } : { kind: 'not_found' });
      }
    };

    const s = await openSession(h, 'alert after a price drop');
    const { page } = s;
    await signIn(page, token);
    await page.goto(`/book.html?id=${bookId}`);
    await expectText(page.locator('#prices-h'), `Prices of ISBN ${isbn}`);
    await expectText(page.locator('#store-prices'), 'No prices yet');
    await expectText(unreadBadge(page), '0');
    // The badge counts with the unread filter.
    const alertLookups: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/alerts') alertLookups.push(new URL(request.url()).search);
    });

    offer('16.00');
    await page.getByRole('button', { name: 'Fetch prices now' }).click();
    await expectText(page.locator('#fetch-result'), /^1 new price: Paperback Palace[^:]*16\.00 EUR\.$/m);
    await expectText(page.locator('#fetch-result .failed'), /Not answered: .*not_found/);
    await expectText(page.locator('#store-prices'), /Paperback Palace[^:]*: 16\.00 EUR in stock/);
    await expectText(unreadBadge(page), '0');

    offer('14.00');
    await page.getByRole('button', { name: 'Fetch prices now' }).click();
    await expectText(page.locator('#fetch-result'), /^1 new price: Paperback Palace[^:]*14\.00 EUR\.$/m);
    await expectText(page.locator('#store-prices'), /Paperback Palace[^:]*: 14\.00 EUR in stock/);
    // The chart (uPlot, test/e2e/book-page.test.ts tests it further): one store's line; both quotes fell on one day,
    // so one daily point, the day's last price, and the lowest ever marked.
    await expect.poll(() => page.locator('#price-chart .price-chart[data-drawn="true"]').count()).toBe(1);
    await expectText(page.locator('#price-chart .legend'), /Paperback Palace[^:]*: 1 daily, 0 monthly/);
    await expectText(page.locator('#price-chart .lowest-ever'), /Lowest ever: 14\.00 EUR at Paperback Palace/);
    const alerts = (await h.t.call('GET', '/api/alerts', { token })).body.data;
    expect(alerts.length).toBeGreaterThan(0);
    await expectText(unreadBadge(page), String(alerts.length));
    await s.shot('book-prices');
    expect(alertLookups.length).toBeGreaterThan(0);
    expect(new Set(alertLookups)).toEqual(new Set(['?is_read=false&per_page=100']));

    await page.getByRole('link', { name: /Alerts/ }).click();
    await page.waitForURL('**/alerts.html');
    // Items only: the list also holds a heading per day.
    const rows = page.locator('#alert-list .items li.item');
    await expectText(rows.first(), 'The Falling Price');
    expect(await rows.count()).toBe(alerts.length);
    await expectText(page.locator('#alert-list .items'), 'Price drop');
    const drop = rows.filter({ hasText: 'Price drop' });
    await expectText(drop, /14\.00 EUR \(was 16\.00 EUR\) at Paperback Palace/);
    await expectText(drop, 'unread');
    await s.shot('alerts');
    await drop.getByRole('button', { name: 'Mark read' }).click();
    await expectText(drop.locator('.tag'), 'read');
    await expectText(unreadBadge(page), String(alerts.length - 1));
    const after = (await h.t.call('GET', '/api/alerts', { token })).body.data;
    expect(after.find((a: { alert_kind: string }) => a.alert_kind === 'price_drop').is_read).toBe(true);
    await page.reload();
    await expectText(page.locator('#alert-list .items li').filter({ hasText: 'Price drop' }).locator('.tag'), /^read$/);
    await s.close();
  });
});

describe('small screens', () => {
  it('fits every signed-in page into 360 px without horizontal scrolling', async () => {
    const token = h.t.token('phone-user');
    const bookId = await createBook(token, 'A Rather Long Title For A Narrow Screen, With Several Words In It');
    await createEdition(token, bookId);
    await wish(token, bookId, { amount: '9.99', currency: 'EUR' });
    const s = await openSession(h, 'narrow screen', { width: 360, height: 740 });
    const { page } = s;
    await signIn(page, token);
    for (const path of ['/books.html', `/book.html?id=${bookId}`, '/authors.html', '/wishes.html', '/lists.html', '/preferences.html', '/alerts.html', '/stores.html']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      const width = await page.evaluate<number>('document.scrollingElement.scrollWidth');
      expect(width, path).toBeLessThanOrEqual(360);
      await s.shot(`360-${path.slice(1, path.indexOf('.html'))}`);
    }
    await s.close();
  });
});

/** A UPC-A (12 digits, GS1 check digit) no other test uses. */
function uniqueUpc(): string {
  const body = `7${String(Date.now() % 1e10).padStart(10, '0')}`;
  const sum = [...body].reverse().reduce((total, digit, i) => total + Number(digit) * (i % 2 === 0 ? 3 : 1), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}
