// Stores: the ones the user can buy from (per preferences) and the others, each with how it answered over the last
// 7 days, and whether the exchange rates convert today. Four requests besides the navigation's badge: the user's
// stores, all stores, every store's health and the rates' health.
import { api, type Page } from '../api.js';
import { byId, el, formatDateTime, replaceChildren } from '../dom.js';
import type { Store } from '../lookups.js';
import { startPage } from '../page.js';
import { attemptsSummary, failureSentence, refusalLines, type StoreHealth, VERDICT_WORDS, verdictOf } from '../store-health-words.js';

function healthBlock(health: StoreHealth | undefined): Node {
  if (!health) return el('p', { class: 'hint' }, 'No health report.');
  const verdict = verdictOf(health);
  const refusals = refusalLines(health.refusals);
  return el('div', { class: 'store-health' },
    el('p', { class: 'health-line' },
      el('span', { class: `health-verdict verdict-${verdict}` }, VERDICT_WORDS[verdict]),
      health.attempts > 0 ? ` ${attemptsSummary(health)}` : null),
    refusals.length ? el('ul', { class: 'refusals', 'aria-label': 'Refused, by reason' }, ...refusals.map((line) => el('li', {}, line))) : null,
    health.attempts === 0 ? null : el('p', { class: 'last-price' }, health.last_price_at ? `Last price read ${formatDateTime(health.last_price_at)}.` : 'No price read in the last 7 days.'),
    health.last_failure
      ? el('p', { class: 'last-failure' }, `Last failure ${formatDateTime(health.last_failure.at)}: ${failureSentence(health.last_failure.kind)}.`,
          health.last_failure.message ? el('span', { class: 'meta failure-detail' }, ` (${health.last_failure.message})`) : null)
      : null);
}

const storeItem = (store: Store, health: StoreHealth | undefined): HTMLElement =>
  el('li', { class: 'item store', 'data-store-id': store.store_id },
    el('div', { class: 'row' },
      el('a', { href: store.homepage_url, class: 'title', rel: 'noopener noreferrer', target: '_blank' }, store.store_name),
      el('span', { class: 'meta' }, `${store.country ?? 'international'}, ${store.currency}, ${store.formats.join(', ')}`),
      store.is_active ? null : el('span', { class: 'tag' }, 'inactive')),
    healthBlock(health));

function fill(id: string, stores: readonly Store[], health: ReadonlyMap<number, StoreHealth>, emptyText: string, more: boolean): void {
  const box = byId(id);
  replaceChildren(box,
    stores.length ? el('ul', { class: 'items' }, ...stores.map((s) => storeItem(s, health.get(s.store_id)))) : el('p', { class: 'empty' }, emptyText),
    more ? el('p', { class: 'hint' }, 'Showing the first 100 stores.') : null);
  box.setAttribute('aria-busy', 'false');
}

/** GET /api/exchange-rates/health. */
interface RatesHealth {
  enabled: boolean;
  newest_day: string | null;
  age_days: number | null;
  currency_count: number;
  usable: boolean;
  last_refresh: { at: string; outcome: 'updated' | 'refused' } | null;
  problem: string | null;
}

function ratesBlock(rates: RatesHealth): Array<Node | null> {
  const verdict = !rates.usable ? 'failing' : rates.problem ? 'some_failures' : 'working';
  const words = { working: 'Converting', some_failures: 'Converting, with a warning', failing: 'Not converting' }[verdict];
  const age = rates.age_days === null ? '' : rates.age_days === 0 ? ' (today)' : ` (${rates.age_days} day${rates.age_days === 1 ? '' : 's'} ago)`;
  return [
    el('p', { class: 'health-line' },
      el('span', { class: `health-verdict verdict-${verdict}` }, words),
      rates.newest_day ? ` Rates of ${rates.newest_day}${age} for ${rates.currency_count} currencies.` : null),
    rates.problem ? el('p', { class: 'last-failure' }, rates.problem) : null,
    rates.last_refresh
      ? el('p', { class: 'last-price' }, `Last refresh ${formatDateTime(rates.last_refresh.at)}: ${rates.last_refresh.outcome === 'updated' ? 'rates stored' : 'refused'}.`)
      : null,
  ];
}

startPage(async () => {
  const [mine, all, health, rates] = await Promise.all([
    api<Page<Store>>('GET', '/api/user/stores?per_page=100'),
    api<Page<Store>>('GET', '/api/stores?per_page=100'),
    api<Page<StoreHealth>>('GET', '/api/store-health?per_page=100'),
    api<RatesHealth>('GET', '/api/exchange-rates/health'),
  ]);
  const byStore = new Map(health.data.map((h) => [h.store_id, h]));
  const mineIds = new Set(mine.data.map((s) => s.store_id));
  fill('user-store-list', mine.data, byStore, 'No store matches your preferences.', mine._links.next !== undefined);
  fill('store-list', all.data.filter((s) => !mineIds.has(s.store_id)), byStore, 'No other stores.', all._links.next !== undefined);
  const ratesBox = byId('rates-health');
  replaceChildren(ratesBox, ...ratesBlock(rates));
  ratesBox.setAttribute('aria-busy', 'false');
});
