import { createPublicKey, type JsonWebKey, type KeyObject } from 'node:crypto';
import type { JwtKeySource } from './jwt-key-source.js';

const JWKS_TTL_MS = 10 * 60_000;
const JWKS_MIN_REFRESH_MS = 30_000;

/** Keys of an external identity provider, fetched from its JWKS URL, cached, refreshed when an unknown `kid` appears. */
export class JwksKeySource implements JwtKeySource {
  private keys = new Map<string, KeyObject>();
  private fetchedAt = 0;
  private inFlight: Promise<void> | null = null;

  constructor(
    private readonly url: string,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async keyFor(kid: string | undefined): Promise<KeyObject | null> {
    const age = Date.now() - this.fetchedAt;
    const known = kid === undefined ? undefined : this.keys.get(kid);
    if (known && age < JWKS_TTL_MS) return known;
    if (age > JWKS_MIN_REFRESH_MS || this.fetchedAt === 0) await this.refresh();
    if (kid !== undefined) return this.keys.get(kid) ?? null;
    // No kid: only unambiguous when the set holds one key.
    return this.keys.size === 1 ? ([...this.keys.values()][0] ?? null) : null;
  }

  private refresh(): Promise<void> {
    this.inFlight ??= this.load().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  private async load(): Promise<void> {
    const response = await this.fetchImpl(this.url, { signal: AbortSignal.timeout(5000) });
    if (!response.ok) throw new Error(`JWKS answered ${response.status}`);
    const body = (await response.json()) as { keys?: Array<JsonWebKey & { kid?: string; use?: string }> };
    const keys = new Map<string, KeyObject>();
    for (const jwk of body.keys ?? []) {
      if (jwk.use && jwk.use !== 'sig') continue;
      try {
        keys.set(jwk.kid ?? '', createPublicKey({ key: jwk, format: 'jwk' }));
      } catch {
        // Skip keys this runtime cannot read rather than failing the whole set.
      }
    }
    this.keys = keys;
    this.fetchedAt = Date.now();
  }
}
