import type { ServiceIdentifier } from 'inversify';
import type { AlertKind } from '../../../domain/alerts/alert.js';
import type { ChannelKind } from '../../../domain/alerts/channel.js';

/**
 * An alert as the API shows it (the alert fields of the user's alert resource); a `borrowable` alert has no store and
 * no price (null), and its edition is null when the lent one is not known.
 */
export interface AlertPayload {
  alertId: number;
  wishId: number;
  bookId: number;
  editionId: number | null;
  storeId: number | null;
  kind: AlertKind;
  amount: string | null;
  currency: string | null;
  previousAmount: string | null;
  isRead: boolean;
  createdAt: Date;
}

/**
 * One message per new quote per wish: the quote's most significant alert, every reason it raised, and what a reader
 * needs to act. `idempotencyKey` is the same on every attempt of the same message to the same channel, so a
 * receiver can drop a repeat. A `borrowable` alert is a message of its own: `reasons` is `['borrowable']`, no store.
 */
export interface ChannelMessage {
  idempotencyKey: string;
  alert: AlertPayload;
  reasons: AlertKind[];
  book: { bookId: number; title: string };
  /** Null for `borrowable`. */
  store: { storeId: number; name: string } | null;
  /** The edition's page at the store; for `borrowable`, the lender's page to borrow the book. */
  url: string;
}

/** Where to send: the address or URL resolved for this delivery (an e-mail channel's default is the account's). */
export interface ChannelDestination {
  kind: ChannelKind;
  /** An e-mail address for `email`, an http(s) URL for `webhook` and `ntfy`. */
  target: string;
  /** A webhook's signing secret; null for the other kinds. */
  secret: string | null;
}

/** A delivery that did not happen; `retryable` when trying again later may succeed (5xx, timeout, refused connection). */
export class ChannelDeliveryFailed extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'ChannelDeliveryFailed';
  }
}

/**
 * Sends to one channel; resolves when the receiver accepted (any 2xx, the mail server's OK), rejects with a
 * ChannelDeliveryFailed otherwise. Never follows a URL to a loopback, private, link-local or metadata address
 * unless the operator allowed private targets.
 */
export interface ChannelSender {
  send(destination: ChannelDestination, message: ChannelMessage): Promise<void>;
  /** One e-mail with a day's messages, oldest first. */
  sendDigest(destination: ChannelDestination, messages: readonly ChannelMessage[], day: string): Promise<void>;
  /** The channel's test action: a short message that says it is a test. */
  sendTest(destination: ChannelDestination): Promise<void>;
}
export const ChannelSender = Symbol.for('ChannelSender') as ServiceIdentifier<ChannelSender>;
