// Alerts: newest first, grouped by day, each with its book's page and the store's page for the edition (a borrowable
// alert: the lender's page to borrow the book); mark one read (or unread again), or all of them. A page of alerts
// costs four requests: the alerts, their books by id (`/api/books?ids=`), the stores, and the navigation's unread
// badge.
import { api } from '../api.js';
import { CollectionView } from '../collection-view.js';
import { borrowLink } from '../borrow-link.js';
import { byId, el, formatDate, formatDateTime } from '../dom.js';
import type { ErrorDisplay } from '../error-display.js';
import { type Book, booksByIds, type Store, storesById } from '../lookups.js';
import { formatMoney } from '../money.js';
import { refreshUnreadCount } from '../nav.js';
import { startPage } from '../page.js';

interface Alert {
  alert_id: number;
  book_id: number;
  /** Null for a borrowable alert when the lent edition is not one of the book's. */
  edition_id: number | null;
  /** Null for a borrowable alert, as are its amount and currency. */
  store_id: number | null;
  alert_kind: string;
  amount: string | null;
  currency: string | null;
  previous_amount: string | null;
  /**
   * The store's page for the edition (absent from an older service, null when no quote is left); for a borrowable
   * alert, the lender's page to borrow the book.
   */
  url?: string | null;
  is_read: boolean;
  created_at: string;
}

const KINDS: Record<string, string> = {
  below_max_price: 'At or below your maximum price',
  price_drop: 'Price drop',
  new_lowest: 'Lowest price seen',
  back_in_stock: 'Back in stock',
  percent_drop: 'Price drop by your percentage or more',
  lowest_in_days: 'Lowest price of the days you chose',
  below_target: 'At or below your default target',
  borrowable: 'You can borrow it',
};

/** What the alerts of the page shown name: their books and stores. */
interface Names {
  books: Map<number, Book>;
  stores: Map<number, Store>;
}

/** "Today", "Yesterday" or the UTC date, the day an alert came. */
function dayOf(alert: Alert): string {
  const day = formatDate(alert.created_at);
  const today = new Date().toISOString().slice(0, 10);
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  return day === today ? `Today, ${day}` : day === yesterday ? `Yesterday, ${day}` : day;
}

startPage(async ({ errors }) => {
  const names: Names = { books: new Map(), stores: new Map() };
  const summary = byId('alerts-summary');
  /** The newest alert shown since the page opened: "mark all read" never marks one the user has not seen. */
  let newestSeen = 0;
  const alerts: CollectionView<Alert> = new CollectionView<Alert>(byId('alert-list'), {
    label: 'Alerts',
    emptyText: 'No alerts yet. They appear when a wished book gets cheaper, comes back in stock or can be borrowed.',
    errors,
    prepare: async (page) => {
      const [books, stores] = await Promise.all([booksByIds(page.data.map((a) => a.book_id)), storesById()]);
      names.books = books;
      names.stores = stores;
    },
    groupOf: dayOf,
    renderItem: (alert) => alertRow(alert, names, errors),
    onPage: (page) => {
      for (const alert of page.data) newestSeen = Math.max(newestSeen, alert.alert_id);
    },
  });
  void alerts.show('/api/alerts?per_page=20');

  const markAll = byId<HTMLButtonElement>('mark-all-read');
  markAll.addEventListener('click', async () => {
    markAll.disabled = true;
    errors.clear();
    try {
      const body = newestSeen > 0 ? { up_to_alert_id: newestSeen } : {};
      const { marked_read: marked } = await api<{ marked_read: number }>('POST', '/api/alerts/mark-read', { body });
      summary.textContent = marked === 0 ? 'No unread alerts.' : marked === 1 ? '1 alert marked read.' : `${marked} alerts marked read.`;
      await Promise.all([alerts.reload(), refreshUnreadCount()]);
    } catch (error) {
      errors.show(error, 'Marking all alerts read');
    } finally {
      markAll.disabled = false;
    }
  });
});

function alertRow(alert: Alert, names: Names, errors: ErrorDisplay): Node {
  let isRead = alert.is_read;
  const title = names.books.get(alert.book_id)?.book_original_title ?? `Book ${alert.book_id}`;
  const state = el('span', { class: 'tag' });
  const toggle = el('button', { type: 'button' });
  const row = el('div', { class: 'alert', 'data-alert-id': alert.alert_id },
    el('div', { class: 'row' },
      el('strong', {}, KINDS[alert.alert_kind] ?? alert.alert_kind),
      el('a', { href: `/book.html?id=${alert.book_id}`, class: 'title' }, title),
      state),
    el('div', { class: 'row' },
      ...(alert.alert_kind === 'borrowable' ? borrowWhere(alert, title) : priceWhere(alert, title, names)),
      el('span', { class: 'meta' }, formatDateTime(alert.created_at)), toggle));
  const show = () => {
    state.textContent = isRead ? 'read' : 'unread';
    row.classList.toggle('unread', !isRead);
    toggle.textContent = isRead ? 'Mark unread' : 'Mark read';
  };
  show();
  toggle.addEventListener('click', async () => {
    toggle.disabled = true;
    try {
      await api('PATCH', `/api/alerts/${alert.alert_id}`, { body: { is_read: !isRead } });
      isRead = !isRead;
      show();
      await refreshUnreadCount();
    } catch (error) {
      errors.show(error, 'Marking the alert');
    } finally {
      toggle.disabled = false;
    }
  });
  return row;
}

/** A price alert's price, the price before, the store, and the store's page. */
function priceWhere(alert: Alert, title: string, names: Names): Array<Node | null> {
  const storeName = (alert.store_id !== null ? names.stores.get(alert.store_id)?.store_name : undefined) ?? `store ${alert.store_id}`;
  return [
    el('span', {}, el('span', { class: 'amount' }, formatMoney(alert.amount ?? '', alert.currency ?? '')),
      alert.previous_amount ? ` (was ${formatMoney(alert.previous_amount, alert.currency ?? '')})` : '', ' at ', storeName),
    alert.url
      ? el('a', { href: alert.url, class: 'store-link', rel: 'noopener noreferrer', target: '_blank' }, `View at ${storeName}`, el('span', { class: 'visually-hidden' }, ` (${title}, opens a new tab)`))
      : null,
  ];
}

/** A borrowable alert: no price or store, the lender's page to borrow the book (the link the wishes page shows). */
function borrowWhere(alert: Alert, title: string): Array<Node | null> {
  return [el('span', {}, 'As an e-book, free, at Open Library'), borrowLink({ available: true, url: alert.url ?? null, checked_at: alert.created_at }, title)];
}
