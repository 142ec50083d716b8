/** A JSON.stringify replacer: jsonb cannot hold U+0000, which an error message may quote. */
export function withoutNul(_key: string, value: unknown): unknown {
  return typeof value === 'string' && value.includes('\u0000') ? value.replaceAll('\u0000', '\uFFFD') : value;
}

/**
 * JSON text that jsonb accepts. A replacer makes JSON.stringify about twice as slow, so it runs only when the plain
 * text shows an escaped NUL (a literal backslash before "u0000" also matches, and merely takes the slow way).
 */
export function jsonWithoutNul(value: unknown): string {
  const text = JSON.stringify(value);
  return text.includes('\\u0000') ? JSON.stringify(value, withoutNul) : text;
}
