// The import page in a real browser against a real service: a CSV with matched, not matched and invalid rows dropped
// on the drop zone gives the report (counts, tables) and a CSV download of the rows not imported; a file of several
// megabytes shows its upload's progress while the page keeps answering clicks.
import { readFile } from 'node:fs/promises';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goodreadsCsv } from '../support/import-fixtures.js';
import { expectText, openSession, signIn, startWebHarness, uniqueIsbn, type WebHarness } from './support/web-harness.js';
import { languageIdOf } from '../support/pricing-integration-helpers.js';

let h: WebHarness;
let englishId: number;

beforeAll(async () => {
  h = await startWebHarness();
  englishId = await languageIdOf(h.t, 'en');
});
afterAll(async () => {
  await h?.stop();
});

/** WCAG 2.1 AA violations on the page as it is now, by rule and element. */
async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** A book of the catalog with one paperback edition, by its ISBN. */
async function catalogBook(token: string, title: string): Promise<string> {
  const book = await h.t.call('POST', '/api/books', { token, body: { book_original_title: title } });
  expect(book.status, book.text).toBe(201);
  const isbn = uniqueIsbn();
  const edition = await h.t.call('POST', `/api/books/${book.body.book_id}/editions`, { token, body: { isbn, format: 'paperback', language_id: englishId } });
  expect(edition.status, edition.text).toBe(201);
  return isbn;
}

describe('the import page', () => {
  it('imports a dropped CSV and shows the report, with the rows not imported in tables and as a CSV download', async () => {
    const token = h.t.token('import-page-report');
    const known = await catalogBook(token, 'A Book Already In The Catalog');
    const missing = uniqueIsbn();
    const csv = [
      'isbn,title,author',
      `${known},A Book Already In The Catalog,`,
      `${missing},"Tales, ""Old""",Someone`,
      'not-an-isbn,,',
      ',Unknown Title Nobody Has,Nobody',
    ].join('\n');

    const s = await openSession(h, 'import report');
    const { page } = s;
    await signIn(page, token);
    await page.goto('/import.html');
    await expectText(page.locator('#chosen-file'), 'No file chosen.');
    // Dropped on the zone (not only on the input inside it).
    await page.evaluate(`(() => {
      const data = new DataTransfer();
      data.items.add(new File([${JSON.stringify(csv)}], 'my wishes.csv', { type: 'text/csv' }));
      document.getElementById('drop-zone').dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    })()`);
    await expectText(page.locator('#chosen-file'), /^Chosen: my wishes\.csv \(\d+ bytes\)$/);
    expect(await page.getByLabel('Add books that are not in the catalog').isChecked()).toBe(false);
    await page.getByRole('button', { name: 'Import', exact: true }).click();

    const report = page.locator('#import-report');
    await expectText(report.locator('.report-counts'), /1 wishes created\s+0 already wished\s+2 not matched\s+1 invalid/);
    await expectText(report, 'Nothing was added to the catalog.');
    await expectText(page.locator('#import-form .form-status'), 'Imported my wishes.csv.');
    const unmatched = report.locator('#unmatched-rows table');
    await expectText(unmatched.locator('caption'), 'Rows not matched (2)');
    expect(await unmatched.locator('tbody tr').allInnerTexts()).toEqual([
      `3\tno book with this ISBN in the catalog\tTales, "Old"\t${missing}`,
      '5\tno book with this title and author in the catalog\tUnknown Title Nobody Has\t',
    ]);
    await expectText(report.locator('#invalid-rows caption'), 'Invalid rows (1)');
    expect(await report.locator('#invalid-rows tbody th').allInnerTexts()).toEqual(['4']);
    await s.shot('report');
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
    await page.setViewportSize({ width: 1024, height: 800 });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      report.getByRole('button', { name: 'Download the rows not imported (CSV)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('my-wishes-not-imported.csv');
    const text = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('line,problem,reason,title,isbn,message');
    expect(lines[1]).toBe(`3,not matched,isbn_not_found,"Tales, ""Old""",${missing},no book with this ISBN in the catalog`);
    expect(lines[2]).toMatch(/^4,invalid,,,,\S.+$/);
    expect(lines[3]).toBe('5,not matched,title_not_found,Unknown Title Nobody Has,,no book with this title and author in the catalog');
    expect(lines.slice(4)).toEqual(['']);

    // The API's answer for the wish it made.
    const wishes = await h.t.call('GET', '/api/wishes', { token });
    expect(wishes.body.data).toHaveLength(1);
    await s.close();
  });

  it('shows the upload of a large file progressing while the page keeps answering, then the report', async () => {
    const token = h.t.token('import-page-large');
    // About 4.6 MB (the limit is 5 MiB): Goodreads rows on the "read" shelf with long reviews, which the import skips.
    const review = 'A long review of a book that was read. '.repeat(80);
    const rows = Array.from({ length: 1450 }, (_, i) => ({ title: `Read book ${i}`, author: 'Some Author', shelf: 'read', review }));
    const file = Buffer.from(goodreadsCsv(rows), 'utf8');
    expect(file.length).toBeGreaterThan(4_000_000);
    expect(file.length).toBeLessThan(5 * 1024 * 1024);

    const s = await openSession(h, 'import large file');
    const { page, context } = s;
    await signIn(page, token);
    await page.goto('/import.html');
    // A slow uplink (1.5 MB/s), so the upload takes a few seconds as it would over a real network.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 1_500_000 });
    await page.getByLabel('Drop your export file here or choose one').setInputFiles({ name: 'goodreads_library_export.csv', mimeType: 'text/csv', buffer: file });
    await expectText(page.locator('#chosen-file'), 'Chosen: goodreads_library_export.csv (4.');
    // A control of our own: its click handler must run while the upload is under way.
    await page.evaluate(`(() => {
      window.probeClicks = 0;
      const probe = document.createElement('button');
      probe.type = 'button'; probe.id = 'probe'; probe.textContent = 'Probe';
      probe.addEventListener('click', () => { window.probeClicks++; });
      document.querySelector('main').prepend(probe);
    })()`);
    await page.getByRole('button', { name: 'Import', exact: true }).click();

    const seen: string[] = [];
    let clickedDuringUpload = false;
    const deadline = Date.now() + 60_000;
    while (!(await page.locator('#import-report').isVisible())) {
      expect(Date.now()).toBeLessThan(deadline);
      const started = Date.now();
      const text = await page.locator('#upload-text').innerText();
      // The page answers at once: its main thread is never busy with the file.
      expect(Date.now() - started).toBeLessThan(1000);
      seen.push(text);
      const percent = /^Uploading: (\d+) %/.exec(text);
      if (percent && Number(percent[1]) > 0 && Number(percent[1]) < 90 && !clickedDuringUpload) {
        await page.locator('#probe').click();
        expect(await page.evaluate('window.probeClicks')).toBe(1);
        expect(await page.locator('#upload-state').isVisible()).toBe(true);
        await s.shot('uploading');
        clickedDuringUpload = true;
      }
      await page.waitForTimeout(100);
    }
    expect(clickedDuringUpload, seen.join('\n')).toBe(true);
    const percents = seen.map((t) => /^Uploading: (\d+) % \(.+ of 4\.\d MB\)$/.exec(t)?.[1]).filter((p) => p !== undefined).map(Number);
    expect(new Set(percents).size, seen.join('\n')).toBeGreaterThan(2);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));

    await expectText(page.locator('#import-report .report-counts'), /0 wishes created\s+0 already wished\s+0 not matched\s+0 invalid/);
    expect(await page.locator('#upload-state').isHidden()).toBe(true);
    expect(await page.locator('#import-report table').count()).toBe(0);
    await s.close();
  });

  it("shows beside the file input that a file is missing, the API's refusal of a file over 5 MiB, and a cancelled upload", async () => {
    const s = await openSession(h, 'import refusals');
    const { page } = s;
    await signIn(page, h.t.token('import-page-refusals'));
    await page.goto('/import.html');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expectText(page.locator('#drop-zone .field-error'), 'choose the export file to import');
    expect(await page.locator('#file').getAttribute('aria-invalid')).toBe('true');

    const tooLarge = Buffer.alloc(6 * 1024 * 1024, 'isbn\n9780000000002\n');
    await page.locator('#file').setInputFiles({ name: 'huge.csv', mimeType: 'text/csv', buffer: tooLarge });
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expectText(page.locator('#page-error'), /^Importing: .*(too large|larger than 5 MiB)/, 30_000);
    expect(await page.locator('#import-report').isHidden()).toBe(true);
    expect(await page.locator('#upload-state').isHidden()).toBe(true);

    // Cancel stops an upload under way.
    const cdp = await s.context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 500_000 });
    await page.locator('#file').setInputFiles({ name: 'slow.csv', mimeType: 'text/csv', buffer: Buffer.alloc(3_000_000, 'isbn\n9780000000002\n') });
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expectText(page.locator('#upload-text'), /^Uploading: \d+ %/);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expectText(page.locator('#page-error'), 'Importing: The upload was cancelled.');
    expect(await page.locator('#upload-state').isHidden()).toBe(true);
    expect(await page.getByRole('button', { name: 'Import', exact: true }).isEnabled()).toBe(true);
    await s.close();
  });
});
