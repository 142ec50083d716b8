import { ContainerModule } from 'inversify';
import type { AppConfig } from '../../../config/config.js';
import { expectedClaims, keySourceFromConfig } from '../../adapters/http/auth/jwt-key-source-from-config.js';
import { JwtVerifier } from '../../adapters/http/auth/jwt-verifier.js';
import { OidcJwksKeySource } from '../../adapters/http/auth/oidc-discovery.js';
import { consoleLogger } from '../../adapters/kits/console/console-output.js';
import { CursorCodec } from '../../adapters/kits/http/pagination/cursor-codec.js';
import { Paginator } from '../../adapters/kits/http/pagination/page-links.js';
import { Readiness } from '../readiness.js';
import type { Started } from '../started.js';

/** What the API's HTTP application is made with (http-apps.ts): its paginator, its readiness, its JWT verifier. */
export const apiHttpModule = (config: AppConfig, started: Pick<Started, 'cursorKey' | 'hsSecret'>) =>
  new ContainerModule(({ bind }) => {
    // Keyed with the database's own secret (read at boot), so every instance honours the others' cursors.
    bind(Paginator).toConstantValue(new Paginator(new CursorCodec(started.cursorKey)));
    bind(Readiness).toConstantValue(new Readiness());
    bind(JwtVerifier).toConstantValue(jwtVerifierOf(config, started.hsSecret));
  });

function jwtVerifierOf(config: AppConfig, hsSecret: string | null): JwtVerifier {
  const keys = keySourceFromConfig(config.auth, hsSecret, config.oidc, (error) =>
    consoleLogger.warn('oidc discovery failed', { issuer: config.oidc?.issuer, error: error.message }),
  );
  // Discovered at start-up without waiting: a wrong OIDC_ISSUER shows in the log before anyone signs in.
  if (keys instanceof OidcJwksKeySource) void keys.warmUp();
  return new JwtVerifier({
    algorithms: config.auth.algorithms,
    keys,
    ...expectedClaims(config.auth, config.oidc),
    maxAgeSeconds: config.auth.maxAgeSeconds,
  });
}
