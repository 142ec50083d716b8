// A `borrowable` alert on every channel: not a quote (no store, no price), so each format says where to borrow the
// book instead — the webhook with nulls where a price alert has its store and price, ntfy and e-mail in words.
import { describe, expect, it } from 'vitest';
import { alertEmail, digestEmail } from '../../../../src/adapters/notify/channel-email-text.js';
import { ntfyAlertMessage, ntfyPriority } from '../../../../src/adapters/notify/ntfy-message.js';
import { webhookAlertBody } from '../../../../src/adapters/notify/webhook-payload.js';
import { sampleBorrowableMessage, sampleChannelMessage } from './sample-channel-message.js';

const PAGE = 'https://openlibrary.org/books/OL7353617M/borrow';

describe('a borrowable alert', () => {
  it('is a webhook body with the alert as the API shows it, no store, and the page to borrow it at', () => {
    expect(webhookAlertBody(sampleBorrowableMessage())).toStrictEqual({
      event: 'alert',
      idempotency_key: 'shelfwatch-a42-c7',
      alert: {
        alert_id: 42,
        wish_id: 12,
        book_id: 5,
        edition_id: 9,
        store_id: null,
        alert_kind: 'borrowable',
        amount: null,
        currency: null,
        previous_amount: null,
        is_read: false,
        created_at: '2026-11-29T05:20:03.120Z',
      },
      reasons: ['borrowable'],
      book: { book_id: 5, book_original_title: 'Dune' },
      store: null,
      url: PAGE,
    });
  });

  it('is an ntfy notification saying where to borrow it, at the default priority, the page to click', () => {
    const message = sampleBorrowableMessage();
    expect(ntfyPriority(message)).toBe('3');
    expect(ntfyAlertMessage(message)).toEqual({
      headers: { Title: 'Shelfwatch: Dune to borrow', Priority: '3', Tags: 'books', Click: PAGE },
      body: `Borrow “Dune” as an e-book at Open Library: ${PAGE}`,
    });
  });

  it('is an e-mail saying where to borrow it, and why it came', () => {
    const email = alertEmail(sampleBorrowableMessage());
    expect(email.subject).toBe('“Dune” can now be borrowed as an e-book at Open Library');
    expect(email.text).toContain(`Borrow “Dune” as an e-book at Open Library: ${PAGE}`);
    expect(email.text).toContain('- it can now be borrowed as an e-book at Open Library');
    expect(email.text).not.toMatch(/null|Store page/);
  });

  it('is a line of the daily digest among price alerts, which then counts alerts, not price alerts', () => {
    const email = digestEmail([sampleChannelMessage(), sampleBorrowableMessage()], '2026-11-29');
    expect(email.subject).toBe('Shelfwatch: 2 alerts for 2026-11-29');
    expect(email.text).toContain('- “Dune”: 9.99 EUR at Paperback Palace (was 12.50 EUR)');
    expect(email.text).toContain(`- Borrow “Dune” as an e-book at Open Library\n  borrow as an e-book\n  ${PAGE}`);
    expect(digestEmail([sampleBorrowableMessage()], '2026-11-29').subject).toBe('Shelfwatch: 1 alert for 2026-11-29');
  });
});
