// Open Library's Read API answers (`/api/volumes/brief/json/isbn:…|isbn:…`) as lending offers. Each answer is keyed by
// the id asked ("isbn:978…"), each entry `{records, items}`: `items` are the scans of the edition (`match: exact`) and
// of the work's other editions (`similar`), best first, each with a `status` — `full access` (free to read),
// `lendable` (can be borrowed now), `checked out` (all copies on loan), `restricted` (print-disabled readers only) —
// and the `itemURL` of its page. An id the service does not know is absent.
import type { LendingOffer } from '../../domain/catalog/borrow-availability.js';
import { webUrlOf } from './metadata-fields.js';

/** The statuses a reader can act on today; the others (`checked out`, `restricted`, unknown ones) are no offer. */
const READABLE_NOW = new Set(['lendable', 'full access']);

/** Links are shown to readers: a long one is no page of a lender. */
const MAX_URL_LENGTH = 2000;

export function readApiKeyOf(isbn13: string): string {
  return `isbn:${isbn13}`;
}

/** The entries of an answer by id (lower-cased); null when the answer is not a Read API answer (not an object). */
export function readApiEntries(body: unknown): Map<string, Record<string, unknown>> | null {
  if (!isRecord(body)) return null;
  const entries = new Map<string, Record<string, unknown>>();
  for (const [key, value] of Object.entries(body)) if (isRecord(value)) entries.set(key.toLowerCase(), value);
  return entries;
}

/**
 * One edition's offer from its entry: available through the first item a reader can borrow or read now, the edition's
 * own scan before another edition's; not available when no item is (or none has a web address).
 */
export function lendingOfferOf(entry: Record<string, unknown>): LendingOffer {
  const items = Array.isArray(entry.items) ? entry.items.filter(isRecord) : [];
  const readable = items.filter((item) => typeof item.status === 'string' && READABLE_NOW.has(item.status.toLowerCase()));
  const ordered = [...readable.filter((item) => item.match === 'exact'), ...readable.filter((item) => item.match !== 'exact')];
  for (const item of ordered) {
    const url = lenderUrlOf(item.itemURL);
    if (url !== null) return { available: true, url };
  }
  return { available: false };
}

/**
 * An item's page as a link for readers: http(s) only (never `javascript:` or the like), and over https on Open Library
 * and the Internet Archive, whose answers still say `http://`.
 */
export function lenderUrlOf(value: unknown): string | null {
  const text = webUrlOf(value);
  if (text === null || text.length > MAX_URL_LENGTH) return null;
  const url = new URL(text);
  if (url.protocol === 'http:' && /(^|\.)(openlibrary\.org|archive\.org)$/i.test(url.hostname)) url.protocol = 'https:';
  return url.toString();
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
