// Borrow or buy in Chromium: once the enrichment found a wished book lendable at (the demonstration's) Open Library,
// the wishes page and the book page show "Borrow the e-book at Open Library", a link named for its book, leading to
// the lender's page; a book that cannot be borrowed shows none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoLendingStatus, demoSearchableIsbns, demoSourceView } from '../../src/adapters/demo/metadata/index.js';
import { EnrichmentQueue } from '../../src/application/catalog/ports/enrichment-queue.js';
import { languageIdOf } from '../support/pricing-integration-helpers.js';
import { eventually } from '../support/test-service.js';
import { openSession, signIn, startWebHarness, type WebHarness } from './support/web-harness.js';

let h: WebHarness;

beforeAll(async () => {
  h = await startWebHarness({ env: { LENDING: 'on' } });
});
afterAll(async () => {
  await h?.stop();
});

const known = demoSearchableIsbns().filter((isbn) => demoSourceView('open-library', isbn) !== null);
const inStatus = (status: string) => known.find((isbn) => demoLendingStatus(isbn) === status)!;

describe('the borrow link', () => {
  it('is on the wishes page and the book page of a book that can be borrowed, and only there', async () => {
    const token = h.t.token('borrowing-reader');
    const english = await languageIdOf(h.t, 'en');
    const wished: Record<string, number> = {};
    for (const [title, isbn] of [['A Lendable Novel', inStatus('lendable')], ['A Novel On Loan', inStatus('checked out')]] as const) {
      const book = await h.t.call('POST', '/api/books', { token, body: { book_original_title: title } });
      await h.t.call('POST', `/api/books/${book.body.book_id}/editions`, { token, body: { isbn, format: 'ebook', language_id: english } });
      expect((await h.t.call('POST', '/api/wishes', { token, body: { book_id: book.body.book_id } })).status).toBe(201);
      wished[title] = book.body.book_id;
    }
    await h.t.service.container.get(EnrichmentQueue).enqueue();
    await eventually(async () => {
      const page = await h.t.call('GET', '/api/wishes', { token });
      expect(page.body.data.every((w: { borrow: unknown }) => w.borrow !== null)).toBe(true);
    }, 15_000);

    const s = await openSession(h, 'borrow link');
    const { page } = s;
    await signIn(page, token);
    const link = page.getByRole('link', { name: 'Borrow the e-book at Open Library: A Lendable Novel' });
    await link.waitFor();
    expect(await link.getAttribute('href')).toMatch(new RegExp(`^${h.metadata.url}/books/OL\\d+M/borrow$`));
    expect(await page.getByRole('link', { name: /Borrow the e-book at Open Library/ }).count()).toBe(1);
    await s.shot('wishes');

    await page.goto(`/book.html?id=${wished['A Lendable Novel']}`);
    const onBook = page.getByRole('link', { name: /^Borrow the e-book at Open Library/ });
    await onBook.waitFor();
    expect(await onBook.getAttribute('href')).toMatch(new RegExp(`^${h.metadata.url}/books/OL\\d+M/borrow$`));
    await s.shot('book');
    await page.goto(`/book.html?id=${wished['A Novel On Loan']}`);
    await page.getByRole('heading', { name: 'A Novel On Loan' }).waitFor();
    expect(await page.getByRole('link', { name: /Borrow the e-book/ }).count()).toBe(0);
    await s.close();
  });
});
