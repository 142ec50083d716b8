// `npm start`: the API service (and, with LOGGING_MODE=in-process, the logging component).
import 'reflect-metadata';
import { loadConfig } from '../../../config/config.js';
import { consoleLogger } from '../../adapters/kits/console/console-output.js';
import { signDevelopmentToken } from '../../adapters/web/auth/dev-token.js';
import { startService } from '../api-service.js';
import { exitOnStartFailure, onStopSignal } from '../process-signals.js';
import { commandFor } from './install-commands.js';

const say = (line: string): void => console.log(line);

async function main(): Promise<void> {
  const config = loadConfig();
  // Claimed before the start, which can take a while (a database to provision and migrate): a SIGTERM meanwhile
  // (an orchestrator giving up, node as a container's PID 1) stops the service as soon as it has started.
  let onStop: ((signal: string) => void) | null = null;
  let stopRequested: string | null = null;
  onStopSignal((signal) => {
    if (onStop) return onStop(signal);
    stopRequested = signal;
    say(`${signal} received while starting: stopping once started ...`);
  });
  const service = await startService(config, say);
  say(`Shelfwatch is listening on ${service.url} (web UI at ${service.url}/, API under ${service.url}/api, OpenAPI at ${service.url}/api/openapi.json)`);
  if (config.web.devSignIn) say(`Development sign-in is on (DEV_SIGN_IN): ${service.url}/sign-in.html`);
  if (config.database.kind === 'embedded' && service.hsSecret && config.nodeEnv !== 'production') {
    say(`Development token (user "dev", valid 30 days):\n${signDevelopmentToken(service.hsSecret, 'dev')}`);
  } else {
    // Never a token in production output (logs are kept and shipped): where one comes from instead.
    say(
      service.hsSecret
        ? `Sign-in tokens: \`${commandFor('token', '<user>')}\` prints one, or sign in through an identity provider (docs/operations.md)`
        : 'Sign-in tokens come from your identity provider (docs/operations.md)',
    );
  }

  let stopping = false;
  const stop = (exitCode: number, graceMs?: number): void => {
    stopping = true;
    service.stop(graceMs === undefined ? undefined : { graceMs }).then(
      () => process.exit(exitCode),
      (error: unknown) => {
        consoleLogger.error('shutdown failed', { error: String(error) });
        process.exit(1);
      },
    );
  };
  onStop = (signal) => {
    if (stopping) return;
    say(
      `${signal} received: finishing requests in flight and fetch bundles in hand (up to ${config.shutdownGraceMs / 1000} s), ` +
        'handing back the rest, flushing logs, stopping ...',
    );
    stop(0);
  };
  if (stopRequested !== null) onStop(stopRequested);
  // The embedded database died and could not be restarted: nothing can be served or finished any more (no grace).
  void service.lost.then((error) => {
    if (stopping) return;
    console.error(error.message);
    stop(1, 0);
  });
}

main().catch(exitOnStartFailure('Shelfwatch could not start'));
