// Writing responses with node:http.
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';

const HTML_HEADERS: OutgoingHttpHeaders = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-cache',
  'x-content-type-options': 'nosniff',
};

export function sendHtml(req: IncomingMessage, res: ServerResponse, status: number, html: string, headers: OutgoingHttpHeaders = {}): void {
  const body = Buffer.from(html, 'utf8');
  res.writeHead(status, { ...HTML_HEADERS, 'content-length': body.length, ...headers });
  res.end(req.method === 'HEAD' ? undefined : body);
}

export function sendJson(res: ServerResponse, status: number, value: unknown): void {
  const body = Buffer.from(JSON.stringify(value), 'utf8');
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'content-length': body.length });
  res.end(body);
}

export class BodyTooLargeError extends Error {}

/** The request body as text, refusing more than `limit` bytes. */
export async function readBody(req: IncomingMessage, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > limit) throw new BodyTooLargeError(`The body is larger than ${limit} bytes`);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Resolves true when the response can take more data, false when it closed first. */
export function waitForDrain(res: ServerResponse): Promise<boolean> {
  if (res.destroyed) return Promise.resolve(false);
  return new Promise((resolve) => {
    const onDrain = (): void => {
      res.off('close', onClose);
      resolve(true);
    };
    const onClose = (): void => {
      res.off('drain', onDrain);
      resolve(false);
    };
    res.once('drain', onDrain);
    res.once('close', onClose);
  });
}
