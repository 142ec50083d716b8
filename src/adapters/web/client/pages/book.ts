// One book: its authors, editions (add one), the wish toggle, and per edition the prices with their history.
import { api, ApiError, collectAll, type Page } from '../api.js';
import { availabilityText } from '../availability.js';
import type { ChartQuote } from '../chart-model.js';
import { CollectionView } from '../collection-view.js';
import { byId, el, entryParam, formatDateTime, replaceChildren } from '../dom.js';
import type { ErrorDisplay } from '../error-display.js';
import { bindForm } from '../form-helper.js';
import { allLanguages, type Book, storesById } from '../lookups.js';
import { formatMoney } from '../money.js';
import { refreshUnreadCount } from '../nav.js';
import { startPage } from '../page.js';
import { renderPriceCharts } from '../price-chart.js';

interface Edition {
  edition_id: number;
  isbn: string;
  format: string;
  language_id: number;
  edition_title: string | null;
  publisher: string | null;
  published_year: number | null;
  cover_url: string | null;
}

interface Author {
  author_id: number;
  author_name: string;
  aliases: string[];
}

interface Quote extends ChartQuote {
  price_quote_id: number;
  availability: string;
  url: string;
}

interface Wish {
  wish_id: number;
  book_id: number;
}

startPage(async ({ errors }) => {
  const bookId = Number(entryParam('id'));
  if (!Number.isSafeInteger(bookId) || bookId < 1) throw new Error('This page needs a book: open it from the list of books.');
  let book = await api<Book>('GET', `/api/books/${bookId}`);
  const showBook = async () => {
    byId('page-title').textContent = book.book_original_title;
    document.title = `${book.book_original_title} · Shelfwatch`;
    const authors = await Promise.all(book.author_ids.map((id) => api<Author>('GET', `/api/authors/${id}`)));
    replaceChildren(byId('author-names'), ...(authors.length ? authors.map((a) => el('li', {}, a.author_name)) : [el('li', { class: 'hint' }, 'No authors yet.')]));
  };
  await showBook();

  void wishToggle(bookId, errors);
  authorForm(errors, () => book, async (updated) => {
    book = updated;
    await showBook();
  });

  const languageNames = allLanguages().then((all) => new Map(all.map((l) => [l.language_id, l.language_name])));
  let selected: number | null = null;
  const editions = new CollectionView<Edition>(byId('edition-list'), {
    label: 'Editions',
    emptyText: 'No editions yet. Add one below.',
    errors,
    renderItem: (edition) => {
      const language = el('span', {}, '');
      void languageNames.then((names) => (language.textContent = names.get(edition.language_id) ?? ''));
      const details = [edition.edition_title, edition.publisher, edition.published_year].filter(Boolean).join(', ');
      const button = el('button', { type: 'button', 'aria-controls': 'prices' }, 'Prices');
      button.addEventListener('click', () => void selectEdition(edition));
      // Covers come from the metadata sources (https only: the page's policy allows no other remote images).
      const cover = edition.cover_url?.startsWith('https://')
        ? el('img', { src: edition.cover_url, alt: `Cover of ISBN ${edition.isbn}`, class: 'cover', loading: 'lazy', referrerpolicy: 'no-referrer' })
        : null;
      return el('div', { class: 'row', 'data-edition-id': edition.edition_id },
        cover,
        el('span', { class: 'title' }, `ISBN ${edition.isbn}`),
        el('span', { class: 'meta' }, `${edition.format}, `, language, details ? `, ${details}` : ''),
        button);
    },
    onPage: (page) => {
      if (selected === null && page.data[0]) void selectEdition(page.data[0]);
    },
  });
  void editions.show(`/api/books/${bookId}/editions?per_page=10`);

  const languageSelect = byId<HTMLSelectElement>('language_id');
  allLanguages().then(
    (all) => {
      const sorted = [...all].sort((a, b) => a.language_name.localeCompare(b.language_name));
      replaceChildren(languageSelect, el('option', { value: '' }, 'Choose a language'), ...sorted.map((l) => el('option', { value: l.language_id }, l.language_name)));
    },
    (error: unknown) => errors.show(error, 'Loading the languages'),
  );
  bindForm(byId<HTMLFormElement>('add-edition'), {
    errors,
    action: 'Adding the edition',
    async submit(read) {
      const languageId = read.optionalNumber('language_id');
      const edition = await api<Edition>('POST', `/api/books/${bookId}/editions`, {
        body: {
          isbn: read.text('isbn'),
          format: read.text('format'),
          language_id: languageId,
          edition_title: read.optionalText('edition_title'),
          publisher: read.optionalText('publisher'),
          published_year: read.optionalNumber('published_year'),
        },
      });
      read.form.reset();
      await editions.reload();
      await selectEdition(edition);
      return `Added the edition ISBN ${edition.isbn}`;
    },
  });

  const fetchButton = byId<HTMLButtonElement>('fetch-now');
  async function selectEdition(edition: Edition): Promise<void> {
    selected = edition.edition_id;
    for (const row of document.querySelectorAll('[data-edition-id]')) row.classList.toggle('selected', row.getAttribute('data-edition-id') === String(selected));
    byId('prices-h').textContent = `Prices of ISBN ${edition.isbn} (${edition.format})`;
    byId('prices-intro').hidden = true;
    byId('prices-body').hidden = false;
    byId('fetch-result').textContent = '';
    await showPrices(edition.edition_id, errors);
  }
  fetchButton.addEventListener('click', () => {
    if (selected !== null) void fetchNow(selected, fetchButton, errors);
  });
});

async function wishToggle(bookId: number, errors: ErrorDisplay): Promise<void> {
  const button = byId<HTMLButtonElement>('wish-toggle');
  const status = byId('wish-status');
  let wish: Wish | null = null;
  const show = () => {
    button.textContent = wish ? 'Wished: remove from wishes' : 'Add to wishes';
    button.setAttribute('aria-pressed', String(wish !== null));
    button.disabled = false;
  };
  // The `book_id` filter answers the user's wish of this book: a page of 0 or 1 item.
  const find = async () => (await api<Page<Wish>>('GET', `/api/wishes?book_id=${bookId}`)).data[0] ?? null;
  wish = await find();
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

async function showPrices(editionId: number, errors: ErrorDisplay): Promise<void> {
  const area = byId('price-chart');
  const list = byId('store-prices');
  area.setAttribute('aria-busy', 'true');
  try {
    const [{ items: quotes, truncated }, stores] = await Promise.all([
      collectAll<Quote>(`/api/editions/${editionId}/prices?per_page=100`, 50),
      storesById(),
    ]);
    const storeName = (id: number) => stores.get(id)?.store_name ?? `Store ${id}`;
    // Quotes come newest first, so the first one seen per store is its latest.
    const latest = new Map<number, Quote>();
    for (const q of quotes) if (!latest.has(q.store_id)) latest.set(q.store_id, q);
    replaceChildren(list, ...(latest.size
      ? [...latest.values()].map((q) =>
          el('li', { 'data-store-id': q.store_id },
            el('strong', {}, storeName(q.store_id)), ': ', el('span', { class: 'amount' }, formatMoney(q.amount, q.currency)),
            ` ${availabilityText(q.availability)}, ${q.quote_kind === 'monthly' ? `month ${q.month}` : formatDateTime(q.fetched_at)} `,
            el('a', { href: q.url, rel: 'noopener noreferrer', target: '_blank' }, 'at the store')))
      : [el('li', { class: 'hint' }, 'No prices yet. Fetch them now, or wait for the daily fetch.')]));
    replaceChildren(area, ...(quotes.length ? renderPriceCharts(quotes, storeName) : [el('p', { class: 'hint' }, 'No price history yet.')]),
      truncated ? el('p', { class: 'hint' }, 'Showing the most recent quotes only.') : null);
  } catch (error) {
    errors.show(error, 'Loading the prices');
  } finally {
    area.setAttribute('aria-busy', 'false');
  }
}

async function fetchNow(editionId: number, button: HTMLButtonElement, errors: ErrorDisplay): Promise<void> {
  const result = byId('fetch-result');
  button.disabled = true;
  result.textContent = 'Asking the stores…';
  try {
    const [answer, stores] = await Promise.all([
      api<{ data: Quote[]; failed: Array<{ store_id: number; error: string; message: string }> }>('POST', `/api/editions/${editionId}/prices`),
      storesById(),
    ]);
    const name = (id: number) => stores.get(id)?.store_name ?? `Store ${id}`;
    replaceChildren(result,
      el('p', {}, answer.data.length ? `${answer.data.length} new price${answer.data.length === 1 ? '' : 's'}: ${answer.data.map((q) => `${name(q.store_id)} ${formatMoney(q.amount, q.currency)}`).join('; ')}.` : 'No store had a price.'),
      answer.failed.length ? el('p', { class: 'failed' }, `Not answered: ${answer.failed.map((f) => `${name(f.store_id)} (${f.error}: ${f.message})`).join('; ')}.`) : null);
    await showPrices(editionId, errors);
    await refreshUnreadCount();
  } catch (error) {
    result.textContent = '';
    errors.show(error, 'Fetching prices');
  } finally {
    button.disabled = false;
  }
}
