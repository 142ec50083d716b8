// Lists: create a shareable list from some of your wishes, copy its share link, delete it.
// Rendering costs the lists and the navigation's badge. The wishes to choose from are read only when the user opens
// the picker, a page of 20 at a time with their titles in one request (`/api/books?ids=`), never one per wish; the
// books chosen are kept across the picker's pages.
import { api } from '../api.js';
import { CollectionView } from '../collection-view.js';
import { byId, el, formatDate } from '../dom.js';
import type { ErrorDisplay } from '../error-display.js';
import { bindForm } from '../form-helper.js';
import { type Book, booksByIds } from '../lookups.js';
import { startPage } from '../page.js';

interface BookList {
  list_id: number;
  list_name: string;
  book_ids: number[];
  token: string;
  created_at: string;
}

interface Wish {
  wish_id: number;
  book_id: number;
}

const LISTS = '/api/lists?per_page=20';
const PICKER_PAGE = '/api/wishes?per_page=20';
const shareLink = (token: string) => `${location.origin}/shared-list.html?token=${encodeURIComponent(token)}`;
const books = (n: number) => `${n} book${n === 1 ? '' : 's'}`;

startPage(async ({ errors }) => {
  const lists: CollectionView<BookList> = new CollectionView<BookList>(byId('list-list'), {
    label: 'Lists',
    emptyText: 'No lists yet.',
    errors,
    renderItem: (list) => listRow(list, errors, () => lists.reload()),
  });
  void lists.show(LISTS);

  const picker = wishPicker(errors);
  bindForm(byId<HTMLFormElement>('create-list'), {
    errors,
    action: 'Creating the list',
    async submit(read) {
      const list = await api<BookList>('POST', '/api/lists', { body: { list_name: read.text('list_name'), book_ids: picker.chosen() } });
      read.form.reset();
      picker.clear();
      await lists.show(LISTS);
      return `Created “${list.list_name}”. Copy its share link below.`;
    },
  });
});

/** The user's wishes as boxes to tick, loaded when the picker is first opened; the choice survives paging. */
function wishPicker(errors: ErrorDisplay): { chosen(): number[]; clear(): void } {
  const chosen = new Set<number>();
  const count = byId('picked-count');
  const box = byId<HTMLDetailsElement>('wish-picker-box');
  let titles = new Map<number, Book>();
  const showCount = () => {
    count.textContent = chosen.size ? `${books(chosen.size)} chosen.` : 'No book chosen yet.';
  };
  const wishes = new CollectionView<Wish>(byId('wish-picker'), {
    label: 'Your wishes',
    emptyText: 'You have no wishes yet: wish books first, then share them here.',
    errors,
    prepare: async (page) => {
      titles = await booksByIds(page.data.map((w) => w.book_id));
    },
    renderItem: (wish) => {
      const input = el('input', { type: 'checkbox', value: wish.book_id, checked: chosen.has(wish.book_id) });
      input.addEventListener('change', () => {
        if (input.checked) chosen.add(wish.book_id);
        else chosen.delete(wish.book_id);
        showCount();
      });
      return el('label', { class: 'check' }, input, ' ', titles.get(wish.book_id)?.book_original_title ?? `Book ${wish.book_id}`);
    },
  });
  let opened = false;
  box.addEventListener('toggle', () => {
    if (!box.open || opened) return;
    opened = true;
    void wishes.show(PICKER_PAGE);
  });
  return {
    chosen: () => [...chosen],
    clear() {
      chosen.clear();
      for (const input of byId('wish-picker').querySelectorAll<HTMLInputElement>('input[type="checkbox"]')) input.checked = false;
      showCount();
    },
  };
}

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
      el('span', { class: 'meta' }, `${books(list.book_ids.length)}, created ${formatDate(list.created_at)}`)),
    el('div', { class: 'field' }, el('label', { for: link.id }, 'Share link'), link),
    el('div', { class: 'row' }, copy, el('a', { href: link.value }, 'Open'), remove, status));
}
