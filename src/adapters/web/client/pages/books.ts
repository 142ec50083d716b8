// Books: search, page through results (each with its cover, authors and formats), add a book by ISBN or by hand.
// A page of books costs its own request and one for all its authors (`/api/authors?ids=`), never one per book.
import { api, collectAll } from '../api.js';
import { CollectionView } from '../collection-view.js';
import { byId, el, formatDate } from '../dom.js';
import { bindForm } from '../form-helper.js';
import { type Author, authorNames, authorsOf, type Book } from '../lookups.js';
import { startPage } from '../page.js';

const PER_PAGE = 10;
const FORMAT_NAMES: Record<string, string> = { hardcover: 'hardcover', paperback: 'paperback', ebook: 'e-book', audiobook: 'audiobook' };

function bookRow(book: Book, authors: Map<number, Author>): Node {
  const names = authorNames(book, authors);
  // Fixed size and lazy: covers never move the rows, and only those on screen are fetched.
  const cover = book.cover_url
    ? el('img', { src: book.cover_url, alt: '', width: 48, height: 72, loading: 'lazy', decoding: 'async', referrerpolicy: 'no-referrer', class: 'cover' })
    : el('span', { class: 'cover cover-none', 'aria-hidden': 'true' });
  return el('div', { class: 'book-row', 'data-book-id': book.book_id },
    cover,
    el('div', { class: 'cell-book' },
      el('a', { href: `/book.html?id=${book.book_id}`, class: 'title' }, book.book_original_title),
      el('span', { class: 'authors meta' }, names || 'No author named'),
      el('span', { class: 'meta' },
        (book.formats ?? []).length ? `${(book.formats ?? []).map((f) => FORMAT_NAMES[f] ?? f).join(', ')} · ` : 'No edition yet · ',
        `added ${formatDate(book.created_at)}`)));
}

startPage(async ({ errors }) => {
  let authors = new Map<number, Author>();
  const books = new CollectionView<Book>(byId('book-list'), {
    label: 'Books',
    emptyText: 'No books found.',
    errors,
    prepare: async (page) => {
      authors = await authorsOf(page.data);
    },
    renderItem: (book) => bookRow(book, authors),
  });
  const entry = (q: string) => `/api/books?per_page=${PER_PAGE}${q ? `&q=${encodeURIComponent(q)}` : ''}`;
  void books.show(entry(''));

  byId<HTMLFormElement>('search-form').addEventListener('submit', (event) => {
    event.preventDefault();
    void books.show(entry(byId<HTMLInputElement>('q').value.trim()));
  });

  const typeSelect = byId<HTMLSelectElement>('type_id');
  collectAll<{ type_id: number; type_name: string }>('/api/types?per_page=100').then(
    ({ items }) => typeSelect.append(...items.map((t) => el('option', { value: t.type_id }, t.type_name))),
    (error: unknown) => errors.show(error, 'Loading the types'),
  );

  // The catalog's edition, or one the metadata sources know, added with its book and authors.
  bindForm(byId<HTMLFormElement>('lookup-isbn'), {
    errors,
    action: 'Looking the ISBN up',
    async submit(read) {
      const edition = await api<{ book_id: number }>('POST', '/api/editions/lookup', { body: { isbn: read.text('isbn') } });
      location.assign(`/book.html?id=${edition.book_id}`);
      return 'Found';
    },
  });

  bindForm(byId<HTMLFormElement>('create-book'), {
    errors,
    action: 'Adding the book',
    async submit(read) {
      const typeId = read.optionalText('type_id');
      const book = await api<Book>('POST', '/api/books', {
        body: { book_original_title: read.text('book_original_title'), ...(typeId ? { type_id: Number(typeId) } : {}) },
      });
      location.assign(`/book.html?id=${book.book_id}`);
      return `Added “${book.book_original_title}”`;
    },
  });
});
