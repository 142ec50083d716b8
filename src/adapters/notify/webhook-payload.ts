import { createHmac } from 'node:crypto';
import type { AlertPayload, ChannelMessage } from '../../application/alerts/ports/channel-sender.js';
import type { AlertKind } from '../../domain/alerts/alert.js';
import { isoTimestamp } from '../kits/http/routing/iso-timestamp.js';

/**
 * The alert as the API presents it: snake_case fields, amounts as decimal strings, an ISO timestamp. A `borrowable`
 * alert has no store and no price (null), and its edition is null when the lent one is not known.
 */
export interface AlertJson {
  alert_id: number;
  wish_id: number;
  book_id: number;
  edition_id: number | null;
  store_id: number | null;
  alert_kind: AlertKind;
  amount: string | null;
  currency: string | null;
  previous_amount: string | null;
  is_read: boolean;
  created_at: string;
}

export interface WebhookAlertBody {
  event: 'alert';
  idempotency_key: string;
  alert: AlertJson;
  reasons: AlertKind[];
  book: { book_id: number; book_original_title: string };
  /** Null for `borrowable`. */
  store: { store_id: number; store_name: string } | null;
  /** The edition's page at the store; for `borrowable`, the lender's page to borrow the book. */
  url: string;
}

/** What a channel's test action sends: a receiver tells it from an alert by `event`. */
export interface WebhookTestBody {
  event: 'test';
  idempotency_key: string;
  message: string;
}

export function alertJson(alert: AlertPayload): AlertJson {
  return {
    alert_id: alert.alertId,
    wish_id: alert.wishId,
    book_id: alert.bookId,
    edition_id: alert.editionId,
    store_id: alert.storeId,
    alert_kind: alert.kind,
    amount: alert.amount,
    currency: alert.currency,
    previous_amount: alert.previousAmount,
    is_read: alert.isRead,
    created_at: isoTimestamp(alert.createdAt),
  };
}

export function webhookAlertBody(message: ChannelMessage): WebhookAlertBody {
  return {
    event: 'alert',
    idempotency_key: message.idempotencyKey,
    alert: alertJson(message.alert),
    reasons: [...message.reasons],
    book: { book_id: message.book.bookId, book_original_title: message.book.title },
    store: message.store === null ? null : { store_id: message.store.storeId, store_name: message.store.name },
    url: message.url,
  };
}

export function webhookTestBody(idempotencyKey: string): WebhookTestBody {
  return {
    event: 'test',
    idempotency_key: idempotencyKey,
    message: 'This is a test from Shelfwatch: alerts for your wishes will be sent to this URL.',
  };
}

/** `sha256=<hex>`: HMAC-SHA256 of the exact bytes sent, keyed with the channel's secret. */
export function webhookSignature(rawBody: string | Buffer, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;
}
