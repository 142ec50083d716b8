// E-mail delivery through a real local SMTP server: the immediate alert, the day's digest, the test message, and
// what happens when e-mail is not configured or the server is down.
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EmailChannelSender } from '../../../src/adapters/notify/email-channel-sender.js';
import { ChannelDeliveryFailed, type ChannelDestination } from '../../../src/application/alerts/ports/channel-sender.js';
import { type ReceivedMail, type SmtpTestServer, startSmtpTestServer } from '../../support/smtp-test-server.js';
import { sampleChannelMessage } from '../../unit/adapters/notify/sample-channel-message.js';
import { closedPort } from './channel-receiver.js';

const FROM = 'Shelfwatch Alerts <alerts@shelfwatch.test>';
const reader: ChannelDestination = { kind: 'email', target: 'reader@example.test', secret: null };

let smtp: SmtpTestServer;
let sender: EmailChannelSender;

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  sender = new EmailChannelSender(smtp.url, FROM);
});
afterAll(() => smtp.close());
beforeEach(() => {
  smtp.messages.length = 0;
});

/** The text body of a single-part message, its transfer encoding undone. */
function bodyText(mail: ReceivedMail): string {
  const split = mail.raw.search(/\r?\n\r?\n/);
  const body = mail.raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const encoding = (mail.headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  const bytes =
    encoding === 'quoted-printable'
      ? Buffer.from(
          body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        )
      : encoding === 'base64'
        ? Buffer.from(body, 'base64')
        : Buffer.from(body, 'utf8');
  return bytes.toString('utf8').replace(/\r\n/g, '\n');
}

describe('e-mail channel', () => {
  it('sends one alert, its subject leading with the main reason and its body naming every reason', async () => {
    await sender.send(reader, sampleChannelMessage({ reasons: ['below_max_price', 'new_lowest', 'price_drop'] }));
    expect(smtp.messages).toHaveLength(1);
    const [mail] = smtp.messages;
    expect(mail!.envelopeTo).toEqual(['reader@example.test']);
    expect(mail!.headers.from).toBe(FROM);
    expect(mail!.subject).toBe('“Dune” is at or under your maximum price: 9.99 EUR at Paperback Palace');
    const text = bodyText(mail!);
    expect(text).toContain('- it is at or under your maximum price');
    expect(text).toContain('- it is at its lowest price yet');
    expect(text).toContain('- it dropped in price');
    expect(text).toContain('https://paperback-palace.example/books/dune');
  });

  it('sends a day of alerts as one digest, oldest first', async () => {
    const dune = sampleChannelMessage();
    const emma = sampleChannelMessage({
      book: { bookId: 6, title: 'Emma' },
      reasons: ['back_in_stock'],
      alert: { ...dune.alert, kind: 'back_in_stock', previousAmount: null },
    });
    await sender.sendDigest(reader, [dune, emma], '2026-11-25');
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]!.subject).toBe('Shelfwatch: 2 price alerts for 2026-11-25');
    const text = bodyText(smtp.messages[0]!);
    expect(text.indexOf('“Dune”')).toBeGreaterThan(0);
    expect(text.indexOf('“Emma”')).toBeGreaterThan(text.indexOf('“Dune”'));
    expect(text).toContain('back in stock');
  });

  it('sends nothing for a day without alerts', async () => {
    await sender.sendDigest(reader, [], '2026-11-25');
    expect(smtp.messages).toHaveLength(0);
  });

  it('sends a short test message', async () => {
    await sender.sendTest(reader);
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]!.subject).toBe('Shelfwatch: test message');
    expect(bodyText(smtp.messages[0]!)).toMatch(/This is a test from Shelfwatch/);
  });

  it('fails for good, saying so, when e-mail is not configured', async () => {
    const unconfigured = new EmailChannelSender(null, FROM);
    for (const attempt of [unconfigured.send(reader, sampleChannelMessage()), unconfigured.sendTest(reader), unconfigured.sendDigest(reader, [sampleChannelMessage()], '2026-11-25')]) {
      await expect(attempt).rejects.toBeInstanceOf(ChannelDeliveryFailed);
      await expect(attempt).rejects.toMatchObject({ retryable: false, message: 'e-mail is not configured (SMTP_URL)' });
    }
  });

  it('fails to be retried later when the mail server is down', async () => {
    const down = new EmailChannelSender(`smtp://127.0.0.1:${await closedPort()}`, FROM);
    const attempt = down.send(reader, sampleChannelMessage());
    await expect(attempt).rejects.toBeInstanceOf(ChannelDeliveryFailed);
    await expect(attempt).rejects.toMatchObject({ retryable: true });
  });

  it('fails for good when the mail server refuses the recipient permanently', async () => {
    const refusing = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo: (_address, _session, callback) => callback(Object.assign(new Error('no such mailbox'), { responseCode: 550 })),
    });
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = refusing.server.address() as { port: number };
      const attempt = new EmailChannelSender(`smtp://127.0.0.1:${port}`, FROM).send(reader, sampleChannelMessage());
      await expect(attempt).rejects.toMatchObject({ retryable: false, message: expect.stringMatching(/550/) });
    } finally {
      await new Promise<void>((resolve) => refusing.close(() => resolve()));
    }
  });
});
