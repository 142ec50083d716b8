// A wish's prices on the wishes page: the best price, its store (named by the API, linked to the quote's own page) and
// availability, the distance from the lowest price ever (amount and %), and "under your max" in words.
import { availabilityText } from './availability.js';
import { el } from './dom.js';
import { formatMoney } from './money.js';
import { aboveLowestAmount, lowestEverText, type PricedWish } from './wish-prices.js';

export interface WishWithPrices extends PricedWish {
  max_price: { amount: string; currency: string } | null;
}

export function wishPriceSummary(wish: WishWithPrices): HTMLElement {
  const best = wish.best_price;
  if (!best) return el('div', { class: 'wish-prices' }, el('p', { class: 'hint' }, 'No price in your stores yet.'));

  const store = el('a', { href: best.url, rel: 'noopener noreferrer', target: '_blank', class: 'store' }, best.store_name ?? `Store ${best.store_id}`);
  const lowest = lowestEverText(wish);
  const above = aboveLowestAmount(wish);
  return el('div', { class: 'wish-prices' },
    el('p', { class: 'best-price' },
      el('span', { class: 'visually-hidden' }, 'Best price: '),
      el('strong', { class: 'amount' }, formatMoney(best.amount, best.currency)), ' at ', store, `, ${availabilityText(best.availability)}`),
    lowest && wish.lowest_price
      ? el('p', { class: 'lowest-ever' },
        lowest === 'lowest ever' ? lowest : `${lowest}: +${formatMoney(above ?? '0', best.currency)} (lowest ${formatMoney(wish.lowest_price.amount, wish.lowest_price.currency)})`)
      : null,
    // Text, not colour alone, says the wish is under its max.
    wish.below_max_price && wish.max_price
      ? el('p', { class: 'under-max-badge' }, `Under your max of ${formatMoney(wish.max_price.amount, wish.max_price.currency)}`)
      : null);
}
