// Alerts: newest first, with the unread count in the navigation; mark them read (or unread again).
import { api } from '../api.js';
import { CollectionView } from '../collection-view.js';
import { byId, el, formatDateTime } from '../dom.js';
import { fillBookTitle, storesById } from '../lookups.js';
import { formatMoney } from '../money.js';
import { refreshUnreadCount } from '../nav.js';
import { startPage } from '../page.js';

interface Alert {
  alert_id: number;
  book_id: number;
  edition_id: number;
  store_id: number;
  alert_kind: string;
  amount: string;
  currency: string;
  previous_amount: string | null;
  is_read: boolean;
  created_at: string;
}

const KINDS: Record<string, string> = {
  below_max_price: 'At or below your maximum price',
  price_drop: 'Price drop',
  new_lowest: 'Lowest price seen',
  back_in_stock: 'Back in stock',
};

startPage(async ({ errors }) => {
  const stores = storesById();
  const alerts = new CollectionView<Alert>(byId('alert-list'), {
    label: 'Alerts',
    emptyText: 'No alerts yet. They appear when a wished book gets cheaper or comes back in stock.',
    errors,
    renderItem: (alert) => {
      let isRead = alert.is_read;
      const title = el('a', { href: `/book.html?id=${alert.book_id}`, class: 'title' }, '\u00a0');
      fillBookTitle(title, alert.book_id);
      const store = el('span', {}, `store ${alert.store_id}`);
      void stores.then((all) => (store.textContent = all.get(alert.store_id)?.store_name ?? store.textContent));
      const state = el('span', { class: 'tag' });
      const toggle = el('button', { type: 'button' });
      const row = el('div', { class: 'alert', 'data-alert-id': alert.alert_id },
        el('div', { class: 'row' }, el('strong', {}, KINDS[alert.alert_kind] ?? alert.alert_kind), title, state),
        el('div', { class: 'row' },
          el('span', {}, el('span', { class: 'amount' }, formatMoney(alert.amount, alert.currency)),
            alert.previous_amount ? ` (was ${formatMoney(alert.previous_amount, alert.currency)})` : '', ' at ', store),
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
    },
  });
  void alerts.show('/api/alerts?per_page=20');
});
