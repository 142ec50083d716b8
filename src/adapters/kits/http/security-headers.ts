import { createHash } from 'node:crypto';
import type { RequestHandler } from 'express';

/**
 * Headers every answer of the API and the log endpoints carries, as the web pages do: nothing in a JSON answer may
 * run or be framed, no type sniffing, no referrer, and nothing stored by a browser or a proxy (answers are per user,
 * and a shared list's token is in its URL).
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
};

export const apiSecurityHeaders: RequestHandler = (_req, res, next) => {
  res.set(API_SECURITY_HEADERS);
  next();
};

/**
 * The same for a server-rendered HTML page whose only style is one inline `<style>` block: allowed by its hash,
 * nothing else (no script at all), and its form may submit to itself.
 */
export function htmlPageSecurityHeaders(inlineStyle: string): Record<string, string> {
  const styleHash = createHash('sha256').update(inlineStyle).digest('base64');
  return {
    ...API_SECURITY_HEADERS,
    'Content-Security-Policy': `default-src 'none'; style-src 'sha256-${styleHash}'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'`,
  };
}
