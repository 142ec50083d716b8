// Text that a jsonb column can hold, and the size of text once written as JSON. Pure: no Node APIs.

/** A lone UTF-16 surrogate: JSON.stringify writes it as `\udXXX`, an escape jsonb refuses. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');
/** A cheap first look: any surrogate, a valid pair too. Most text has none and stops here. */
const ANY_SURROGATE = /[\ud800-\udfff]/;

/** What makes text unfit for jsonb, or null: U+0000 (jsonb has no NUL) or a lone surrogate. */
export function unfitText(text: string): 'must not contain U+0000' | 'must not contain a lone UTF-16 surrogate' | null {
  if (text.includes('\u0000')) return 'must not contain U+0000';
  return ANY_SURROGATE.test(text) && LONE_SURROGATE.test(text) ? 'must not contain a lone UTF-16 surrogate' : null;
}

/** The text jsonb accepts: lone surrogates become U+FFFD, U+0000 is dropped. */
export function fitText(text: string): string {
  const fitted = ANY_SURROGATE.test(text) ? text.replace(LONE_SURROGATES, '\uFFFD') : text;
  return fitted.includes('\u0000') ? fitted.replaceAll('\u0000', '') : fitted;
}

/** UTF-8 bytes of one UTF-16 unit as JSON.stringify writes it (escapes included); a surrogate counts half a pair. */
function unitBytes(code: number): number {
  if (code === 0x22 || code === 0x5c) return 2; // \" and \\
  if (code < 0x20) return code === 8 || code === 9 || code === 10 || code === 12 || code === 13 ? 2 : 6; // \n, \u0001
  if (code < 0x80) return 1;
  if (code < 0x800) return 2;
  if (code >= 0xd800 && code <= 0xdfff) return 2; // a pair is 4 bytes (a lone one is not counted right: fit first)
  return 3;
}

/** UTF-8 bytes of `JSON.stringify(text)`, quotes included, for well-formed text. */
export function jsonTextBytes(text: string): number {
  let bytes = 2;
  for (let i = 0; i < text.length; i++) bytes += unitBytes(text.charCodeAt(i));
  return bytes;
}

/** The longest start of well-formed `text` whose JSON form (quotes included) takes at most `bytes`; never splits a pair. */
export function jsonTextPrefix(text: string, bytes: number): string {
  let used = 2;
  let end = 0;
  while (end < text.length) {
    const code = text.charCodeAt(end);
    const pair = code >= 0xd800 && code <= 0xdbff && end + 1 < text.length;
    const cost = pair ? 4 : unitBytes(code);
    if (used + cost > bytes) break;
    used += cost;
    end += pair ? 2 : 1;
  }
  return text.slice(0, end);
}

/** UTF-8 bytes of JSON text (as `JSON.stringify` returns it: well-formed, so every surrogate is in a pair). */
export function utf8Bytes(json: string): number {
  let bytes = 0;
  for (let i = 0; i < json.length; i++) {
    const code = json.charCodeAt(i);
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code >= 0xd800 && code <= 0xdfff ? 2 : 3;
  }
  return bytes;
}
