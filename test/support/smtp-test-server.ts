// A real SMTP server (smtp-server) on 127.0.0.1 that keeps every message it accepts, for e-mail tests.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** Envelope sender and recipients, as the client gave them in MAIL FROM / RCPT TO. */
  envelopeFrom: string | null;
  envelopeTo: string[];
  /** Header values, unfolded and with RFC 2047 encoded words decoded (lower-case names; the last one wins). */
  headers: Record<string, string>;
  subject: string;
  /** The body of a single-part message, its transfer encoding (quoted-printable, base64) undone. */
  text: string;
  raw: string;
}

export interface SmtpTestServer {
  port: number;
  url: string;
  messages: ReceivedMail[];
  close(): Promise<void>;
}

export interface SmtpTestOptions {
  /** How long the server takes to answer each message's data (a slow mail server); 0 by default. */
  answerDelayMs?: number;
}

export async function startSmtpTestServer(options: SmtpTestOptions = {}): Promise<SmtpTestServer> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', (error) => callback(error));
      stream.on('end', async () => {
        if (options.answerDelayMs) await new Promise((resolve) => setTimeout(resolve, options.answerDelayMs));
        const raw = Buffer.concat(chunks).toString('utf8');
        const headers = parseHeaders(raw);
        const mailFrom = session.envelope.mailFrom;
        messages.push({
          envelopeFrom: mailFrom ? mailFrom.address : null,
          envelopeTo: session.envelope.rcptTo.map((r) => r.address),
          headers,
          subject: headers.subject ?? '',
          text: bodyText(raw, headers['content-transfer-encoding']),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function bodyText(raw: string, transferEncoding: string | undefined): string {
  const end = raw.search(/\r?\n\r?\n/);
  const body = end >= 0 ? raw.slice(end).replace(/^\r?\n\r?\n/, '') : '';
  const encoding = (transferEncoding ?? '').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding !== 'quoted-printable') return body;
  const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-Fa-f]{2})/g, (_s, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function parseHeaders(raw: string): Record<string, string> {
  const end = raw.search(/\r?\n\r?\n/);
  const block = (end >= 0 ? raw.slice(0, end) : raw).replace(/\r?\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  for (const line of block.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    headers[line.slice(0, colon).trim().toLowerCase()] = decodeEncodedWords(line.slice(colon + 1).trim());
  }
  return headers;
}

/** RFC 2047: `=?charset?Q|B?text?=`; whitespace between adjacent encoded words is dropped, their bytes joined. */
export function decodeEncodedWords(value: string): string {
  const word = /=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g;
  let out = '';
  let pending: Buffer[] = [];
  let last = 0;
  const flush = (): void => {
    if (pending.length > 0) out += Buffer.concat(pending).toString('utf8');
    pending = [];
  };
  for (let m = word.exec(value); m; m = word.exec(value)) {
    const between = value.slice(last, m.index);
    if (pending.length === 0 || !/^\s*$/.test(between)) {
      flush();
      out += between;
    }
    const [, , encoding, text] = m;
    pending.push(
      encoding!.toUpperCase() === 'B'
        ? Buffer.from(text!, 'base64')
        : Buffer.from(
            text!.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (_s, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ),
    );
    last = m.index + m[0].length;
  }
  flush();
  return out + value.slice(last);
}
