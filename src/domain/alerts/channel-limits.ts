import { ConflictError } from '../shared/domain-error.js';
import type { ChannelDelivery, ChannelKind } from './channel.js';

/**
 * Channels one user may have. Enough for every device and service of a household member; more only multiplies what
 * one price change sends out (the probe's 300 webhooks of one user). The default e-mail channel that `alert_email`
 * turns on counts too, but is never refused.
 */
export const CHANNELS_PER_USER_MAX = 10;

/**
 * Immediate channel messages one user's channels are sent per minute, all channels together. More wait for a free
 * slot (they are delivered later, never dropped); a daily digest is one message.
 */
export const CHANNEL_MESSAGES_PER_MINUTE = 20;

export class ChannelLimitReached extends ConflictError {
  constructor() {
    super(`A user may have at most ${CHANNELS_PER_USER_MAX} alert channels: delete one before adding another`);
  }
}

/** The part of a channel that says who receives its messages. */
export interface ChannelReceiver {
  channelId: number;
  kind: ChannelKind;
  /** The URL of a webhook or ntfy channel; the address of an e-mail channel (null: the account's); undefined: unknown. */
  target?: string | null;
  delivery: ChannelDelivery;
}

/**
 * Who receives a channel's messages, as a key: channels of one user with the same key get one message per quote.
 * - webhook, ntfy: the server — kind, scheme, host and port of the URL. Several webhooks on one host are one service
 *   told the same thing several times (the fan-out the probe found), several ntfy topics on one server are read by
 *   the same apps (a topic reaches every device subscribed to it); a webhook and an ntfy server behind one host name
 *   are two services, each told once.
 * - e-mail: the address (case-insensitively; the account's when the channel names none) and the delivery, since the
 *   e-mails go through the operator's mail server, and one domain is many people.
 */
export function receiverOf(channel: ChannelReceiver): string {
  if (channel.target === undefined) return `channel:${channel.channelId}`;
  if (channel.kind === 'email') return `email:${channel.delivery}:${(channel.target ?? '').trim().toLowerCase()}`;
  try {
    const url = new URL(channel.target ?? '');
    const port = url.port || (url.protocol === 'https:' ? '443' : '80');
    return `${channel.kind}:${url.protocol}//${url.hostname}:${port}`;
  } catch {
    return `channel:${channel.channelId}`;
  }
}

/**
 * A sliding minute per user: `take` answers 0 and counts the message when the user has had fewer than `perWindow`
 * messages in the last `windowMs`, else how many milliseconds until a slot frees (nothing is counted then). Pure:
 * the caller passes the time.
 */
export class DeliveryRate {
  private readonly sent = new Map<number, number[]>();
  private nextSweepAt = 0;

  constructor(
    private readonly perWindow: number = CHANNEL_MESSAGES_PER_MINUTE,
    private readonly windowMs: number = 60_000,
  ) {}

  take(userId: number, nowMs: number): number {
    this.sweep(nowMs);
    const times = (this.sent.get(userId) ?? []).filter((at) => at > nowMs - this.windowMs);
    if (times.length >= this.perWindow) {
      this.sent.set(userId, times);
      return times[0]! + this.windowMs - nowMs;
    }
    times.push(nowMs);
    this.sent.set(userId, times);
    return 0;
  }

  /** Users with a message in the window (for tests: the map does not grow with every user ever seen). */
  trackedUsers(): number {
    return this.sent.size;
  }

  private sweep(nowMs: number): void {
    if (nowMs < this.nextSweepAt) return;
    this.nextSweepAt = nowMs + this.windowMs;
    for (const [userId, times] of this.sent) if ((times.at(-1) ?? 0) <= nowMs - this.windowMs) this.sent.delete(userId);
  }
}
