import type { Request, Response } from 'express';
import { constants, gzip } from 'node:zlib';
import { chooseEncoding } from '../accept-encoding.js';

/**
 * Answers at least this long are gzip-compressed for a client that accepts it. Below, compressing costs more than
 * the bytes it saves (a page of 20 books is about 6 KB); a page's price histories (70 KB of JSON) shrink to a seventh.
 */
export const COMPRESS_MIN_BYTES = 8 * 1024;
/** Fast and still about 85 % smaller on this JSON; zlib runs it on libuv's thread pool, not on the request thread. */
const GZIP_LEVEL = 4;

/**
 * `res.json` without Express's extras (ETags are off, bodies are fresh): one string write, where `res.json` turns
 * the text into a Buffer and makes Node send headers and body as two chunks; large answers gzip-compressed when the
 * client accepts it.
 */
export function sendJson(req: Request, res: Response, body: unknown): void {
  const text = JSON.stringify(body);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  if (text.length < COMPRESS_MIN_BYTES) {
    res.setHeader('Content-Length', Buffer.byteLength(text));
    res.end(text);
    return;
  }
  res.vary('Accept-Encoding');
  if (chooseEncoding(req.headers['accept-encoding'], ['gzip']) !== 'gzip') {
    res.setHeader('Content-Length', Buffer.byteLength(text));
    res.end(text);
    return;
  }
  gzip(text, { level: GZIP_LEVEL, strategy: constants.Z_DEFAULT_STRATEGY }, (error, compressed) => {
    if (res.headersSent || res.destroyed) return;
    if (error) {
      res.setHeader('Content-Length', Buffer.byteLength(text));
      res.end(text);
      return;
    }
    res.setHeader('Content-Encoding', 'gzip');
    res.setHeader('Content-Length', compressed.length);
    res.end(compressed);
  });
}
