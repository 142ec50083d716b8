import type { IncomingMessage, ServerResponse } from 'node:http';
import { constants, gzip } from 'node:zlib';
import { chooseEncoding } from '../accept-encoding.js';

/**
 * Answers at least this long are gzip-compressed for a client that accepts it. Below, compressing costs more than
 * the bytes it saves (a page of 20 books is about 6 KB); a page's price histories (70 KB of JSON) shrink to a seventh.
 */
export const COMPRESS_MIN_BYTES = 8 * 1024;
/** Fast and still about 85 % smaller on this JSON; zlib runs it on libuv's thread pool, not on the request thread. */
const GZIP_LEVEL = 4;

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * `res.json` without Express's extras (ETags are off, bodies are fresh): one string write, where `res.json` turns
 * the text into a Buffer and makes Node send headers and body as two chunks; large answers gzip-compressed when the
 * client accepts it. `headers` (name, value, name, value …) go out with the status line in one `writeHead`, beside
 * any set before.
 */
export function sendJson(req: IncomingMessage, res: ServerResponse, body: unknown, headers: readonly string[] = []): void {
  const text = JSON.stringify(body);
  if (text.length < COMPRESS_MIN_BYTES) {
    res.writeHead(res.statusCode, [...headers, 'Content-Type', JSON_TYPE, 'Content-Length', String(Buffer.byteLength(text))]);
    res.end(text);
    return;
  }
  const vary = [...headers, 'Content-Type', JSON_TYPE, 'Vary', varyWith(res.getHeader('Vary'), 'Accept-Encoding')];
  if (chooseEncoding(req.headers['accept-encoding'], ['gzip']) !== 'gzip') {
    res.writeHead(res.statusCode, [...vary, 'Content-Length', String(Buffer.byteLength(text))]);
    res.end(text);
    return;
  }
  gzip(text, { level: GZIP_LEVEL, strategy: constants.Z_DEFAULT_STRATEGY }, (error, compressed) => {
    if (res.headersSent || res.destroyed) return;
    if (error) {
      res.writeHead(res.statusCode, [...vary, 'Content-Length', String(Buffer.byteLength(text))]);
      res.end(text);
      return;
    }
    res.writeHead(res.statusCode, [...vary, 'Content-Encoding', 'gzip', 'Content-Length', String(compressed.length)]);
    res.end(compressed);
  });
}

/** A `Vary` value with `field` added once (as Express's `res.vary` does). */
function varyWith(current: number | string | string[] | undefined, field: string): string {
  const fields = (Array.isArray(current) ? current.join(',') : String(current ?? '')).split(',').map((f) => f.trim()).filter((f) => f !== '');
  if (fields.includes('*') || fields.some((f) => f.toLowerCase() === field.toLowerCase())) return fields.join(', ');
  return [...fields, field].join(', ');
}
