// Authors: search (from 3 characters), add, and edit a name with its aliases.
import { api } from '../api.js';
import { CollectionView, type KeepRow } from '../collection-view.js';
import { byId, el, replaceChildren } from '../dom.js';
import type { ErrorDisplay } from '../error-display.js';
import { bindForm } from '../form-helper.js';
import { startPage } from '../page.js';

interface Author {
  author_id: number;
  author_name: string;
  aliases: string[];
  is_user_created: boolean;
}

const MIN_QUERY = 3;
const entry = (q: string) => `/api/authors?per_page=10${q ? `&q=${encodeURIComponent(q)}` : ''}`;

startPage(async ({ errors }) => {
  // A row whose edit form is open is kept: a list drawn again meanwhile (a search answering while the reader edits)
  // shows it as it is, the reader's changes and focus kept, instead of a fresh row with the form closed.
  const authors: CollectionView<Author> = new CollectionView<Author>(byId('author-list'), {
    label: 'Authors',
    emptyText: 'No authors found.',
    errors,
    keyOf: (author) => author.author_id,
    renderItem: (author, keep) => authorRow(author, errors, { editing: keep, saved: () => authors.reload() }),
  });
  void authors.show(entry(''));

  const input = byId<HTMLInputElement>('q');
  const hint = byId('search-hint');
  let timer: number | undefined;
  const search = () => {
    const q = input.value.trim();
    if (q.length > 0 && q.length < MIN_QUERY) {
      hint.textContent = `Type at least ${MIN_QUERY} characters to search.`;
      return;
    }
    hint.textContent = '';
    void authors.show(entry(q));
  };
  input.addEventListener('input', () => {
    clearTimeout(timer);
    timer = window.setTimeout(search, 300);
  });
  byId<HTMLFormElement>('search-form').addEventListener('submit', (event) => {
    event.preventDefault();
    clearTimeout(timer);
    search();
  });

  bindForm(byId<HTMLFormElement>('create-author'), {
    errors,
    action: 'Adding the author',
    async submit(read) {
      const author = await api<Author>('POST', '/api/authors', { body: { author_name: read.text('author_name'), aliases: read.lines('aliases') } });
      read.form.reset();
      input.value = author.author_name.length >= MIN_QUERY ? author.author_name : '';
      search();
      return `Added ${author.author_name}`;
    },
  });
});

interface RowEvents {
  /** The row's edit form was opened or closed (or saved: the list then draws the row afresh). */
  editing: KeepRow;
  saved: () => Promise<void>;
}

function authorRow(author: Author, errors: ErrorDisplay, events: RowEvents): Node {
  const id = `author-${author.author_id}`;
  const form = el('form', { id: `${id}-form`, class: 'edit-form', hidden: true },
    el('div', { class: 'field' }, el('label', { for: `${id}-name` }, 'Name'), el('input', { id: `${id}-name`, name: 'author_name', value: author.author_name })),
    el('div', { class: 'field' }, el('label', { for: `${id}-aliases` }, 'Aliases (one per line)'), el('textarea', { id: `${id}-aliases`, name: 'aliases', rows: 3 })),
    el('button', { type: 'submit' }, 'Save'),
    el('p', { class: 'form-status', role: 'status' }));
  (form.elements.namedItem('aliases') as HTMLTextAreaElement).value = author.aliases.join('\n');
  const edit = el('button', { type: 'button', 'aria-expanded': 'false', 'aria-controls': form.id }, 'Edit');
  const wrapper = el('div', {});
  edit.addEventListener('click', () => {
    form.hidden = !form.hidden;
    edit.setAttribute('aria-expanded', String(!form.hidden));
    events.editing(wrapper, !form.hidden);
    if (!form.hidden) (form.elements.namedItem('author_name') as HTMLInputElement).focus();
  });
  bindForm(form, {
    errors,
    action: `Saving ${author.author_name}`,
    async submit(read) {
      await api('PUT', `/api/authors/${author.author_id}`, { body: { author_name: read.text('author_name'), aliases: read.lines('aliases') } });
      events.editing(wrapper, false);
      await events.saved();
      return 'Saved';
    },
  });
  const aliases = el('span', { class: 'meta' }, author.aliases.length ? `also: ${author.aliases.join(', ')}` : '');
  const row = el('div', { class: 'row', 'data-author-id': author.author_id },
    el('span', { class: 'title' }, author.author_name), aliases, author.is_user_created ? el('span', { class: 'tag' }, 'added by a user') : null, edit);
  replaceChildren(wrapper, row, form);
  return wrapper;
}
