/** The content codings an answer may be sent in. */
export type Encoding = 'br' | 'gzip' | 'identity';

/**
 * The best of the `offered` codings the request's `Accept-Encoding` takes (brotli before gzip at equal weight),
 * honouring `q=0` and `*`; identity when none is taken. One reading for the static documents and the API's JSON.
 */
export function chooseEncoding(acceptEncoding: string | undefined, offered: readonly Encoding[]): Encoding {
  const weights = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    weights.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const weight = (name: string): number => weights.get(name) ?? weights.get('*') ?? 0;
  let best: Encoding = 'identity';
  for (const encoding of ['br', 'gzip'] as const) {
    if (offered.includes(encoding) && weight(encoding) > 0 && weight(encoding) > (best === 'identity' ? 0 : weight(best))) best = encoding;
  }
  return best;
}
