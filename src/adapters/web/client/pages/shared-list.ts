// The public view of a shared list: no sign-in, only what the share token reveals.
import { api } from '../api.js';
import { byId, el, entryParam, formatDate, replaceChildren } from '../dom.js';
import { formatMoney } from '../money.js';
import { startPage } from '../page.js';

interface PublicList {
  list_name: string;
  created_at: string;
  books: Array<{
    book_id: number;
    book_original_title: string;
    authors: string[];
    best_price: { amount: string; currency: string; store_name: string; url: string; fetched_at: string } | null;
  }>;
}

startPage(async () => {
  const token = entryParam('token');
  if (!token) throw new Error('This link has no list token. Ask for the full share link.');
  const list = await api<PublicList>('GET', `/api/lists/${encodeURIComponent(token)}`, { auth: false });
  byId('page-title').textContent = list.list_name;
  document.title = `${list.list_name} · Shelfwatch`;
  byId('list-meta').textContent = `Shared list of ${list.books.length} book${list.books.length === 1 ? '' : 's'}, created ${formatDate(list.created_at)}`;
  replaceChildren(byId('shared-books'), ...list.books.map((book) =>
    el('li', { class: 'item' },
      el('div', { class: 'row' },
        el('span', { class: 'title' }, book.book_original_title),
        book.authors.length ? el('span', { class: 'meta' }, `by ${book.authors.join(', ')}`) : null),
      el('div', { class: 'row' }, book.best_price
        ? el('span', {}, 'Best price: ', el('strong', { class: 'amount' }, formatMoney(book.best_price.amount, book.best_price.currency)),
            ` at ${book.best_price.store_name} (${formatDate(book.best_price.fetched_at)}) `,
            el('a', { href: book.best_price.url, rel: 'noopener noreferrer', target: '_blank' }, 'view'))
        : el('span', { class: 'hint' }, 'No price known yet.')))));
}, { signedIn: false });
