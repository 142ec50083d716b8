import { createHash, timingSafeEqual } from 'node:crypto';
import type { AuthFailureReason } from '../../../domain/logging/log-event.js';

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

/**
 * Checks `Authorization: Bearer <secret>` (or, for a browser on the viewer, Basic with the token as password).
 * Both sides are hashed first, so the comparison takes the same time whatever the length or content.
 */
export function checkCredential(
  header: string | undefined,
  expected: string | null,
  options: { allowBasic: boolean },
): { ok: true } | { ok: false; reason: AuthFailureReason } {
  if (header === undefined || header.trim() === '') return { ok: false, reason: 'missing_token' };
  const match = /^(Bearer|Basic)\s+(\S+)\s*$/i.exec(header);
  if (!match) return { ok: false, reason: 'malformed_token' };
  let given = match[2]!;
  if (match[1]!.toLowerCase() === 'basic') {
    if (!options.allowBasic) return { ok: false, reason: 'malformed_token' };
    const decoded = Buffer.from(given, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return { ok: false, reason: 'malformed_token' };
    given = decoded.slice(colon + 1);
  }
  // Unset secret: the endpoint is closed, but the answer looks the same as a wrong secret.
  const ok = timingSafeEqual(digest(given), digest(expected ?? '')) && expected !== null;
  return ok ? { ok: true } : { ok: false, reason: 'invalid_signature' };
}
