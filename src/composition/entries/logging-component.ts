// `npm run start:logging`: the standalone logging component (LOGGING_MODE=remote on the API side).
import 'reflect-metadata';
import { loadConfig } from '../../../config/config.js';
import { consoleLogger } from '../../adapters/kits/console/console-output.js';
import { startLoggingComponent } from '../logging-component.js';
import { exitOnStartFailure, onStopSignal } from '../process-signals.js';

const say = (line: string): void => console.log(line);

async function main(): Promise<void> {
  const config = loadConfig(undefined, 'logging-component');
  const component = await startLoggingComponent(config, say);
  say(`Shelfwatch logging component is listening on ${component.url} (POST /log, GET /logs)`);
  onStopSignal((signal) => {
    say(`${signal} received: finishing requests in flight, writing buffered events, stopping ...`);
    component.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        consoleLogger.error('shutdown failed', { error: String(error) });
        process.exit(1);
      },
    );
  });
}

main().catch(exitOnStartFailure('The logging component could not start'));
