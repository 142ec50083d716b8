import { describe, expect, it } from 'vitest';
import { ntfyAlertMessage, ntfyBody, ntfyPriority, ntfyTestMessage, ntfyTitle } from '../../../../src/adapters/notify/ntfy-message.js';
import type { AlertKind } from '../../../../src/domain/alerts/alert.js';
import { decodeEncodedWords } from '../../../support/smtp-test-server.js';
import { sampleChannelMessage } from './sample-channel-message.js';

const withReasons = (reasons: AlertKind[]) => {
  const message = sampleChannelMessage({ reasons });
  return { ...message, alert: { ...message.alert, kind: reasons[0]! } };
};

describe('ntfy priority', () => {
  it('is high (4) when the price is at or under the wish maximum', () => {
    expect(ntfyPriority(withReasons(['below_max_price']))).toBe('4');
    expect(ntfyPriority(withReasons(['below_max_price', 'new_lowest', 'price_drop']))).toBe('4');
  });

  it('is high (4) too when the price is at or under the account’s default target', () => {
    expect(ntfyPriority(withReasons(['below_target', 'lowest_in_days']))).toBe('4');
  });

  it('is the default (3) for the other reasons', () => {
    for (const reasons of [['new_lowest'], ['price_drop'], ['back_in_stock'], ['new_lowest', 'price_drop'], ['percent_drop'], ['lowest_in_days']] as AlertKind[][]) {
      expect(ntfyPriority(withReasons(reasons))).toBe('3');
    }
  });
});

describe('ntfy message', () => {
  it('titles the book and the price', () => {
    expect(ntfyTitle(sampleChannelMessage())).toBe('Shelfwatch: Dune at 9.99 EUR');
  });

  it('says the book, price, store and every reason in one line', () => {
    const body = ntfyBody(withReasons(['below_max_price', 'new_lowest', 'price_drop']));
    expect(body).toBe('“Dune”: 9.99 EUR at Paperback Palace (at or under your price, lowest price yet, price drop; was 12.50 EUR)');
    expect(body).not.toContain('\n');
  });

  it('sends ASCII-safe headers, the title encoded when it is not ASCII, and the store page to click', () => {
    const message = sampleChannelMessage({ book: { bookId: 5, title: 'Les Misérables' } });
    const { headers } = ntfyAlertMessage(message);
    expect(headers.Title).toMatch(/^=\?UTF-8\?B\?/);
    expect(decodeEncodedWords(headers.Title!)).toBe('Shelfwatch: Les Misérables at 9.99 EUR');
    expect(headers.Priority).toBe('4');
    expect(headers.Click).toBe('https://paperback-palace.example/books/dune');
    for (const value of Object.values(headers)) expect(value).toMatch(/^[\x20-\x7e]*$/);
  });

  it('leaves out a link that is not a web address', () => {
    expect(ntfyAlertMessage(sampleChannelMessage({ url: 'javascript:alert(1)' })).headers.Click).toBeUndefined();
  });

  it('a test message says it is one', () => {
    const test = ntfyTestMessage();
    expect(test.headers.Title).toBe('Shelfwatch: test message');
    expect(test.body).toMatch(/test/);
  });
});
