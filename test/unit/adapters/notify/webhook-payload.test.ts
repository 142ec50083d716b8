import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { webhookAlertBody, webhookSignature, webhookTestBody } from '../../../../src/adapters/notify/webhook-payload.js';
import { SAMPLE_WEBHOOK_BODY, sampleChannelMessage } from './sample-channel-message.js';

describe('webhook body', () => {
  it('carries the alert as the API presents it, every reason, the book, the store and the url', () => {
    expect(webhookAlertBody(sampleChannelMessage())).toStrictEqual(SAMPLE_WEBHOOK_BODY);
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
