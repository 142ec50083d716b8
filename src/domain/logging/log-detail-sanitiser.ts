import type { LogEvent } from './log-event.js';
import { MAX_DETAIL_BYTES, MAX_DETAIL_DEPTH } from './log-detail.js';
import { fitText, jsonTextBytes, jsonTextPrefix, unfitText, utf8Bytes } from './log-text.js';

/** Set on a detail that was cut to fit MAX_DETAIL_BYTES. */
export const TRUNCATED_KEY = 'detail_truncated';
/** Room kept for `,"detail_truncated":true`. */
const TRUNCATION_MARK_BYTES = 24;
const TOO_DEEP = `[nested deeper than ${MAX_DETAIL_DEPTH} levels]`;
const CIRCULAR = '[circular]';
const CUT = '…';
const OMIT = Symbol('omit');

/**
 * The event as the log table (and the intake, in remote mode) takes it: see `sanitiseDetail`. The sinks apply it to
 * every event they record, so nothing produced inside the service (an `api_error` quoting a JWT claim) can make a
 * batch insert fail or a JSON writer overflow the stack.
 */
export function sanitiseEvent(event: LogEvent): LogEvent {
  const detail = sanitiseDetail(event.detail);
  return detail === event.detail ? event : { ...event, detail };
}

/**
 * A detail that passes the intake's `detailProblem`: the same object when it already does (the common case, checked
 * without copying), else a JSON-safe copy in which lone surrogates are U+FFFD, U+0000 is dropped, containers deeper
 * than MAX_DETAIL_DEPTH and cycles are short strings, a bigint is its digits, and whatever exceeds MAX_DETAIL_BYTES
 * is cut (strings end with "…", `detail_truncated: true` is set). Never throws: a getter that throws yields
 * `{detail_unreadable: <its message>}`.
 */
export function sanitiseDetail(detail: unknown): Record<string, unknown> {
  try {
    if (isFit(detail)) return detail;
    const copier = new Copier(MAX_DETAIL_BYTES - TRUNCATION_MARK_BYTES);
    // Anything but a plain record (an array, a value with toJSON) is kept one level down, so the detail stays an object.
    const copy = copier.value(isRecordLike(detail) ? detail : { detail }, 1, false) as Record<string, unknown>;
    if (copier.truncated) copy[TRUNCATED_KEY] = true;
    return copy;
  } catch (error) {
    return { detail_unreadable: fitText(String(error instanceof Error ? error.message : error)).slice(0, 200) };
  }
}

function isRecordLike(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && typeof (value as { toJSON?: unknown }).toJSON !== 'function';
}

/** A cheap upper bound of the JSON size, and the exact size only past the limit: most details are a few fields. */
function isFit(detail: unknown): detail is Record<string, unknown> {
  if (!isRecordLike(detail)) return false;
  let bound = 0;
  const pending: Array<[unknown, number]> = [[detail, 1]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [value, depth] = next;
    if (typeof value === 'string') {
      if (unfitText(value)) return false;
      bound += 6 * value.length + 3;
    } else if (typeof value === 'number' || typeof value === 'boolean') {
      bound += 26;
    } else if (typeof value === 'bigint') {
      return false; // JSON.stringify throws on it
    } else if (value !== null && typeof value === 'object') {
      if (depth > MAX_DETAIL_DEPTH) return false; // a cycle ends here too
      if (typeof (value as { toJSON?: unknown }).toJSON === 'function') {
        if (!(value instanceof Date)) return false; // its JSON could be anything
        bound += 30;
        continue;
      }
      bound += 3;
      if (Array.isArray(value)) {
        for (const item of value) pending.push([item, depth + 1]);
        continue;
      }
      for (const key of Object.keys(value)) {
        if (unfitText(key)) return false;
        bound += 6 * key.length + 4;
        pending.push([(value as Record<string, unknown>)[key], depth + 1]);
      }
    } else {
      bound += 5; // null, or what JSON leaves out (null inside an array)
    }
  }
  // Bounded depth and no cycle: serialising cannot overflow the stack.
  return bound <= MAX_DETAIL_BYTES || utf8Bytes(JSON.stringify(detail)) <= MAX_DETAIL_BYTES;
}

/** Copies a value as JSON.stringify would see it, spending a budget of UTF-8 bytes; recursion is bounded by the depth. */
class Copier {
  truncated = false;
  private readonly ancestors = new Set<object>();

  constructor(private left: number) {}

  value(value: unknown, depth: number, inArray: boolean, viaToJson = false): unknown {
    if (typeof value === 'string') return this.text(fitText(value));
    if (typeof value === 'number') return this.spend(Number.isFinite(value) ? value : null);
    if (typeof value === 'boolean') return this.spend(value);
    if (typeof value === 'bigint') return this.text(value.toString());
    if (value === null) return this.spend(null);
    if (typeof value !== 'object') return inArray ? this.spend(null) : OMIT; // undefined, a function, a symbol
    const toJson = (value as { toJSON?: unknown }).toJSON;
    if (!viaToJson && typeof toJson === 'function') return this.value(toJson.call(value, '') as unknown, depth, inArray, true);
    if (depth > MAX_DETAIL_DEPTH) return this.text(TOO_DEEP);
    if (this.ancestors.has(value)) return this.text(CIRCULAR);
    if (this.left < 2) return this.cut();
    this.left -= 2;
    this.ancestors.add(value);
    try {
      return Array.isArray(value) ? this.array(value, depth) : this.object(value as Record<string, unknown>, depth);
    } finally {
      this.ancestors.delete(value);
    }
  }

  private array(items: readonly unknown[], depth: number): unknown[] {
    const copy: unknown[] = [];
    for (const item of items) {
      const comma = copy.length > 0 ? 1 : 0;
      if (this.left < comma) return this.cutShort(copy);
      this.left -= comma;
      const value = this.value(item, depth + 1, true);
      if (value === OMIT) return this.cutShort(copy, comma);
      copy.push(value);
    }
    return copy;
  }

  private object(record: Record<string, unknown>, depth: number): Record<string, unknown> {
    const copy: Record<string, unknown> = {};
    let entries = 0;
    for (const rawKey of Object.keys(record)) {
      const key = fitText(rawKey);
      const overhead = (entries > 0 ? 1 : 0) + jsonTextBytes(key) + 1;
      if (this.left < overhead) return this.cutShort(copy);
      this.left -= overhead;
      const value = this.value(record[rawKey], depth + 1, false);
      if (value === OMIT) {
        this.left += overhead; // left out, as JSON leaves out undefined; or cut, and `truncated` says so
        continue;
      }
      // defineProperty: a key "__proto__" stays a key instead of replacing the prototype.
      Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
      entries += 1;
    }
    return copy;
  }

  private text(text: string): string | typeof OMIT {
    const bytes = jsonTextBytes(text);
    if (bytes <= this.left) {
      this.left -= bytes;
      return text;
    }
    this.truncated = true;
    const room = this.left - jsonTextBytes(CUT) + 2;
    if (room < 2) return OMIT;
    const cut = jsonTextPrefix(text, room) + CUT;
    this.left -= jsonTextBytes(cut);
    return cut;
  }

  private spend(value: number | boolean | null): number | boolean | null | typeof OMIT {
    const bytes = String(value).length;
    if (bytes > this.left) return this.cut();
    this.left -= bytes;
    return value;
  }

  private cut(): typeof OMIT {
    this.truncated = true;
    return OMIT;
  }

  /** Ends a container early: the budget is spent. */
  private cutShort<T>(copy: T, refund = 0): T {
    this.left += refund;
    this.truncated = true;
    return copy;
  }
}
