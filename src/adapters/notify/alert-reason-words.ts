import type { ChannelMessage } from '../../application/alerts/ports/channel-sender.js';
import type { AlertKind } from '../../domain/alerts/alert.js';
import { ALERT_SIGNIFICANCE } from '../../domain/alerts/channel.js';

/** Who lends the e-book of a `borrowable` alert (the lending source of docs/borrowing.md; the web UI names it too). */
export const LENDER_NAME = 'Open Library';

/** Each reason as the end of a sentence about the book ("“Dune” is at its lowest price yet"). */
export const REASON_PHRASES: Record<AlertKind, string> = {
  below_max_price: 'is at or under your maximum price',
  new_lowest: 'is at its lowest price yet',
  price_drop: 'dropped in price',
  back_in_stock: 'is back in stock',
  percent_drop: 'dropped in price by your percentage or more',
  lowest_in_days: 'is at its lowest price in the days you chose',
  below_target: 'is at or under your target price',
  borrowable: `can now be borrowed as an e-book at ${LENDER_NAME}`,
};

/** Each reason in a word or two, for short lines. */
export const REASON_LABELS: Record<AlertKind, string> = {
  below_max_price: 'at or under your price',
  new_lowest: 'lowest price yet',
  price_drop: 'price drop',
  back_in_stock: 'back in stock',
  percent_drop: 'big price drop',
  lowest_in_days: 'lowest in your days',
  below_target: 'at or under your target',
  borrowable: 'borrow as an e-book',
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

/** A `borrowable` alert: no store and no price, a page to borrow the book at instead. */
export function isBorrowable(message: ChannelMessage): boolean {
  return message.alert.kind === 'borrowable';
}

/** "Borrow “Dune” as an e-book at Open Library: https://…", the whole news of a `borrowable` alert in one line. */
export function borrowText(message: ChannelMessage): string {
  return `Borrow “${message.book.title}” as an e-book at ${LENDER_NAME}: ${message.url}`;
}

/** The store's name; an alert without a store (`borrowable`) never asks for it. */
export function storeName(message: ChannelMessage): string {
  return message.store?.name ?? '';
}
