import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PageWindow } from '../../../../domain/shared/page.js';

/** What a cursor remembers: where the page starts, the page size and the filters it was made for. */
export interface CursorState {
  window: Exclude<PageWindow, { kind: 'first' }>;
  perPage: number;
  filterHash: string;
}

export class InvalidCursorError extends Error {}

const SIGNATURES_MAX = 10_000;
const KIND_TO_TAG = { after: 'a', before: 'b', last: 'l' } as const;
const TAG_TO_KIND = { a: 'after', b: 'before', l: 'last' } as const;

/**
 * Opaque, URL-safe cursors: base64url(JSON) + "." + truncated HMAC. The signature only detects tampering
 * and corruption (a forged cursor could at most point at another position of the same listing).
 */
export class CursorCodec {
  /**
   * Signatures already computed, by body. An HMAC costs several microseconds on Node 20 and the same cursors
   * (a listing's `last`, its first page's `next`) are made and checked over and over. Shared by the
   * per-listing codecs made from one root, so the key is part of the cache key.
   */
  private readonly signatures: Map<string, string>;

  constructor(
    private readonly key: string,
    signatures?: Map<string, string>,
  ) {
    this.signatures = signatures ?? new Map();
  }

  /** A codec whose cursors are valid for one listing only (its path): another listing's cursor fails the signature. */
  forListing(path: string): CursorCodec {
    return new CursorCodec(`${this.key}\u0000${path}`, this.signatures);
  }

  encode(state: CursorState): string {
    const w = state.window;
    const payload = JSON.stringify(w.kind === 'last' ? [KIND_TO_TAG.last, 0, state.perPage, state.filterHash] : [KIND_TO_TAG[w.kind], w.key, state.perPage, state.filterHash]);
    const body = Buffer.from(payload).toString('base64url');
    return `${body}.${this.sign(body)}`;
  }

  decode(cursor: string): CursorState {
    const [body, signature, extra] = cursor.split('.');
    if (!body || !signature || extra !== undefined || cursor.length > 512) throw new InvalidCursorError('malformed');
    const expected = Buffer.from(this.sign(body));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw new InvalidCursorError('bad signature');
    let parsed: unknown;
    try {
      parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    } catch {
      throw new InvalidCursorError('not JSON');
    }
    if (!Array.isArray(parsed) || parsed.length !== 4) throw new InvalidCursorError('wrong shape');
    const [tag, key, perPage, filterHash] = parsed as unknown[];
    const kind = TAG_TO_KIND[tag as keyof typeof TAG_TO_KIND];
    if (!kind || !Number.isSafeInteger(key) || !Number.isSafeInteger(perPage) || typeof filterHash !== 'string') {
      throw new InvalidCursorError('wrong fields');
    }
    const window: CursorState['window'] = kind === 'last' ? { kind } : { kind, key: key as number };
    return { window, perPage: perPage as number, filterHash };
  }

  private sign(body: string): string {
    const cacheKey = `${this.key}\u0001${body}`;
    let signature = this.signatures.get(cacheKey);
    if (signature === undefined) {
      signature = createHmac('sha256', this.key).update(body).digest('base64url').slice(0, 16);
      if (this.signatures.size >= SIGNATURES_MAX) this.signatures.clear();
      this.signatures.set(cacheKey, signature);
    }
    return signature;
  }
}

const filterHashes = new Map<string, string>();

/** A short, stable fingerprint of the filters in use, so a cursor is only honoured for the listing that made it. */
export function filterHashOf(filters: Readonly<Record<string, string | number | undefined>>): string {
  const canonical = Object.keys(filters)
    .sort()
    .filter((k) => filters[k] !== undefined)
    .map((k) => `${k}=${String(filters[k])}`)
    .join('&');
  // Called for every link of every page: remember recent fingerprints instead of recomputing the HMAC.
  let hash = filterHashes.get(canonical);
  if (hash === undefined) {
    hash = createHmac('sha256', 'filters').update(canonical).digest('base64url').slice(0, 8);
    if (filterHashes.size >= 1000) filterHashes.clear();
    filterHashes.set(canonical, hash);
  }
  return hash;
}
