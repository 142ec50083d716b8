import { describe, expect, it } from 'vitest';
import { alertEmail, digestEmail, testEmail } from '../../../../src/adapters/notify/channel-email-text.js';
import { sampleChannelMessage } from './sample-channel-message.js';

describe('alert e-mail', () => {
  it('leads the subject with the most significant reason and names every reason in the body', () => {
    const message = sampleChannelMessage({ reasons: ['price_drop', 'new_lowest', 'below_max_price'] });
    const email = alertEmail(message);
    expect(email.subject).toBe('“Dune” is at or under your maximum price: 9.99 EUR at Paperback Palace');
    expect(email.text).toContain('“Dune” at Paperback Palace: 9.99 EUR (was 12.50 EUR).');
    expect(email.text).toContain('- it is at or under your maximum price\n- it is at its lowest price yet\n- it dropped in price');
    expect(email.text).toContain('Store page: https://paperback-palace.example/books/dune');
  });
});

describe('digest e-mail', () => {
  it('lists each message of the day in the order given', () => {
    const first = sampleChannelMessage();
    const second = sampleChannelMessage({
      book: { bookId: 6, title: 'Emma' },
      reasons: ['back_in_stock'],
      alert: { ...first.alert, kind: 'back_in_stock', previousAmount: null, amount: '4.00' },
      url: 'https://corner.example/emma',
    });
    const email = digestEmail([first, second], '2026-11-25');
    expect(email.subject).toBe('Shelfwatch: 2 price alerts for 2026-11-25');
    expect(email.text.indexOf('“Dune”')).toBeLessThan(email.text.indexOf('“Emma”'));
    expect(email.text).toContain('- “Dune”: 9.99 EUR at Paperback Palace (was 12.50 EUR)\n  at or under your price, price drop\n  https://paperback-palace.example/books/dune');
    expect(email.text).toContain('- “Emma”: 4.00 EUR at Paperback Palace\n  back in stock\n  https://corner.example/emma');
  });

  it('counts one alert in the singular', () => {
    expect(digestEmail([sampleChannelMessage()], '2026-11-25').subject).toBe('Shelfwatch: 1 price alert for 2026-11-25');
  });
});

describe('test e-mail', () => {
  it('says it is a test', () => {
    expect(testEmail().subject).toBe('Shelfwatch: test message');
    expect(testEmail().text).toMatch(/test/);
  });
});
