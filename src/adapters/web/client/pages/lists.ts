// Lists: create a shareable list from some of your wishes, copy its share link, delete it.
import { api, collectAll } from '../api.js';
import { CollectionView } from '../collection-view.js';
import { byId, el, formatDate, replaceChildren } from '../dom.js';
import type { ErrorDisplay } from '../error-display.js';
import { bindForm } from '../form-helper.js';
import { fillBookTitle } from '../lookups.js';
import { startPage } from '../page.js';

interface BookList {
  list_id: number;
  list_name: string;
  book_ids: number[];
  token: string;
  created_at: string;
}

const shareLink = (token: string) => `${location.origin}/shared-list.html?token=${encodeURIComponent(token)}`;

startPage(async ({ errors }) => {
  const lists: CollectionView<BookList> = new CollectionView<BookList>(byId('list-list'), {
    label: 'Lists',
    emptyText: 'No lists yet.',
    errors,
    renderItem: (list) => listRow(list, errors, () => lists.reload()),
  });
  void lists.show('/api/lists?per_page=20');

  const choices = byId('book_ids');
  const { items: wishes } = await collectAll<{ book_id: number }>('/api/wishes?per_page=100');
  replaceChildren(choices, el('legend', {}, 'Books from your wishes'),
    ...(wishes.length
      ? wishes.map((w) => {
          const name = el('span', {}, `Book ${w.book_id}`);
          fillBookTitle(name, w.book_id);
          return el('label', { class: 'check' }, el('input', { type: 'checkbox', name: 'book_ids', value: w.book_id }), ' ', name);
        })
      : [el('p', { class: 'hint' }, 'You have no wishes yet: wish books first, then share them here.')]));

  bindForm(byId<HTMLFormElement>('create-list'), {
    errors,
    action: 'Creating the list',
    async submit(read) {
      const list = await api<BookList>('POST', '/api/lists', { body: { list_name: read.text('list_name'), book_ids: read.checkedValues('book_ids').map(Number) } });
      read.form.reset();
      await lists.show('/api/lists?per_page=20');
      return `Created “${list.list_name}”. Copy its share link below.`;
    },
  });
});

function listRow(list: BookList, errors: ErrorDisplay, changed: () => Promise<void>): Node {
  const id = `list-${list.list_id}`;
  const link = el('input', { id: `${id}-link`, class: 'share-link', readonly: true, value: shareLink(list.token) });
  const status = el('span', { class: 'meta', role: 'status' });
  const copy = el('button', { type: 'button' }, 'Copy link');
  copy.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(link.value);
      status.textContent = 'Copied.';
    } catch {
      // No clipboard access (plain http on another host): select the text so Ctrl+C copies it.
      link.select();
      status.textContent = 'Press Ctrl+C to copy.';
    }
  });
  const remove = el('button', { type: 'button', class: 'danger' }, 'Delete');
  remove.addEventListener('click', async () => {
    remove.disabled = true;
    try {
      await api('DELETE', `/api/lists/${list.list_id}`);
      await changed();
    } catch (error) {
      remove.disabled = false;
      errors.show(error, 'Deleting the list');
    }
  });
  return el('div', { class: 'list', 'data-list-id': list.list_id },
    el('div', { class: 'row' }, el('span', { class: 'title' }, list.list_name),
      el('span', { class: 'meta' }, `${list.book_ids.length} book${list.book_ids.length === 1 ? '' : 's'}, created ${formatDate(list.created_at)}`)),
    el('div', { class: 'field' }, el('label', { for: link.id }, 'Share link'), link),
    el('div', { class: 'row' }, copy, el('a', { href: link.value }, 'Open'), remove, status));
}
