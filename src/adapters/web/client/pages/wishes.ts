// Wishes, the home page after sign-in: each wish's best price, its store, how far from the lowest ever, a sparkline
// and "under your max", sorted by what is worth buying now, with a filter to the wishes under their max price.
// Also the monitor toggle, maximum price, removal, and the CSV import with its per-line report.
import { api, type Page } from '../api.js';
import { CollectionView } from '../collection-view.js';
import { byId, el, formatDate, replaceChildren } from '../dom.js';
import type { ErrorDisplay } from '../error-display.js';
import { bindForm } from '../form-helper.js';
import { fillBookTitle } from '../lookups.js';
import { startPage } from '../page.js';
import { wishPriceSummary, type WishWithPrices } from '../wish-price-summary.js';
import { byWorthBuyingNow } from '../wish-prices.js';

interface Wish extends WishWithPrices {
  wish_id: number;
  book_id: number;
  is_monitored: boolean;
  created_at: string;
}

const ALL_WISHES = '/api/wishes?per_page=20';
const UNDER_MAX_ONLY = '/api/wishes?per_page=20&below_max_price=true';

interface ImportReport {
  created: number;
  already_wished: number;
  unmatched_count: number;
  invalid_count: number;
  unmatched: Array<{ line: number; reason: string; title: string | null; isbn: string | null }>;
  invalid: Array<{ line: number; message: string }>;
  created_books: number;
  created_authors: number;
  created_editions: number;
}

startPage(async ({ errors }) => {
  const underMaxOnly = byId<HTMLInputElement>('under-max-only');
  const wishes: CollectionView<Wish> = new CollectionView<Wish>(byId('wish-list'), {
    label: 'Wishes',
    emptyText: () => (underMaxOnly.checked
      ? 'No wish is under its max price right now.'
      : 'No wishes yet. Wish a book from its page, or import a CSV below.'),
    errors,
    arrange: byWorthBuyingNow,
    renderItem: (wish) => wishRow(wish, errors, () => wishes.reload()),
  });
  const showWishes = () => wishes.show(underMaxOnly.checked ? UNDER_MAX_ONLY : ALL_WISHES);
  underMaxOnly.addEventListener('change', () => void showWishes());
  void showWishes();

  bindForm(byId<HTMLFormElement>('import-form'), {
    errors,
    action: 'Importing',
    async submit(read) {
      const file = read.file('file');
      if (!file) throw new Error('Choose an export file first.');
      const path = `/api/wishes/import?create_missing=${read.checked('create_missing') ? 'true' : 'false'}`;
      const report = await api<ImportReport>('POST', path, { raw: { data: file, contentType: 'text/csv' } });
      showReport(report);
      await wishes.reload();
      return `Imported ${file.name}`;
    },
  });
});

function showReport(report: ImportReport): void {
  const problems = [
    ...report.unmatched.map((u) => ({ line: u.line, text: `not matched (${u.reason})${u.title ? `: ${u.title}` : ''}${u.isbn ? ` [ISBN ${u.isbn}]` : ''}` })),
    ...report.invalid.map((i) => ({ line: i.line, text: `invalid: ${i.message}` })),
  ].sort((a, b) => a.line - b.line);
  replaceChildren(byId('import-report'),
    el('p', { class: 'summary' }, `Wishes: ${report.created} created, ${report.already_wished} already wished, ${report.unmatched_count} not matched, ${report.invalid_count} invalid.`),
    report.created_books + report.created_authors + report.created_editions > 0
      ? el('p', { class: 'summary' }, `Added to the catalog: ${report.created_books} books, ${report.created_authors} authors, ${report.created_editions} editions.`)
      : null,
    problems.length ? el('ul', { class: 'plain-list', 'aria-label': 'Lines not imported' }, ...problems.map((p) => el('li', {}, `Line ${p.line}: ${p.text}`))) : null);
}

function wishRow(wish: Wish, errors: ErrorDisplay, changed: () => Promise<void>): Node {
  const id = `wish-${wish.wish_id}`;
  const title = el('a', { href: `/book.html?id=${wish.book_id}`, class: 'title' }, '\u00a0');
  fillBookTitle(title, wish.book_id);

  const monitored = el('input', { type: 'checkbox', id: `${id}-monitored`, checked: wish.is_monitored });
  monitored.addEventListener('change', async () => {
    monitored.disabled = true;
    try {
      await api('PATCH', `/api/wishes/${wish.wish_id}`, { body: { is_monitored: monitored.checked } });
    } catch (error) {
      monitored.checked = !monitored.checked;
      errors.show(error, 'Changing monitoring');
    } finally {
      monitored.disabled = false;
    }
  });

  const form = el('form', { id: `${id}-price`, class: 'inline-form' },
    el('div', { class: 'field' }, el('label', { for: `${id}-amount` }, 'Max price'), el('input', { id: `${id}-amount`, name: 'max_price.amount', value: wish.max_price?.amount ?? '', inputmode: 'decimal', class: 'short' })),
    el('div', { class: 'field' }, el('label', { for: `${id}-currency` }, 'Currency'), el('input', { id: `${id}-currency`, name: 'max_price.currency', value: wish.max_price?.currency ?? '', maxlength: 3, class: 'short' })),
    el('button', { type: 'submit' }, 'Save'),
    el('p', { class: 'form-status', role: 'status' }));
  bindForm(form, {
    errors,
    action: 'Saving the maximum price',
    async submit(read) {
      const amount = read.text('max_price.amount');
      // An empty amount clears the maximum.
      const maxPrice = amount ? { amount, currency: read.text('max_price.currency').toUpperCase() } : null;
      await api('PATCH', `/api/wishes/${wish.wish_id}`, { body: { max_price: maxPrice } });
      // The PATCH answers 204, so the new "under your max" comes from the wish as the list gives it. The maximum is
      // saved by then: a failed re-read leaves the old highlight until the next load rather than reporting an error.
      const current = await api<Page<Wish>>('GET', `/api/wishes?book_id=${wish.book_id}`).then((page) => page.data[0], () => undefined);
      if (current) showPrices(current);
      return maxPrice ? 'Saved' : 'Maximum cleared';
    },
  });

  const remove = el('button', { type: 'button', class: 'danger' }, 'Remove');
  remove.addEventListener('click', async () => {
    remove.disabled = true;
    try {
      await api('DELETE', `/api/wishes/${wish.wish_id}`);
      await changed();
    } catch (error) {
      remove.disabled = false;
      errors.show(error, 'Removing the wish');
    }
  });

  const row = el('div', { class: 'wish', 'data-wish-id': wish.wish_id },
    el('div', { class: 'row' }, title, el('span', { class: 'meta' }, `since ${formatDate(wish.created_at)}`)),
    wishPriceSummary(wish),
    el('div', { class: 'row' }, el('label', { class: 'check', for: `${id}-monitored` }, monitored, ' Monitor prices'), remove),
    form);
  // Shown in place (no reload), so the row neither moves nor loses its form's status.
  function showPrices(current: WishWithPrices): void {
    row.classList.toggle('under-max', current.below_max_price);
    row.querySelector('.wish-prices')?.replaceWith(wishPriceSummary(current));
  }
  row.classList.toggle('under-max', wish.below_max_price);
  return row;
}
