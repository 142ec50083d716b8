import type { AlertKind } from './alert.js';
import { ALERT_SIGNIFICANCE, channelTakes } from './channel.js';
import { receiverOf } from './channel-limits.js';
import type { ChannelDelivery, ChannelKind } from './channel.js';

/**
 * An alert just raised, with what a message about it needs: by a new quote (a price kind), or by the lending check
 * (`borrowable`: no quote, store or price, so those are null, and `url` is the lender's page to borrow the book).
 */
export interface RaisedAlert {
  alertId: number;
  userId: number;
  wishId: number;
  /** The quote that raised it; null for `borrowable`. */
  quoteId: number | null;
  bookId: number;
  bookTitle: string;
  /** For `borrowable`, the edition the lender lends when it is one of the book's, else null. */
  editionId: number | null;
  storeId: number | null;
  storeName: string | null;
  kind: AlertKind;
  amount: string | null;
  currency: string | null;
  previousAmount: string | null;
  /** The wish's max price when the alert is about it, else null. */
  threshold: string | null;
  url: string;
  createdAt: Date;
}

/** The part of a channel that decides whether and how it gets a message. */
export interface ChannelRoute {
  channelId: number;
  userId: number;
  kind: ChannelKind;
  alertKinds: readonly AlertKind[];
  delivery: ChannelDelivery;
  /**
   * The URL of a webhook or ntfy channel, the address of an e-mail channel (null: the account's); left out, the
   * channel is taken for a receiver of its own.
   */
  target?: string | null;
}

/** One message for one channel: about one new quote of one wish, led by its most significant alert. */
export interface PlannedMessage {
  channelId: number;
  userId: number;
  kind: ChannelKind;
  delivery: ChannelDelivery;
  /** The same for every attempt of this message to this channel. */
  idempotencyKey: string;
  /** The most significant of the quote's alerts that the channel takes. */
  lead: RaisedAlert;
  /** Every kind the quote raised for the wish, most significant first. */
  reasons: AlertKind[];
}

/**
 * One message per new quote per wish, to every enabled channel of the wish's owner that takes at least one of the
 * kinds the quote raised: a quote that is at once below the max price, a drop and a new lowest is one message with
 * three reasons, not three. The message leads with the most significant kind the channel takes, and names every
 * reason the quote raised. Channels of one user with the same receiver (`receiverOf`: a webhook or ntfy server, an
 * e-mail address) get one message per quote: the oldest of them that takes one of the kinds raised. A channel takes
 * the kinds it names and those that belong with them (channelTakes, channel.ts). An alert without a quote
 * (`borrowable`) is one message of its own, its kind its one reason.
 */
export function planChannelMessages(alerts: readonly RaisedAlert[], channels: readonly ChannelRoute[]): PlannedMessage[] {
  const byQuoteAndWish = new Map<string, RaisedAlert[]>();
  for (const alert of alerts) {
    const key = messageKeyOf(alert);
    byQuoteAndWish.set(key, [...(byQuoteAndWish.get(key) ?? []), alert]);
  }
  const planned: PlannedMessage[] = [];
  for (const raised of byQuoteAndWish.values()) {
    const first = raised[0]!;
    const reasons = ALERT_SIGNIFICANCE.filter((kind) => raised.some((a) => a.kind === kind));
    const receivers = new Set<string>();
    for (const channel of [...channels].sort((a, b) => a.channelId - b.channelId)) {
      if (channel.userId !== first.userId) continue;
      const leadKind = reasons.find((kind) => channelTakes(channel.alertKinds, kind));
      if (leadKind === undefined) continue;
      const receiver = receiverOf(channel);
      if (receivers.has(receiver)) continue;
      receivers.add(receiver);
      planned.push({
        channelId: channel.channelId,
        userId: channel.userId,
        kind: channel.kind,
        delivery: channel.delivery,
        idempotencyKey: `shelfwatch-${messageKeyOf(first)}-c${channel.channelId}`,
        lead: raised.find((a) => a.kind === leadKind)!,
        reasons,
      });
    }
  }
  return planned;
}

/** What one message is about: a quote for a wish (`q2045-w12`), or an alert raised without a quote (`a41`). */
function messageKeyOf(alert: RaisedAlert): string {
  return alert.quoteId === null ? `a${alert.alertId}` : `q${alert.quoteId}-w${alert.wishId}`;
}
