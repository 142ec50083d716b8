// A mail catcher for the container smoke test, standing in for axllent/mailpit where Docker Hub cannot be reached:
// SMTP on port 1025 (no TLS, no authentication: what compose.yaml's SMTP_URL=smtp://mailpit:1025 speaks), and the
// part of Mailpit's HTTP API the smoke test reads, on port 8025:
//   GET /api/v1/messages   {"total", "messages": [{"ID", "From", "To", "Subject", "Created", "Snippet", "Size"}]}, newest first
//   GET /api/v1/message/ID the same fields and "Text" (the raw message)
//   GET /livez             200 "ok"
// Messages are kept in memory, at most 1,000. Plain Node.js, no dependencies.
/* global process, console, Buffer, URL, TextDecoder */
import http from 'node:http';
import net from 'node:net';

const SMTP_PORT = Number(process.env.SMTP_PORT ?? 1025);
const HTTP_PORT = Number(process.env.HTTP_PORT ?? 8025);
const MAX_MESSAGES = 1000;
const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

/** @type {Array<{ID: string, From: {Address: string}, To: Array<{Address: string}>, Subject: string, Created: string, Snippet: string, Size: number, Text: string}>} */
const messages = [];
let sequence = 0;

/** RFC 2047 encoded words (`=?UTF-8?B?…?=`, `=?UTF-8?Q?…?=`), as nodemailer writes a subject with non-ASCII characters. */
function decodeWords(value) {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, charset, encoding, text) => {
      const bytes =
        encoding.toUpperCase() === 'B'
          ? Buffer.from(text, 'base64')
          : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (_m, hex) => String.fromCharCode(parseInt(hex, 16))), 'latin1');
      return new TextDecoder(charset.toLowerCase() === 'utf-8' ? 'utf-8' : 'latin1').decode(bytes);
    });
}

function headerOf(raw, name) {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line === undefined ? '' : decodeWords(line.slice(name.length + 1).trim());
}

function store(from, to, raw) {
  const body = raw.split(/\r?\n\r?\n/).slice(1).join('\n\n');
  messages.unshift({
    ID: String(++sequence),
    From: { Address: from },
    To: to.map((Address) => ({ Address })),
    Subject: headerOf(raw, 'Subject'),
    Created: new Date().toISOString(),
    Snippet: body.replace(/\s+/g, ' ').trim().slice(0, 200),
    Size: Buffer.byteLength(raw),
    Text: raw,
  });
  messages.length = Math.min(messages.length, MAX_MESSAGES);
  console.log(`message ${sequence} from ${from} to ${to.join(', ')}: ${messages[0].Subject}`);
}

const address = (arg) => (/<([^>]*)>/.exec(arg)?.[1] ?? arg.split(':').slice(1).join(':')).trim();

net
  .createServer((socket) => {
    let buffer = '';
    let inData = false;
    let data = [];
    let dataBytes = 0;
    let from = '';
    let to = [];
    const reply = (line) => socket.write(`${line}\r\n`);
    reply('220 smtp-sink ESMTP ready');
    socket.setEncoding('latin1');
    socket.on('error', () => socket.destroy());
    socket.on('data', (chunk) => {
      buffer += chunk;
      let end;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            if (dataBytes > MAX_MESSAGE_BYTES) reply('552 message too large');
            else {
              store(from, to, Buffer.from(data.join('\r\n'), 'latin1').toString('utf8'));
              reply('250 OK queued');
            }
            data = [];
            dataBytes = 0;
            from = '';
            to = [];
          } else {
            const text = line.startsWith('..') ? line.slice(1) : line;
            dataBytes += text.length + 2;
            if (dataBytes <= MAX_MESSAGE_BYTES) data.push(text);
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') reply('250-smtp-sink\r\n250-8BITMIME\r\n250 SIZE 10485760');
        else if (verb === 'HELO') reply('250 smtp-sink');
        else if (verb === 'MAIL') {
          from = address(line);
          to = [];
          reply('250 OK');
        } else if (verb === 'RCPT') {
          to.push(address(line));
          reply('250 OK');
        } else if (verb === 'DATA') {
          if (to.length === 0) reply('503 RCPT first');
          else {
            inData = true;
            reply('354 End data with <CR><LF>.<CR><LF>');
          }
        } else if (verb === 'RSET') {
          from = '';
          to = [];
          reply('250 OK');
        } else if (verb === 'NOOP') reply('250 OK');
        else if (verb === 'QUIT') {
          reply('221 Bye');
          socket.end();
        } else reply('502 Command not implemented');
      }
    });
  })
  .listen(SMTP_PORT, '0.0.0.0', () => console.log(`SMTP on port ${SMTP_PORT}`));

const summary = ({ Text: _text, ...fields }) => fields;

http
  .createServer((req, res) => {
    const send = (status, body) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const path = new URL(req.url ?? '/', 'http://sink').pathname;
    if (req.method === 'GET' && path === '/api/v1/messages') send(200, { total: messages.length, messages: messages.map(summary) });
    else if (req.method === 'GET' && path.startsWith('/api/v1/message/')) {
      const message = messages.find((m) => m.ID === path.slice('/api/v1/message/'.length));
      if (message) send(200, message);
      else send(404, { error: 'not found' });
    } else if (req.method === 'GET' && path === '/livez') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('ok');
    } else send(404, { error: 'not found' });
  })
  .listen(HTTP_PORT, '0.0.0.0', () => console.log(`HTTP on port ${HTTP_PORT}`));

for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => process.exit(0));
