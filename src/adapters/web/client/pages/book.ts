// One book: cover, authors, editions (add one), the wish toggle, and per edition its prices per store and a price
// chart. Rendering takes four requests besides the navigation's badge: the book, its authors (`ids`), the user's
// wish of it (`book_id`), and every edition with its price history (`/price-history`, which also names the stores
// and the editions' languages). The languages for the add-edition form load when the form is opened, and the account's
// alert defaults when the wish's "Alerts" is opened.
import { api, ApiError, type Page } from '../api.js';
import { availabilityText } from '../availability.js';
import { type Borrow, borrowLink } from '../borrow-link.js';
import { byId, el, entryParam, formatDateTime, replaceChildren } from '../dom.js';
import type { ErrorDisplay } from '../error-display.js';
import { bindForm } from '../form-helper.js';
import { allLanguages, type Book, storesById } from '../lookups.js';
import { formatMoney } from '../money.js';
import { refreshUnreadCount } from '../nav.js';
import { startPage } from '../page.js';
import { type PriceChart, priceChart } from '../price-chart.js';
import { evidenceSentence } from '../price-evidence-words.js';
import { buildChartData, type PriceSeries, RANGES, type RangeKey, seriesByCurrency } from '../price-history-model.js';
import { type AlertableWish, AlertDefaultsLoader, wishAlertsControl } from '../wish-alerts.js';

interface Edition {
  edition_id: number;
  isbn: string | null;
  /** EAN, UPC or GTIN: a product without an ISBN is known by it. */
  gtin?: string | null;
  format: string;
  language_id: number;
  language_name: string;
  edition_title: string | null;
  publisher: string | null;
  published_year: number | null;
  cover_url: string | null;
  series: PriceSeries[];
}

interface PriceHistory {
  book_id: number;
  truncated: boolean;
  editions: Edition[];
}

interface Author {
  author_id: number;
  author_name: string;
  aliases: string[];
}

interface Quote {
  store_id: number;
  amount: string;
  currency: string;
  /** A large drop a second reading did not confirm: kept, no alert. */
  suspect?: boolean;
}

interface Wish extends AlertableWish {
  book_id: number;
}

/** Covers come from the metadata sources (https only: the page's policy allows no other remote images). */
const coverOf = (url: string | null, alt: string, className: string): HTMLImageElement | null =>
  url?.startsWith('https://') ? el('img', { src: url, alt, class: className, loading: 'lazy', referrerpolicy: 'no-referrer' }) : null;

startPage(async ({ errors }) => {
  const bookId = Number(entryParam('id'));
  if (!Number.isSafeInteger(bookId) || bookId < 1) throw new Error('This page needs a book: open it from the list of books.');
  const historyUrl = `/api/books/${bookId}/price-history`;
  // Started together: the history does not wait for the book.
  const firstHistory = api<PriceHistory>('GET', historyUrl);
  void wishToggle(bookId, errors);
  let book = await api<Book>('GET', `/api/books/${bookId}`);
  // Only this answer says whether the book can be borrowed (the PUT's does not), so the link is placed once.
  const borrow = borrowLink((book as Book & { borrow?: Borrow | null }).borrow);
  if (borrow) byId('wish-alerts-slot').before(borrow);
  const showBook = async () => {
    byId('page-title').textContent = book.book_original_title;
    document.title = `${book.book_original_title} · Shelfwatch`;
    const authors = await authorsOf(book.author_ids);
    byId('book-authors').textContent = authors.length ? `by ${authors.map((a) => a.author_name).join(', ')}` : '';
    replaceChildren(byId('author-names'), ...(authors.length ? authors.map((a) => el('li', {}, a.author_name)) : [el('li', { class: 'hint' }, 'No authors yet.')]));
  };
  const bookShown = showBook();
  authorForm(errors, () => book, async (updated) => {
    book = updated;
    await showBook();
  });

  const prices = new PricesView(errors);
  let editions: Edition[] = [];
  let selected: number | null = null;
  const showHistory = (history: PriceHistory) => {
    editions = history.editions;
    renderEditions(editions, selected, (edition) => select(edition.edition_id));
    // The cover's box is in the page from the first paint (a placeholder without a cover), so the head never moves.
    const cover = editions.map((e) => coverOf(e.cover_url, '', 'book-cover-image')).find((img) => img !== null) ?? null;
    if (cover) replaceChildren(byId('book-cover'), cover);
    if (history.truncated) byId('edition-list').append(el('p', { class: 'hint' }, 'Showing the first 100 editions and the most recent prices only.'));
    const current = editions.find((e) => e.edition_id === selected) ?? editions[0];
    if (current) select(current.edition_id);
    else prices.none();
  };
  const select = (editionId: number) => {
    selected = editionId;
    for (const row of document.querySelectorAll('[data-edition-id]')) row.classList.toggle('selected', row.getAttribute('data-edition-id') === String(selected));
    const edition = editions.find((e) => e.edition_id === editionId);
    if (edition) prices.show(edition);
  };
  const reloadHistory = async () => showHistory(await api<PriceHistory>('GET', historyUrl));

  try {
    showHistory(await firstHistory);
  } catch (error) {
    errors.show(error, 'Loading the editions and their prices');
  } finally {
    byId('edition-list').setAttribute('aria-busy', 'false');
    // The rows reserved for the editions (the style sheet's `--rows`) have served.
    byId('edition-list').classList.add('shown');
  }
  await bookShown;

  editionForm(bookId, errors, async (edition) => {
    selected = edition;
    await reloadHistory();
  });
  const fetchButton = byId<HTMLButtonElement>('fetch-now');
  fetchButton.addEventListener('click', () => {
    if (selected !== null) void fetchNow(selected, fetchButton, errors, reloadHistory);
  });
});

async function authorsOf(ids: readonly number[]): Promise<Author[]> {
  if (ids.length === 0) return [];
  const page = await api<Page<Author>>('GET', `/api/authors?ids=${ids.join(',')}&per_page=100`);
  const byIdMap = new Map(page.data.map((a) => [a.author_id, a]));
  // The book's order (first author first), not the listing's.
  return ids.flatMap((id) => byIdMap.get(id) ?? []);
}

function renderEditions(editions: readonly Edition[], selected: number | null, choose: (edition: Edition) => void): void {
  const box = byId('edition-list');
  const rows = editions.map((edition) => {
    const details = [edition.edition_title, edition.publisher, edition.published_year].filter(Boolean).join(', ');
    const button = el('button', { type: 'button', 'aria-controls': 'prices' }, 'Prices');
    button.addEventListener('click', () => choose(edition));
    return el('li', { class: `item row${edition.edition_id === selected ? ' selected' : ''}`, 'data-edition-id': edition.edition_id },
      coverOf(edition.cover_url, `Cover of ${identifierOf(edition)}`, 'cover'),
      el('span', { class: 'title' }, identifierOf(edition)),
      el('span', { class: 'meta' }, `${edition.format}, ${edition.language_name}${details ? `, ${details}` : ''}`),
      button);
  });
  replaceChildren(box, el('ul', { class: 'items', 'aria-label': 'Editions' }, ...rows), el('p', { class: 'empty', hidden: rows.length > 0 }, 'No editions yet. Add one below.'));
}

/** The selected edition's latest prices per store and its charts (one per currency), with the range buttons. */
class PricesView {
  private charts: PriceChart[] = [];
  private range: RangeKey = 'all';
  private readonly buttons = new Map<RangeKey, HTMLButtonElement>();

  constructor(private readonly errors: ErrorDisplay) {
    // The buttons are in the page's markup (laid out from the first paint); this only gives them their work.
    const toolbar = byId('chart-range');
    for (const r of RANGES) {
      const button = toolbar.querySelector<HTMLButtonElement>(`button[data-range="${r.key}"]`);
      if (!button) throw new Error(`The page has no range button for ${r.label}`);
      button.addEventListener('click', () => this.setRange(r.key));
      this.buttons.set(r.key, button);
    }
  }

  /** A book without editions has no prices to show: the section says how to get some. */
  none(): void {
    byId('prices-intro').hidden = false;
    byId('prices-body').hidden = true;
  }

  show(edition: Edition): void {
    byId('prices-h').textContent = `Prices of ${identifierOf(edition)} (${edition.format})`;
    byId('prices-intro').hidden = true;
    byId('prices-body').hidden = false;
    byId<HTMLButtonElement>('fetch-now').disabled = false;
    try {
      this.showLatest(edition.series);
      this.showCharts(edition);
    } catch (error) {
      this.errors.show(error, 'Drawing the prices');
    }
  }

  private showLatest(series: readonly PriceSeries[]): void {
    const latest = [...series].sort((a, b) => b.latest.fetched_at.localeCompare(a.latest.fetched_at));
    replaceChildren(byId('store-prices'), ...(latest.length
      ? latest.map((s) =>
          el('li', { 'data-store-id': s.store_id },
            el('strong', {}, s.store_name), ': ', el('span', { class: 'amount' }, formatMoney(s.latest.amount, s.currency)),
            ` ${availabilityText(s.latest.availability)}, ${formatDateTime(s.latest.fetched_at)} `,
            el('a', { href: s.latest.url, rel: 'noopener noreferrer', target: '_blank' }, 'at the store'),
            // Why this price: which part of the store's page it was read from (the raw evidence as the tooltip).
            ...evidenceLine(s.latest.evidence)))
      : [el('li', { class: 'hint' }, 'No prices yet. Fetch them now, or wait for the daily fetch.')]));
  }

  private showCharts(edition: Edition): void {
    for (const chart of this.charts) chart.destroy();
    this.charts = [];
    const area = byId('price-chart');
    const groups = [...seriesByCurrency(edition.series).values()].filter((g) => g.some((s) => s.daily.length + s.monthly.length > 0));
    if (groups.length === 0) {
      replaceChildren(area, el('p', { class: 'hint' }, 'No price history yet.'));
      return;
    }
    const charts = groups.map((group) => priceChart(buildChartData(group), identifierOf(edition)));
    replaceChildren(area, ...charts.map((c) => c.element));
    for (const chart of charts) {
      chart.mount();
      chart.setRange(this.days());
    }
    this.charts = charts;
  }

  private days(): number | null {
    return RANGES.find((r) => r.key === this.range)?.days ?? null;
  }

  private setRange(key: RangeKey): void {
    this.range = key;
    for (const [k, button] of this.buttons) button.setAttribute('aria-pressed', String(k === key));
    for (const chart of this.charts) chart.setRange(this.days());
  }
}

function editionForm(bookId: number, errors: ErrorDisplay, added: (editionId: number) => Promise<void>): void {
  const languageSelect = byId<HTMLSelectElement>('language_id');
  let languagesLoaded = false;
  // The languages are read when the form is opened, not to render the page.
  byId<HTMLDetailsElement>('add-edition-box').addEventListener('toggle', () => {
    if (languagesLoaded) return;
    languagesLoaded = true;
    allLanguages().then(
      (all) => {
        const sorted = [...all].sort((a, b) => a.language_name.localeCompare(b.language_name));
        replaceChildren(languageSelect, el('option', { value: '' }, 'Choose a language'), ...sorted.map((l) => el('option', { value: l.language_id }, l.language_name)));
      },
      (error: unknown) => {
        languagesLoaded = false;
        errors.show(error, 'Loading the languages');
      },
    );
  });
  bindForm(byId<HTMLFormElement>('add-edition'), {
    errors,
    action: 'Adding the edition',
    async submit(read) {
      const languageId = read.optionalNumber('language_id');
      const gtin = read.optionalText('gtin');
      const edition = await api<Edition>('POST', `/api/books/${bookId}/editions`, {
        body: {
          // A barcode alone: the ISBN is null (the API wants the key).
          isbn: gtin !== null && read.text('isbn').trim() === '' ? null : read.text('isbn'),
          ...(gtin !== null ? { gtin } : {}),
          format: read.text('format'),
          language_id: languageId,
          edition_title: read.optionalText('edition_title'),
          publisher: read.optionalText('publisher'),
          published_year: read.optionalNumber('published_year'),
        },
      });
      read.form.reset();
      await added(edition.edition_id);
      return `Added the edition ${identifierOf(edition)}`;
    },
  });
}

/** How an edition is named: by its ISBN, else by its barcode. */
function identifierOf(edition: Pick<Edition, 'isbn' | 'gtin'>): string {
  return edition.isbn !== null ? `ISBN ${edition.isbn}` : `GTIN ${edition.gtin ?? ''}`;
}

async function wishToggle(bookId: number, errors: ErrorDisplay): Promise<void> {
  const button = byId<HTMLButtonElement>('wish-toggle');
  const status = byId('wish-status');
  // The slot's line is reserved in the markup, so the control (or the hint) moves nothing when it appears.
  const alertsSlot = byId('wish-alerts-slot');
  const alertDefaults = new AlertDefaultsLoader();
  let wish: Wish | null = null;
  // The wish the control shows (null: the hint); undefined until the first answer.
  let alertsOf: number | null | undefined;
  const show = () => {
    button.textContent = wish ? 'Wished: remove from wishes' : 'Add to wishes';
    button.setAttribute('aria-pressed', String(wish !== null));
    button.disabled = false;
    if ((wish?.wish_id ?? null) === alertsOf) return;
    alertsOf = wish?.wish_id ?? null;
    replaceChildren(alertsSlot, wish
      ? wishAlertsControl(wish, { idPrefix: 'wish', defaults: alertDefaults, errors })
      : el('p', { class: 'hint' }, 'Wish it to set its alerts.'));
  };
  // The `book_id` filter answers the user's wish of this book: a page of 0 or 1 item.
  const find = async () => (await api<Page<Wish>>('GET', `/api/wishes?book_id=${bookId}`)).data[0] ?? null;
  try {
    wish = await find();
  } catch (error) {
    errors.show(error, 'Reading your wish');
    return;
  }
  show();
  button.addEventListener('click', async () => {
    button.disabled = true;
    try {
      if (wish) {
        await api('DELETE', `/api/wishes/${wish.wish_id}`);
        wish = null;
        status.textContent = 'Removed from your wishes.';
      } else {
        wish = await api<Wish>('POST', '/api/wishes', { body: { book_id: bookId } });
        status.textContent = 'Added to your wishes.';
      }
    } catch (error) {
      if (error instanceof ApiError && error.error === 'conflict') wish = await find();
      else errors.show(error, 'Changing the wish');
    } finally {
      show();
    }
  });
}

function authorForm(errors: ErrorDisplay, current: () => Book, updated: (book: Book) => Promise<void>): void {
  const search = byId<HTMLInputElement>('author-search');
  const pick = byId<HTMLSelectElement>('author-pick');
  let timer: number | undefined;
  search.addEventListener('input', () => {
    clearTimeout(timer);
    const q = search.value.trim();
    if (q.length < 3) {
      replaceChildren(pick, el('option', { value: '' }, 'Type 3 or more characters'));
      return;
    }
    timer = window.setTimeout(async () => {
      try {
        const page = await api<{ data: Author[] }>('GET', `/api/authors?per_page=20&q=${encodeURIComponent(q)}`);
        replaceChildren(pick, ...(page.data.length
          ? page.data.map((a) => el('option', { value: a.author_id }, a.aliases.length ? `${a.author_name} (${a.aliases.join(', ')})` : a.author_name))
          : [el('option', { value: '' }, 'No author matches')]));
      } catch (error) {
        errors.show(error, 'Searching authors');
      }
    }, 250);
  });
  bindForm(byId<HTMLFormElement>('add-author'), {
    errors,
    action: 'Adding the author',
    async submit(read) {
      const authorId = read.optionalNumber('author_ids');
      if (authorId === null) throw new ApiError(400, 'validation_failed', 'Choose an author first', [{ field: 'author_ids', message: 'choose an author' }]);
      const book = current();
      const body = { book_original_title: book.book_original_title, author_ids: [...new Set([...book.author_ids, authorId])], type_id: book.type_id, genre_id: book.genre_id };
      await updated(await api<Book>('PUT', `/api/books/${book.book_id}`, { body }));
      return 'Author added';
    },
  });
}

async function fetchNow(editionId: number, button: HTMLButtonElement, errors: ErrorDisplay, reload: () => Promise<void>): Promise<void> {
  const result = byId('fetch-result');
  button.disabled = true;
  result.textContent = 'Asking the stores…';
  try {
    const answer = await api<{ data: Quote[]; failed: Array<{ store_id: number; error: string; message: string }> }>('POST', `/api/editions/${editionId}/prices`);
    // The names of stores that failed may be in no series yet: the store list, once, after the user asked.
    const [stores] = await Promise.all([storesById(), reload()]);
    const name = (id: number) => stores.get(id)?.store_name ?? `Store ${id}`;
    replaceChildren(result,
      el('p', {}, answer.data.length ? `${answer.data.length} new price${answer.data.length === 1 ? '' : 's'}: ${answer.data.map((q) => `${name(q.store_id)} ${formatMoney(q.amount, q.currency)}${q.suspect ? ' (unconfirmed: a second look at the page disagreed, so no alert)' : ''}`).join('; ')}.` : 'No store had a price.'),
      answer.failed.length ? el('p', { class: 'failed' }, `Not answered: ${answer.failed.map((f) => `${name(f.store_id)} (${f.error}: ${f.message})`).join('; ')}.`) : null);
    await refreshUnreadCount();
  } catch (error) {
    result.textContent = '';
    errors.show(error, 'Fetching prices');
  } finally {
    button.disabled = false;
  }
}

function evidenceLine(evidence: string | null | undefined): HTMLElement[] {
  const sentence = evidenceSentence(evidence);
  return sentence === null ? [] : [el('span', { class: 'price-evidence hint', title: evidence ?? '' }, sentence)];
}
