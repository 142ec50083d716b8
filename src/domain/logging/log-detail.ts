import { unfitText, utf8Bytes } from './log-text.js';

/**
 * Limits of one event's `log_detail`. Details are a few fields (ids, an error message, a stack): 16 KiB leaves room
 * for a long stack trace, and 32 levels for any structure a sender means. Without them a 30 KB body nested 5,000
 * deep overflows the stack of every JSON writer downstream (the batch insert, the console fallback).
 */
export const MAX_DETAIL_DEPTH = 32;
/** UTF-8 bytes of the detail as JSON text. */
export const MAX_DETAIL_BYTES = 16 * 1024;

export interface DetailProblem {
  /** Where, inside the detail: `[]` for the detail as a whole, `['error']`, `['items', 2]`. */
  path: Array<string | number>;
  message: string;
}

/**
 * Why a detail from outside (the intake) cannot be stored as it is, or null: nested deeper than MAX_DETAIL_DEPTH
 * (the detail itself is level 1), text jsonb refuses (U+0000, a lone surrogate) in a value or a key, or larger than
 * MAX_DETAIL_BYTES. Iterative, so a detail nested thousands deep is refused instead of overflowing the stack.
 */
export function detailProblem(detail: Record<string, unknown>): DetailProblem | null {
  const pending: Array<{ value: unknown; path: Array<string | number>; depth: number }> = [{ value: detail, path: [], depth: 1 }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value, path, depth } = next;
    if (typeof value === 'string') {
      const message = unfitText(value);
      if (message) return { path, message };
    } else if (value !== null && typeof value === 'object') {
      if (depth > MAX_DETAIL_DEPTH) return { path: [], message: `must nest at most ${MAX_DETAIL_DEPTH} levels of objects and arrays` };
      if (Array.isArray(value)) {
        value.forEach((item, i) => pending.push({ value: item, path: [...path, i], depth: depth + 1 }));
        continue;
      }
      for (const [key, item] of Object.entries(value)) {
        const message = unfitText(key);
        if (message) return { path, message: `keys ${message}` };
        pending.push({ value: item, path: [...path, key], depth: depth + 1 });
      }
    }
  }
  // Safe to serialise now: the depth is bounded, and a parsed body has no cycles.
  const bytes = utf8Bytes(JSON.stringify(detail));
  if (bytes > MAX_DETAIL_BYTES) return { path: [], message: `must take at most ${MAX_DETAIL_BYTES} bytes as JSON (takes ${bytes})` };
  return null;
}
