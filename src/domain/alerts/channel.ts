import type { AlertKind } from './alert.js';

/** Where a user's alerts go besides the app: an e-mail address, a webhook receiver, an ntfy topic. */
export const CHANNEL_KINDS = ['email', 'webhook', 'ntfy'] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];

/** `daily_digest` gathers a day's messages into one e-mail; only e-mail channels may ask for it. */
export const CHANNEL_DELIVERIES = ['immediate', 'daily_digest'] as const;
export type ChannelDelivery = (typeof CHANNEL_DELIVERIES)[number];

/**
 * The order in which one quote's reasons matter to a reader: their own max price first, then a price never seen
 * before, then a drop, then stock coming back. A channel's one message per quote leads with the first of these.
 */
export const ALERT_SIGNIFICANCE: readonly AlertKind[] = ['below_max_price', 'new_lowest', 'price_drop', 'back_in_stock'];
