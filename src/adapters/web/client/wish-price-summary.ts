// A wish's prices on the wishes page: the best price and its store (linked), availability, the distance from the
// lowest price ever, "under your max" in words, and the sparkline of that edition at that store.
import { availabilityText } from './availability.js';
import { el } from './dom.js';
import { fillStoreName } from './lookups.js';
import { formatMoney } from './money.js';
import { sparklineSlot } from './sparkline.js';
import { lowestEverText, type PricedWish } from './wish-prices.js';

export interface WishWithPrices extends PricedWish {
  max_price: { amount: string; currency: string } | null;
}

export function wishPriceSummary(wish: WishWithPrices): HTMLElement {
  const best = wish.best_price;
  if (!best) return el('div', { class: 'wish-prices' }, el('p', { class: 'hint' }, 'No price in your stores yet.'));

  const store = el('a', { href: best.url, rel: 'noopener noreferrer', target: '_blank', class: 'store' }, `Store ${best.store_id}`);
  fillStoreName(store, best.store_id);
  const lowest = lowestEverText(wish);
  return el('div', { class: 'wish-prices' },
    el('p', { class: 'best-price' },
      el('span', { class: 'visually-hidden' }, 'Best price: '),
      el('strong', { class: 'amount' }, formatMoney(best.amount, best.currency)), ' at ', store, `, ${availabilityText(best.availability)}`),
    lowest
      ? el('p', { class: 'lowest-ever' }, lowest, wish.lowest_price && lowest !== 'lowest ever' ? ` (${formatMoney(wish.lowest_price.amount, wish.lowest_price.currency)})` : '')
      : null,
    // Text, not colour alone, says the wish is under its max.
    wish.below_max_price && wish.max_price
      ? el('p', { class: 'under-max-badge' }, `Under your max of ${formatMoney(wish.max_price.amount, wish.max_price.currency)}`)
      : null,
    sparklineSlot(best.edition_id, best.store_id, best.currency));
}
