import type { AlertKind } from './alert.js';

/** Where a user's alerts go besides the app: an e-mail address, a webhook receiver, an ntfy topic. */
export const CHANNEL_KINDS = ['email', 'webhook', 'ntfy'] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];

/** `daily_digest` gathers a day's messages into one e-mail; only e-mail channels may ask for it. */
export const CHANNEL_DELIVERIES = ['immediate', 'daily_digest'] as const;
export type ChannelDelivery = (typeof CHANNEL_DELIVERIES)[number];

/**
 * The order in which one quote's reasons matter to a reader: a price they said they would pay (the wish's own max
 * price, then the account's default target), then a low (never seen before, then not in the last N days), then a
 * drop (by their percentage, then any), then stock coming back. A channel's one message per quote leads with the
 * first of these it takes. A later kind takes its place in this list (ALERT_KINDS holds every kind once).
 * `borrowable` comes last: it is never a quote's reason (the lending check raises it, one message of its own), so its
 * place orders only lists of kinds, where the ways to buy come first and the way not to buy after them.
 */
export const ALERT_SIGNIFICANCE: readonly AlertKind[] = [
  'below_max_price',
  'below_target',
  'new_lowest',
  'lowest_in_days',
  'percent_drop',
  'price_drop',
  'back_in_stock',
  'borrowable',
];

/**
 * The specified kind each newer kind belongs with: a channel that takes the specified kind takes these too, so a
 * channel made with the default kinds (the specified four) carries the alerts a reader turns on later, while a
 * channel may also take a newer kind alone (only drops of the reader's percentage, say). A later kind may belong
 * with one, or stand alone (then only a channel naming it takes it).
 *
 * `borrowable` stands alone: it is raised for every monitored wish without any setting, so belonging with a default
 * kind would start sending a new kind of message to every existing channel unasked; a channel that names it takes
 * it (the in-app alert comes either way).
 */
export const BELONGS_WITH: Readonly<Partial<Record<AlertKind, AlertKind>>> = Object.freeze({
  below_target: 'below_max_price',
  lowest_in_days: 'new_lowest',
  percent_drop: 'price_drop',
});

/** Whether a channel taking `channelKinds` carries an alert of `kind`. */
export function channelTakes(channelKinds: readonly AlertKind[], kind: AlertKind): boolean {
  const broader = BELONGS_WITH[kind];
  return channelKinds.includes(kind) || (broader !== undefined && channelKinds.includes(broader));
}
