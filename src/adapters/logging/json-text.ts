/** A JSON.stringify replacer: jsonb cannot hold U+0000, which an error message may quote. */
export function withoutNul(_key: string, value: unknown): unknown {
  return typeof value === 'string' && value.includes('\u0000') ? value.replaceAll('\u0000', '\uFFFD') : value;
}
