// Prints a sign-in token: `npm run token -- <user>` (`npm run token:prod -- <user>` in a production install, also
// inside the container image), valid for 30 days or JWT_MAX_AGE, whichever is shorter. Uses JWT_SECRET, or the secret
// the embedded mode keeps in DATA_DIR. With an identity provider (OIDC, JWT_JWKS_URL, JWT_PUBLIC_KEY) it issues them.
import { ConfigError, loadConfig } from '../../../config/config.js';
import { localSecrets } from '../../adapters/postgres/embedded-postgres.js';
import { DEV_TOKEN_TTL_SECONDS, signDevelopmentToken } from '../../adapters/web/auth/dev-token.js';
import { commandFor } from './install-commands.js';

async function main(args: string[]): Promise<void> {
  const subject = args.find((a) => !a.startsWith('--'));
  if (!subject) throw new Error(`Usage: ${commandFor('token', '<user>')}`);
  const config = loadConfig();
  if (!config.auth.algorithms.includes('HS256')) {
    throw new Error('Tokens can only be minted for HS256; with JWT_PUBLIC_KEY / JWT_JWKS_URL your identity provider issues them');
  }
  const secret =
    config.auth.secret ?? (config.database.kind === 'embedded' ? (await localSecrets(config.database.dataDir)).jwtSecret : null);
  if (!secret) throw new Error('JWT_SECRET is not set');
  console.log(signDevelopmentToken(secret, subject, Math.min(DEV_TOKEN_TTL_SECONDS, config.auth.maxAgeSeconds)));
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
});
