import type { ChannelMessage } from '../../application/alerts/ports/channel-sender.js';
import { borrowText, isBorrowable, previousPriceText, priceText, REASON_LABELS, reasonsInOrder, storeName } from './alert-reason-words.js';
import { asciiSafeHeaderValue, withoutControlCharacters } from './header-text.js';

/** ntfy's scale: 3 is its default, 4 "high" (a louder notification on phones). */
export const NTFY_PRIORITY = { high: '4', default: '3' } as const;

export interface NtfyMessage {
  headers: Record<string, string>;
  body: string;
}

/** A price at or under what the user said they would pay (a max price, a default target) rings louder. */
export function ntfyPriority(message: ChannelMessage): string {
  const lead = reasonsInOrder(message)[0];
  return lead === 'below_max_price' || lead === 'below_target' ? NTFY_PRIORITY.high : NTFY_PRIORITY.default;
}

export function ntfyTitle(message: ChannelMessage): string {
  if (isBorrowable(message)) return `Shelfwatch: ${message.book.title} to borrow`;
  return `Shelfwatch: ${message.book.title} at ${priceText(message)}`;
}

/** One line: the book, the price, the store, and every reason in words (a `borrowable` alert: where to borrow it). */
export function ntfyBody(message: ChannelMessage): string {
  if (isBorrowable(message)) return withoutControlCharacters(borrowText(message));
  const reasons = reasonsInOrder(message).map((kind) => REASON_LABELS[kind]);
  const previous = previousPriceText(message);
  const line = `“${message.book.title}”: ${priceText(message)} at ${storeName(message)} (${reasons.join(', ')}${previous ? `; ${previous}` : ''})`;
  return withoutControlCharacters(line);
}

export function ntfyAlertMessage(message: ChannelMessage): NtfyMessage {
  const headers: Record<string, string> = {
    Title: asciiSafeHeaderValue(ntfyTitle(message)),
    Priority: ntfyPriority(message),
    Tags: 'books',
  };
  const click = clickUrl(message.url);
  if (click !== null) headers.Click = click;
  return { headers, body: ntfyBody(message) };
}

export function ntfyTestMessage(): NtfyMessage {
  return {
    headers: { Title: 'Shelfwatch: test message', Priority: NTFY_PRIORITY.default, Tags: 'books' },
    body: 'This is a test from Shelfwatch: alerts for your wishes will arrive on this topic.',
  };
}

/** The store page (the lender's for `borrowable`), written as plain ASCII (a URL's own serialisation); left out when it is not a web address. */
function clickUrl(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}
