import type { ChannelMessage } from '../../application/alerts/ports/channel-sender.js';
import { previousPriceText, priceText, REASON_LABELS, reasonsInOrder } from './alert-reason-words.js';
import { asciiSafeHeaderValue, withoutControlCharacters } from './header-text.js';

/** ntfy's scale: 3 is its default, 4 "high" (a louder notification on phones). */
export const NTFY_PRIORITY = { high: '4', default: '3' } as const;

export interface NtfyMessage {
  headers: Record<string, string>;
  body: string;
}

/** A price at or under the user's own maximum is what they asked to hear about first: it rings louder. */
export function ntfyPriority(message: ChannelMessage): string {
  return reasonsInOrder(message)[0] === 'below_max_price' ? NTFY_PRIORITY.high : NTFY_PRIORITY.default;
}

export function ntfyTitle(message: ChannelMessage): string {
  return `Shelfwatch: ${message.book.title} at ${priceText(message)}`;
}

/** One line: the book, the price, the store, and every reason in words. */
export function ntfyBody(message: ChannelMessage): string {
  const reasons = reasonsInOrder(message).map((kind) => REASON_LABELS[kind]);
  const previous = previousPriceText(message);
  const line = `“${message.book.title}”: ${priceText(message)} at ${message.store.name} (${reasons.join(', ')}${previous ? `; ${previous}` : ''})`;
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

/** The store page, written as plain ASCII (a URL's own serialisation); left out when it is not a web address. */
function clickUrl(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}
