import type { ChannelMessage } from '../../application/alerts/ports/channel-sender.js';
import { borrowText, isBorrowable, LENDER_NAME, previousPriceText, priceText, REASON_LABELS, REASON_PHRASES, reasonsInOrder, storeName } from './alert-reason-words.js';

export interface EmailText {
  subject: string;
  text: string;
}

const FOOTER = 'You receive this because this address is one of your Shelfwatch alert channels.';

/** One alert: the subject leads with the most significant reason, the body names every one. */
export function alertEmail(message: ChannelMessage): EmailText {
  const reasons = reasonsInOrder(message);
  const title = `“${message.book.title}”`;
  if (isBorrowable(message)) {
    return {
      subject: `${title} ${REASON_PHRASES.borrowable}`,
      text: [`${borrowText(message)}`, '', 'Why you get this:', `- it ${REASON_PHRASES.borrowable}`, '', FOOTER].join('\n'),
    };
  }
  const previous = previousPriceText(message);
  return {
    subject: `${title} ${REASON_PHRASES[reasons[0]!]}: ${priceText(message)} at ${storeName(message)}`,
    text: [
      `${title} at ${storeName(message)}: ${priceText(message)}${previous ? ` (${previous})` : ''}.`,
      '',
      'Why you get this:',
      ...reasons.map((kind) => `- it ${REASON_PHRASES[kind]}`),
      '',
      `Store page: ${message.url}`,
      '',
      FOOTER,
    ].join('\n'),
  };
}

/** A day's alerts in one e-mail, in the order given (oldest first). */
export function digestEmail(messages: readonly ChannelMessage[], day: string): EmailText {
  // "price alerts" while every one is about a price; a day with a book to borrow has "alerts".
  const noun = messages.some(isBorrowable) ? 'alert' : 'price alert';
  const count = messages.length === 1 ? `1 ${noun}` : `${messages.length} ${noun}s`;
  const entries = messages.flatMap((message) => {
    const reasons = reasonsInOrder(message).map((kind) => REASON_LABELS[kind]);
    if (isBorrowable(message)) return [`- Borrow “${message.book.title}” as an e-book at ${LENDER_NAME}`, `  ${reasons.join(', ')}`, `  ${message.url}`];
    const previous = previousPriceText(message);
    return [
      `- “${message.book.title}”: ${priceText(message)} at ${storeName(message)}${previous ? ` (${previous})` : ''}`,
      `  ${reasons.join(', ')}`,
      `  ${message.url}`,
    ];
  });
  return {
    subject: `Shelfwatch: ${count} for ${day}`,
    text: [`Your Shelfwatch alerts for ${day}:`, '', ...entries, '', FOOTER].join('\n'),
  };
}

export function testEmail(): EmailText {
  return {
    subject: 'Shelfwatch: test message',
    text: ['This is a test from Shelfwatch: alerts for your wishes will be sent to this address.', '', FOOTER].join('\n'),
  };
}
