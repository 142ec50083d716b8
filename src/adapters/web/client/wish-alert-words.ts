// Pure: a wish's own alert settings (issue 27) and the account's defaults they fall back to, in words. No DOM here,
// so it is unit-tested under Node.

import { formatMoney } from './money.js';

/** A wish's own settings as the API gives them; null follows the account's default. */
export interface WishAlertSettings {
  alert_drop_percent: number | null;
  alert_lowest_days: number | null;
}

export type DefaultTarget = { max_price: { amount: string; currency: string } } | { discount_percent: number } | null;

/** The account's defaults, as `GET /api/user/preferences` gives them; null is off. */
export interface AlertDefaults extends WishAlertSettings {
  default_target: DefaultTarget;
}

/** The windows the API takes for `alert_lowest_days`. */
export const LOWEST_DAYS = [30, 90, 365] as const;

const dropWords = (percent: number) => `${percent} % drop`;
const lowestWords = (days: number) => `lowest of ${days} days`;

/** What the wish sets itself, short enough for a row: "account defaults", "15 % drop", "15 % drop, lowest of 90 days". */
export function ownAlertsText(wish: WishAlertSettings): string {
  const own = [
    wish.alert_drop_percent === null ? null : dropWords(wish.alert_drop_percent),
    wish.alert_lowest_days === null ? null : lowestWords(wish.alert_lowest_days),
  ].filter((words): words is string => words !== null);
  return own.length ? own.join(', ') : 'account defaults';
}

/** What an empty percentage means: "empty: the account default (20 %)", "... (off)"; unknown until loaded. */
export function dropDefaultText(defaults: AlertDefaults | null): string {
  if (defaults === null) return 'empty: the account default';
  return `empty: the account default (${defaults.alert_drop_percent === null ? 'off' : `${defaults.alert_drop_percent} %`})`;
}

/** The select's first option (the value null): "Account default (30 days)", "Account default (off)". */
export function lowestDefaultOption(defaults: AlertDefaults | null): string {
  if (defaults === null) return 'Account default';
  return `Account default (${defaults.alert_lowest_days === null ? 'off' : `${defaults.alert_lowest_days} days`})`;
}

/** The account's default target, which a wish meets only while it has no max price of its own; null when none. */
export function defaultTargetText(defaults: AlertDefaults | null): string | null {
  const target = defaults?.default_target ?? null;
  if (target === null) return null;
  const what = 'max_price' in target
    ? formatMoney(target.max_price.amount, target.max_price.currency)
    : target.discount_percent === 0
      ? 'at or under the lowest price ever'
      : `${target.discount_percent} % under the lowest price ever`;
  return `Your default target (${what}) applies while a wish has no max price of its own.`;
}
