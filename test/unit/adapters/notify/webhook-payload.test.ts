import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { webhookAlertBody, webhookSignature, webhookTestBody } from '../../../../src/adapters/notify/webhook-payload.js';
import { sampleChannelMessage } from './sample-channel-message.js';

describe('webhook body', () => {
  it('carries the alert as the API presents it, every reason, the book, the store and the url', () => {
    expect(webhookAlertBody(sampleChannelMessage())).toStrictEqual({
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
    });
  });

  it('writes an unknown previous price as null', () => {
    const message = sampleChannelMessage();
    const body = webhookAlertBody({ ...message, alert: { ...message.alert, kind: 'back_in_stock', previousAmount: null }, reasons: ['back_in_stock'] });
    expect(body.alert.previous_amount).toBeNull();
    expect(body.alert.alert_kind).toBe('back_in_stock');
  });

  it('a test message says it is one', () => {
    expect(webhookTestBody('test-1')).toMatchObject({ event: 'test', idempotency_key: 'test-1', message: expect.stringMatching(/test/) });
  });
});

describe('webhook signature', () => {
  it('is sha256= and the hex HMAC-SHA256 of the raw body with the secret', () => {
    // The published HMAC-SHA256 example: key "key", this sentence.
    expect(webhookSignature('The quick brown fox jumps over the lazy dog', 'key')).toBe(
      'sha256=f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8',
    );
  });

  it('covers the bytes of a non-ASCII body, not its characters', () => {
    const body = JSON.stringify({ title: 'Ωmega – “quoted”' });
    expect(webhookSignature(body, 's3cret')).toBe(`sha256=${createHmac('sha256', 's3cret').update(Buffer.from(body, 'utf8')).digest('hex')}`);
  });
});
