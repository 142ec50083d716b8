import type { ChannelMessage } from '../../application/alerts/ports/channel-sender.js';
import type { AlertKind } from '../../domain/alerts/alert.js';
import { ALERT_SIGNIFICANCE } from '../../domain/alerts/channel.js';

/** Each reason as the end of a sentence about the book ("“Dune” is at its lowest price yet"). */
export const REASON_PHRASES: Record<AlertKind, string> = {
  below_max_price: 'is at or under your maximum price',
  new_lowest: 'is at its lowest price yet',
  price_drop: 'dropped in price',
  back_in_stock: 'is back in stock',
};

/** Each reason in a word or two, for short lines. */
export const REASON_LABELS: Record<AlertKind, string> = {
  below_max_price: 'at or under your price',
  new_lowest: 'lowest price yet',
  price_drop: 'price drop',
  back_in_stock: 'back in stock',
};

/** The message's reasons, most significant first, each once. */
export function reasonsInOrder(message: ChannelMessage): AlertKind[] {
  return ALERT_SIGNIFICANCE.filter((kind) => message.reasons.includes(kind) || message.alert.kind === kind);
}

/** "9.99 EUR", the amount as the API writes it. */
export function priceText(message: ChannelMessage): string {
  return `${message.alert.amount} ${message.alert.currency}`;
}

/** "was 12.99 EUR" for a drop, when the earlier price is known. */
export function previousPriceText(message: ChannelMessage): string | null {
  return message.alert.previousAmount === null ? null : `was ${message.alert.previousAmount} ${message.alert.currency}`;
}
