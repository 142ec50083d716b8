import type { AuthConfig } from '../../../../config/config.js';
import { JwksKeySource, StaticKeySource, type JwtKeySource } from './jwt-key-source.js';
import { publicKeyFromPem, secretKey } from './jwt-verifier.js';

/** Picks the key source from configuration; `hsSecret` is the resolved HS256 secret when that mode is used. */
export function keySourceFromConfig(auth: AuthConfig, hsSecret: string | null): JwtKeySource {
  if (auth.jwksUrl) return new JwksKeySource(auth.jwksUrl);
  if (auth.publicKey) return new StaticKeySource(publicKeyFromPem(auth.publicKey));
  if (!hsSecret) throw new Error('JWT_SECRET is required for HS256');
  return new StaticKeySource(secretKey(hsSecret));
}
