// Stores: the ones that match the user's preferences, and all of them.
import { CollectionView } from '../collection-view.js';
import { byId, el } from '../dom.js';
import type { Store } from '../lookups.js';
import { startPage } from '../page.js';

const storeRow = (store: Store): Node =>
  el('div', { class: 'row', 'data-store-id': store.store_id },
    el('a', { href: store.homepage_url, class: 'title', rel: 'noopener noreferrer', target: '_blank' }, store.store_name),
    el('span', { class: 'meta' }, `${store.country ?? 'international'}, ${store.currency}, ${store.formats.join(', ')}`),
    store.is_active ? null : el('span', { class: 'tag' }, 'inactive'));

startPage(async ({ errors }) => {
  void new CollectionView<Store>(byId('user-store-list'), {
    label: 'Stores for you', emptyText: 'No store matches your preferences.', errors, renderItem: storeRow,
  }).show('/api/user/stores?per_page=20');
  void new CollectionView<Store>(byId('store-list'), { label: 'All stores', emptyText: 'No stores.', errors, renderItem: storeRow }).show('/api/stores?per_page=20');
});
