// Wishes, the home page after sign-in: a compact list (a table on wide screens, cards on phones) of each wish's cover,
// title, authors, format, best price with store and availability, distance from the lowest price ever, a 90-day
// sparkline, max price and the wish's own alerts editable in place, and monitoring; sort and filter; select several to
// change or remove them.
//
// A page of wishes costs five requests whatever its size: the wishes (1), their books by id (2) and the price
// histories (3) side by side, then the books' authors by id (4), and the navigation's unread badge (5). The account's
// alert defaults are read when a wish's "Alerts" is first opened.
import { api, type Page } from '../api.js';
import { type Borrow, borrowLink } from '../borrow-link.js';
import { CollectionView } from '../collection-view.js';
import { byId, el, replaceChildren } from '../dom.js';
import type { ErrorDisplay } from '../error-display.js';
import { bindForm, clearFieldErrors } from '../form-helper.js';
import { type Author, authorNames, authorsOf, type Book, booksByIds } from '../lookups.js';
import { startPage } from '../page.js';
import { sparklineOf } from '../sparkline.js';
import type { PricePoint } from '../sparkline-model.js';
import { wishPriceSummary, type WishWithPrices } from '../wish-price-summary.js';
import { type AlertableWish, AlertDefaultsLoader, wishAlertsControl } from '../wish-alerts.js';

interface Wish extends WishWithPrices, AlertableWish {
  wish_id: number;
  book_id: number;
  is_monitored: boolean;
  created_at: string;
  borrow?: Borrow | null;
}

interface History {
  wish_id: number;
  currency: string;
  points: PricePoint[];
}

const PER_PAGE = 20;
const DAYS = 90;
const FORMAT_NAMES: Record<string, string> = { hardcover: 'Hardcover', paperback: 'Paperback', ebook: 'E-book', audiobook: 'Audiobook' };

/** What the rows of the page shown name: their books, the books' authors, the price histories. */
class PageData {
  books = new Map<number, Book>();
  authors = new Map<number, Author>();
  histories = new Map<number, History>();
  /** The user's currency, as the histories give it (every wish's prices are in it). */
  currency: string | null = null;
  window = sparkWindow();
  /** Not part of a render: read when the first "Alerts" opens, kept for the page's lifetime. */
  readonly alertDefaults = new AlertDefaultsLoader();

  async load(page: Page<Wish>): Promise<void> {
    this.window = sparkWindow();
    if (page.data.length === 0) return;
    const histories = api<{ data: History[] }>('GET', `/api/wishes/price-history?ids=${page.data.map((w) => w.wish_id).join(',')}&days=${DAYS}`);
    this.books = await booksByIds(page.data.map((w) => w.book_id));
    const [authors, found] = await Promise.allSettled([authorsOf(this.books.values()), histories]);
    if (authors.status === 'fulfilled') this.authors = authors.value;
    if (found.status === 'fulfilled') {
      this.histories = new Map(found.value.data.map((h) => [h.wish_id, h]));
      this.currency = found.value.data[0]?.currency ?? this.currency;
    }
    // A sparkline or an author name is an extra: their failure is a hint in place, the rows are still shown.
    if (authors.status === 'rejected') throw authors.reason;
  }

  title(wish: Wish): string {
    return this.books.get(wish.book_id)?.book_original_title ?? `Book ${wish.book_id}`;
  }
}

/** The window of the price histories, as the API counts it: `DAYS` UTC days ending today. */
function sparkWindow(): { firstDay: string; lastDay: string; days: number } {
  const now = new Date();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
  return { firstDay: iso(today - (DAYS - 1) * 86_400_000), lastDay: iso(today), days: DAYS };
}

/** The rows' checkboxes, the select-all box (with its mixed state) and the count of selected wishes. */
class WishSelection {
  private boxes: HTMLInputElement[] = [];

  constructor(private readonly all: HTMLInputElement, private readonly count: HTMLElement) {
    all.addEventListener('change', () => {
      for (const box of this.boxes) box.checked = all.checked;
      this.update();
    });
  }

  add(box: HTMLInputElement): void {
    this.boxes.push(box);
    box.addEventListener('change', () => this.update());
  }

  /** A new page: its rows registered themselves while it was drawn. */
  reset(): void {
    this.boxes = this.boxes.filter((box) => box.isConnected);
    this.update();
  }

  selected(): number[] {
    return this.boxes.filter((box) => box.isConnected && box.checked).map((box) => Number(box.value));
  }

  private update(): void {
    const n = this.selected().length;
    const live = this.boxes.filter((box) => box.isConnected).length;
    this.all.checked = live > 0 && n === live;
    this.all.indeterminate = n > 0 && n < live;
    this.count.textContent = n === 0 ? 'No wish selected.' : n === 1 ? '1 wish selected.' : `${n} wishes selected.`;
  }
}

function wishRow(wish: Wish, data: PageData, errors: ErrorDisplay, selection: WishSelection): Node {
  const id = `wish-${wish.wish_id}`;
  const book = data.books.get(wish.book_id);
  const title = data.title(wish);

  const select = el('input', { type: 'checkbox', id: `${id}-select`, class: 'select-wish', value: wish.wish_id });
  selection.add(select);
  // Fixed size and lazy: covers never move the rows, and only those on screen are fetched.
  const cover = book?.cover_url
    ? el('img', { src: book.cover_url, alt: '', width: 48, height: 72, loading: 'lazy', decoding: 'async', referrerpolicy: 'no-referrer', class: 'cover' })
    : el('span', { class: 'cover cover-none', 'aria-hidden': 'true' });
  const authors = authorNames(book, data.authors);
  const format = wish.best_price?.format;

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

  // The currency of a new maximum: the wish's own, else the user's (every price on the page is in it).
  const currency = wish.max_price?.currency ?? wish.best_price?.currency ?? data.currency ?? '';
  const form = el('form', { id: `${id}-price`, class: 'max-price-form' },
    el('div', { class: 'field' },
      el('label', { for: `${id}-amount` }, `Max price${currency ? ` (${currency})` : ''}`),
      el('input', { id: `${id}-amount`, name: 'max_price.amount', value: wish.max_price?.amount ?? '', inputmode: 'decimal', autocomplete: 'off', class: 'short' }),
      el('input', { type: 'hidden', name: 'max_price.currency', value: currency })),
    el('button', { type: 'submit' }, 'Save'),
    el('p', { class: 'form-status', role: 'status' }));
  bindForm(form, {
    errors,
    action: `Saving the maximum price of ${title}`,
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

  const row = el('div', { class: 'wish', 'data-wish-id': wish.wish_id },
    el('div', { class: 'cell cell-select' }, select, el('label', { for: select.id, class: 'visually-hidden' }, `Select ${title}`)),
    el('div', { class: 'cell cell-cover' }, cover),
    el('div', { class: 'cell cell-book' },
      el('a', { href: `/book.html?id=${wish.book_id}`, class: 'title' }, title),
      el('span', { class: 'authors meta' }, authors || '\u00a0'),
      el('span', { class: 'format tag' }, format ? FORMAT_NAMES[format] ?? format : 'No format yet'),
      borrowLink(wish.borrow, title)),
    el('div', { class: 'cell cell-prices' }, wishPriceSummary(wish)),
    el('div', { class: 'cell cell-history' }, sparklineOf(data.histories.get(wish.wish_id), data.window)),
    el('div', { class: 'cell cell-max' }, form, wishAlertsControl(wish, { idPrefix: id, title, defaults: data.alertDefaults, errors })),
    el('div', { class: 'cell cell-monitor' }, el('label', { class: 'check', for: monitored.id }, monitored, ' Monitor prices')));
  // Shown in place (no reload), so the row neither moves nor loses its form's status.
  function showPrices(current: WishWithPrices): void {
    row.classList.toggle('under-max', current.below_max_price);
    row.querySelector('.wish-prices')?.replaceWith(wishPriceSummary(current));
  }
  row.classList.toggle('under-max', wish.below_max_price);
  return row;
}

interface BulkContext {
  wishes: CollectionView<Wish>;
  selection: WishSelection;
  data: PageData;
  errors: ErrorDisplay;
}

/** Runs `change` on each wish, four at a time; answers the ids that failed with the first error. */
async function eachWish(ids: readonly number[], change: (id: number) => Promise<unknown>): Promise<{ failed: number[]; error: unknown }> {
  const failed: number[] = [];
  let error: unknown = null;
  const queue = [...ids];
  const worker = async () => {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      try {
        await change(id);
      } catch (problem) {
        failed.push(id);
        error ??= problem;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(4, ids.length) }, worker));
  return { failed, error };
}

const wishesText = (n: number) => (n === 1 ? '1 wish' : `${n} wishes`);

function bindBulkActions(form: HTMLFormElement, { wishes, selection, data, errors }: BulkContext): void {
  const status = byId('bulk-status');
  const confirmBox = byId('remove-confirm');
  const currency = byId<HTMLInputElement>('bulk-currency');

  /** The selection, or a message saying to pick first (null then). */
  const chosen = (): number[] | null => {
    const ids = selection.selected();
    if (ids.length === 0) status.textContent = 'Select one or more wishes first.';
    return ids.length ? ids : null;
  };

  /**
   * The page again (so removed wishes go and changed ones show their new state), then the result in words: said once
   * the page is drawn, so a selection made after it is not reset by that drawing.
   */
  const finish = async (done: string, ids: readonly number[], outcome: { failed: number[]; error: unknown }, action: string) => {
    const succeeded = ids.length - outcome.failed.length;
    await wishes.reload();
    status.textContent = outcome.failed.length === 0 ? `${done} ${wishesText(succeeded)}.` : `${done} ${wishesText(succeeded)}; ${wishesText(outcome.failed.length)} could not be changed.`;
    if (outcome.error) errors.show(outcome.error, action);
  };

  // The max price: the first wish's answer decides; a refused amount is shown beside the field and nothing else is sent.
  bindForm(form, {
    errors,
    action: 'Setting the max price',
    async submit(read) {
      const ids = chosen();
      if (!ids) return;
      const amount = read.text('max_price.amount');
      currency.value = data.currency ?? wishes.items.find((w) => w.best_price)?.best_price?.currency ?? '';
      const body = { max_price: amount ? { amount, currency: currency.value || 'EUR' } : null };
      const [first, ...rest] = ids;
      await api('PATCH', `/api/wishes/${first}`, { body });
      const outcome = await eachWish(rest, (id) => api('PATCH', `/api/wishes/${id}`, { body }));
      await finish(amount ? `Max price ${amount} ${body.max_price?.currency} set on` : 'Max price cleared on', ids, outcome, 'Setting the max price');
      return status.textContent ?? '';
    },
  });

  const monitor = (isMonitored: boolean) => async () => {
    const ids = chosen();
    if (!ids) return;
    clearFieldErrors(form);
    errors.clear();
    const outcome = await eachWish(ids, (id) => api('PATCH', `/api/wishes/${id}`, { body: { is_monitored: isMonitored } }));
    await finish(isMonitored ? 'Monitoring turned on for' : 'Monitoring turned off for', ids, outcome, 'Changing monitoring');
  };
  form.querySelector('[data-action="monitor"]')!.addEventListener('click', monitor(true));
  form.querySelector('[data-action="unmonitor"]')!.addEventListener('click', monitor(false));

  // Removal asks first, in the page (a button pair), and says how many it will remove.
  let pending: number[] = [];
  form.querySelector('[data-action="remove"]')!.addEventListener('click', () => {
    const ids = chosen();
    if (!ids) return;
    pending = ids;
    replaceChildren(byId('remove-question'), `Remove ${wishesText(ids.length)} from your wishes? Their alerts go too.`);
    confirmBox.hidden = false;
    byId('remove-no').focus();
  });
  byId('remove-no').addEventListener('click', () => {
    confirmBox.hidden = true;
    status.textContent = 'Nothing removed.';
  });
  byId('remove-yes').addEventListener('click', async () => {
    confirmBox.hidden = true;
    const ids = pending;
    const outcome = await eachWish(ids, (id) => api('DELETE', `/api/wishes/${id}`));
    await finish('Removed', ids, outcome, 'Removing wishes');
  });
}

// Last, so every class above is defined when the page starts (startPage runs its callback at once).
startPage(async ({ errors }) => {
  const data = new PageData();
  const view = byId<HTMLFormElement>('wish-view');
  const sort = byId<HTMLSelectElement>('sort');
  const underMaxOnly = byId<HTMLInputElement>('under-max-only');
  const selection = new WishSelection(byId<HTMLInputElement>('select-all'), byId('selected-count'));

  const wishes: CollectionView<Wish> = new CollectionView<Wish>(byId('wish-list'), {
    label: 'Wishes',
    emptyText: () => (new URL(entryUrl(), location.origin).search.match(/below_max_price|is_monitored|format/)
      ? 'No wish matches these filters.'
      : 'No wishes yet. Wish a book from its page, or import your reading list.'),
    errors,
    prepare: (page) => data.load(page),
    renderItem: (wish) => wishRow(wish, data, errors, selection),
    onPage: () => selection.reset(),
  });

  /** The only URL this page builds: the first page of the listing with the filters and order chosen. */
  function entryUrl(): string {
    const params = new URLSearchParams({ per_page: String(PER_PAGE) });
    if (underMaxOnly.checked) params.set('below_max_price', 'true');
    const monitored = byId<HTMLSelectElement>('monitored').value;
    if (monitored) params.set('is_monitored', monitored);
    const format = byId<HTMLSelectElement>('format').value;
    if (format) params.set('format', format);
    // The API sorts all the wishes (the select's values are its `sort` values), so every page follows one order.
    if (sort.value) params.set('sort', sort.value);
    return `/api/wishes?${params.toString()}`;
  }
  const show = () => wishes.show(entryUrl());
  view.addEventListener('change', () => void show());
  view.addEventListener('submit', (event) => event.preventDefault());
  void show();

  bindBulkActions(byId<HTMLFormElement>('bulk-form'), { wishes, selection, data, errors });
});
