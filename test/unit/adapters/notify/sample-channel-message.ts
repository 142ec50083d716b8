// A channel message as the application hands it to a sender, for the notify adapter tests.
import type { ChannelMessage } from '../../../../src/application/alerts/ports/channel-sender.js';

export function sampleChannelMessage(overrides: Partial<ChannelMessage> = {}): ChannelMessage {
  return {
    idempotencyKey: 'alert-41-channel-7',
    alert: {
      alertId: 41,
      wishId: 12,
      bookId: 5,
      editionId: 9,
      storeId: 3,
      kind: 'below_max_price',
      amount: '9.99',
      currency: 'EUR',
      previousAmount: '12.50',
      isRead: false,
      createdAt: new Date('2026-11-25T08:30:00.120Z'),
    },
    reasons: ['below_max_price', 'price_drop'],
    book: { bookId: 5, title: 'Dune' },
    store: { storeId: 3, name: 'Paperback Palace' },
    url: 'https://paperback-palace.example/books/dune',
    ...overrides,
  };
}

/** The webhook body of sampleChannelMessage(), written out by hand as a receiver would read it. */
export const SAMPLE_WEBHOOK_BODY = {
    event: 'alert',
    idempotency_key: 'alert-41-channel-7',
    alert: {
      alert_id: 41,
      wish_id: 12,
      book_id: 5,
      edition_id: 9,
      store_id: 3,
      alert_kind: 'below_max_price',
      amount: '9.99',
      currency: 'EUR',
      previous_amount: '12.50',
      is_read: false,
      created_at: '2026-11-25T08:30:00.120Z',
    },
    reasons: ['below_max_price', 'price_drop'],
    book: { book_id: 5, book_original_title: 'Dune' },
    store: { store_id: 3, store_name: 'Paperback Palace' },
    url: 'https://paperback-palace.example/books/dune',
  };

/** A `borrowable` alert's message: no store, no price, the lender's page to borrow the book. */
export function sampleBorrowableMessage(overrides: Partial<ChannelMessage> = {}): ChannelMessage {
  return {
    idempotencyKey: 'shelfwatch-a42-c7',
    alert: {
      alertId: 42,
      wishId: 12,
      bookId: 5,
      editionId: 9,
      storeId: null,
      kind: 'borrowable',
      amount: null,
      currency: null,
      previousAmount: null,
      isRead: false,
      createdAt: new Date('2026-11-29T05:20:03.120Z'),
    },
    reasons: ['borrowable'],
    book: { bookId: 5, title: 'Dune' },
    store: null,
    url: 'https://openlibrary.org/books/OL7353617M/borrow',
    ...overrides,
  };
}
