// Most characters outside ASCII cannot go in an HTTP header value as they are; a title in any language still has to.
const MAX_WORD_BYTES = 45; // 60 base64 characters: each encoded word stays within 75 characters

/** Control characters (a newline in a title) would end or corrupt the header; they become spaces. */
export function withoutControlCharacters(text: string): string {
  return text.replace(/\p{Cc}+/gu, ' ');
}

/**
 * A header value safe to send: ASCII text as it is; otherwise the UTF-8 bytes as RFC 2047 encoded words
 * (`=?UTF-8?B?...?=`, space-separated, each whole characters), which ntfy and mail readers decode.
 */
export function asciiSafeHeaderValue(text: string): string {
  const clean = withoutControlCharacters(text).trim();
  if (/^[\x20-\x7e]*$/.test(clean)) return clean;
  const words: string[] = [];
  let chunk = '';
  for (const character of clean) {
    if (Buffer.byteLength(chunk + character, 'utf8') > MAX_WORD_BYTES) {
      words.push(encodedWord(chunk));
      chunk = '';
    }
    chunk += character;
  }
  if (chunk !== '') words.push(encodedWord(chunk));
  return words.join(' ');
}

const encodedWord = (text: string): string => `=?UTF-8?B?${Buffer.from(text, 'utf8').toString('base64')}?=`;
