import type { KeyObject } from 'node:crypto';
import type { JwtKeySource } from './jwt-key-source.js';
import { JwksKeySource } from './jwks-key-source.js';

/** What the service reads from a provider's discovery document; the browser reads the rest itself. */
export interface DiscoveredProvider {
  issuer: string;
  jwksUri: string;
}

/** OpenID Connect Discovery 1.0 §4: the document lives under the issuer, whose trailing slash is not doubled. */
export function discoveryUrl(issuer: string): string {
  return `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
}

/**
 * Fetches and checks the discovery document: its `issuer` must be exactly the configured one (§4.3, so a document
 * served elsewhere cannot speak for this issuer), and `jwks_uri` a URL of the same kind (https, or http on loopback
 * like the issuer).
 */
export async function discoverProvider(issuer: string, fetchImpl: typeof fetch = fetch): Promise<DiscoveredProvider> {
  const url = discoveryUrl(issuer);
  let response: Response;
  try {
    response = await fetchImpl(url, { headers: { Accept: 'application/json' }, signal: AbortSignal.timeout(5000) });
  } catch (error) {
    throw new Error(`OIDC discovery at ${url} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!response.ok) throw new Error(`OIDC discovery at ${url} answered ${response.status}`);
  let body: { issuer?: unknown; jwks_uri?: unknown };
  try {
    body = (await response.json()) as typeof body;
  } catch {
    throw new Error(`OIDC discovery at ${url} did not answer JSON`);
  }
  if (body.issuer !== issuer) {
    throw new Error(`OIDC discovery at ${url} names the issuer ${JSON.stringify(body.issuer)}, not OIDC_ISSUER "${issuer}"`);
  }
  if (typeof body.jwks_uri !== 'string' || !sameKindOfUrl(body.jwks_uri, issuer)) {
    throw new Error(`OIDC discovery at ${url} has no usable jwks_uri (${JSON.stringify(body.jwks_uri)})`);
  }
  return { issuer, jwksUri: body.jwks_uri };
}

function sameKindOfUrl(candidate: string, issuer: string): boolean {
  try {
    const url = new URL(candidate);
    return url.protocol === 'https:' || (url.protocol === 'http:' && new URL(issuer).protocol === 'http:');
  } catch {
    return false;
  }
}

/** After a failed discovery, the next attempt waits this long, so a provider that is down is not asked per request. */
const RETRY_AFTER_FAILURE_MS = 30_000;

/**
 * The provider's keys found through its discovery document, looked up when first needed (the provider may start
 * after Shelfwatch), then kept: the JWKS itself is cached and refreshed by `JwksKeySource`. A failed discovery is
 * reported once per attempt and tried again after 30 s; tokens meanwhile fail as `invalid_signature`.
 */
export class OidcJwksKeySource implements JwtKeySource {
  private keys: JwksKeySource | null = null;
  private inFlight: Promise<JwksKeySource> | null = null;
  private failedAt = 0;
  private lastError: Error | null = null;

  constructor(
    private readonly issuer: string,
    private readonly onDiscoveryFailed: (error: Error) => void = () => undefined,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async keyFor(kid: string | undefined): Promise<KeyObject | null> {
    return (await this.source()).keyFor(kid);
  }

  /** Discovers now (at start-up), so a wrong issuer shows in the log before the first sign-in; never throws. */
  async warmUp(): Promise<boolean> {
    try {
      await this.source();
      return true;
    } catch {
      return false;
    }
  }

  private source(): Promise<JwksKeySource> {
    if (this.keys) return Promise.resolve(this.keys);
    if (this.lastError && Date.now() - this.failedAt < RETRY_AFTER_FAILURE_MS) return Promise.reject(this.lastError);
    this.inFlight ??= discoverProvider(this.issuer, this.fetchImpl)
      .then((provider) => {
        this.keys = new JwksKeySource(provider.jwksUri, this.fetchImpl);
        this.lastError = null;
        return this.keys;
      })
      .catch((error: unknown) => {
        this.lastError = error instanceof Error ? error : new Error(String(error));
        this.failedAt = Date.now();
        this.onDiscoveryFailed(this.lastError);
        throw this.lastError;
      })
      .finally(() => {
        this.inFlight = null;
      });
    return this.inFlight;
  }
}
