import type { AuthConfig, OidcConfig } from '../../../../config/config.js';
import type { JwtKeySource } from './jwt-key-source.js';
import { JwksKeySource } from './jwks-key-source.js';
import { StaticKeySource } from './static-key-source.js';
import { publicKeyFromPem, secretKey } from './jwt-verifier.js';
import { OidcJwksKeySource } from './oidc-discovery.js';

/**
 * Picks the key source from configuration; `hsSecret` is the resolved HS256 secret when that mode is used. With OIDC
 * the keys are the provider's: JWT_JWKS_URL when set (e.g. the provider reached by an internal address), else the
 * discovery document's `jwks_uri`.
 */
export function keySourceFromConfig(
  auth: AuthConfig,
  hsSecret: string | null,
  oidc: OidcConfig | null = null,
  onDiscoveryFailed?: (error: Error) => void,
): JwtKeySource {
  if (auth.jwksUrl) return new JwksKeySource(auth.jwksUrl);
  if (oidc) return new OidcJwksKeySource(oidc.issuer, onDiscoveryFailed);
  if (auth.publicKey) return new StaticKeySource(publicKeyFromPem(auth.publicKey));
  if (!hsSecret) throw new Error('JWT_SECRET is required for HS256');
  return new StaticKeySource(secretKey(hsSecret));
}

/**
 * The `iss` and `aud` a token must carry. With OIDC: the issuer, and the client id (the ID token's audience) or
 * JWT_AUDIENCE when set (access tokens some providers issue for an API), either being enough.
 */
export function expectedClaims(auth: AuthConfig, oidc: OidcConfig | null): { issuer: string | null; audience: string | string[] | null } {
  if (!oidc) return { issuer: auth.issuer, audience: auth.audience };
  return { issuer: oidc.issuer, audience: auth.audience && auth.audience !== oidc.clientId ? [oidc.clientId, auth.audience] : oidc.clientId };
}
