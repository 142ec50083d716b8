// A wish's prices on the wishes page: the best price (with its conversion into the user's currency, "10.99 GBP ≈ 13.74
// EUR"), its store (named by the API, linked to the quote's own page) and availability, its shipping ("+ 3.50 EUR
// shipping", "free shipping"), the distance from the lowest price ever (amount and %), and "under your max" in words.
import { availabilityText } from './availability.js';
import { el } from './dom.js';
import { formatMoney } from './money.js';
import { aboveLowestAmount, type BestPrice, inUserCurrency, lowestEverText, type PricedWish } from './wish-prices.js';

export interface WishWithPrices extends PricedWish {
  max_price: { amount: string; currency: string } | null;
}

const isZero = (amount: string): boolean => /^0*(?:\.0*)?$/.test(amount.trim());

/** "+ 3.50 EUR shipping", "free shipping" (with the delivered price in the user's currency when converted); null when unknown. */
function shippingText(best: BestPrice): string | null {
  if (best.shipping === null || best.shipping === undefined) return null;
  const delivered = best.converted?.delivered;
  const total = delivered ? ` (≈ ${formatMoney(delivered, best.converted!.currency)} delivered)` : '';
  return isZero(best.shipping) ? `free shipping${total}` : `+ ${formatMoney(best.shipping, best.currency)} shipping${total}`;
}

export function wishPriceSummary(wish: WishWithPrices): HTMLElement {
  const best = wish.best_price;
  if (!best) return el('div', { class: 'wish-prices' }, el('p', { class: 'hint' }, 'No price in your stores yet.'));

  const store = el('a', { href: best.url, rel: 'noopener noreferrer', target: '_blank', class: 'store' }, best.store_name ?? `Store ${best.store_id}`);
  const lowest = lowestEverText(wish);
  const above = aboveLowestAmount(wish);
  const shipping = shippingText(best);
  const userCurrency = inUserCurrency(best).currency;
  const converted = best.converted
    ? el('span', { class: 'converted', title: `at ${best.converted.rate} of ${best.converted.rate_date}` }, ` ≈ ${formatMoney(best.converted.amount, best.converted.currency)}`)
    : null;
  return el('div', { class: 'wish-prices' },
    el('p', { class: 'best-price' },
      el('span', { class: 'visually-hidden' }, 'Best price: '),
      el('strong', { class: 'amount' }, formatMoney(best.amount, best.currency)), converted,
      ' at ', store, `, ${availabilityText(best.availability)}`),
    shipping ? el('p', { class: 'shipping' }, shipping) : null,
    lowest && wish.lowest_price
      ? el('p', { class: 'lowest-ever' },
        lowest === 'lowest ever'
          ? lowest
          : `${lowest}: +${formatMoney(above ?? '0', userCurrency)} (lowest ${formatMoney(inUserCurrency(wish.lowest_price).amount, userCurrency)})`)
      : null,
    // Text, not colour alone, says the wish is under its max.
    wish.below_max_price && wish.max_price
      ? el('p', { class: 'under-max-badge' }, `Under your max of ${formatMoney(wish.max_price.amount, wish.max_price.currency)}`)
      : null);
}
