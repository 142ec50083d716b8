import type { Alert } from '../../../src/domain/alerts/alert.js';
import { Money } from '../../../src/domain/shared/money.js';

/** An unread price drop on edition 1 at store 2. */
export function anAlert(overrides: Partial<Alert> = {}): Alert {
  return {
    id: 1,
    wishId: 1,
    bookId: 11,
    editionId: 1,
    storeId: 2,
    kind: 'price_drop',
    price: Money.parse('17.50', 'EUR'),
    previousPrice: Money.parse('18.90', 'EUR'),
    url: 'https://store.example/book/1',
    isRead: false,
    createdAt: new Date('2026-11-25T03:00:00Z'),
    ...overrides,
  };
}
