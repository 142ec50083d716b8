import type { MikroORM } from '@mikro-orm/postgresql';
import type { Container } from 'inversify';
import type { AppConfig } from '../../config/config.js';
import { listen } from '../adapters/kits/http/http-server.js';
import { reportStopFailure, shownHost, startAlertSweep, startScheduler } from './api-service.js';
import { bootDatabase } from './boot.js';
import { createContainer } from './container.js';
import { ShutdownStack } from './shutdown-stack.js';
import { StartedResources } from './started-resources.js';
import { LogHttpApp } from './tokens.js';

export interface RunningLoggingComponent {
  url: string;
  port: number;
  orm: MikroORM;
  container: Container;
  /** Graceful: stop the scheduler, finish requests in flight, write every accepted event, close the pool. */
  stop(): Promise<void>;
}

/** The standalone logging component (`npm run start:logging`): its own port, the API's database. */
export async function startLoggingComponent(config: AppConfig, say: (line: string) => void = () => undefined): Promise<RunningLoggingComponent> {
  const container = createContainer(config, 'logging-component', { say });
  const shutdown = container.get(ShutdownStack);
  try {
    // Migrations only (the `log` table and alert windows); reference data is the API's business.
    await bootDatabase(container, { seedReferenceData: false, poolMax: config.dbPoolMax });
    startAlertSweep(container);
    const server = await listen(container.get(LogHttpApp), config.logging.port, config.host);
    shutdown.push('HTTP server', () => server.close());
    if (!config.logging.sharedSecret) say('LOG_SHARED_SECRET is unset: POST /log refuses every event (401).');
    if (!config.logging.viewerToken) say('LOG_VIEWER_TOKEN is unset: the viewer GET /logs is closed (401).');
    if (config.pricing.scheduler) startScheduler(container);
    return {
      url: `http://${shownHost(config.host)}:${server.port}`,
      port: server.port,
      orm: container.get(StartedResources).orm,
      container,
      stop: () => shutdown.unwind(reportStopFailure),
    };
  } catch (error) {
    await shutdown.unwind();
    throw error;
  }
}
