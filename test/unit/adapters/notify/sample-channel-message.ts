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
