import type { MikroORM } from '@mikro-orm/postgresql';
import type { Container } from 'inversify';
import type { AppConfig } from '../../config/config.js';
import { PurgeOldLogs } from '../application/logging/purge-old-logs.js';
import { listen } from '../adapters/kits/http/http-server.js';
import { reportStopFailure, shownHost, startAlertSweep } from './api-service.js';
import { bootProcess } from './boot.js';
import { logHttpApp } from './http-apps.js';
import { logRetentionJob, startScheduler } from './scheduled-jobs.js';

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
  const { started, container, shutdown } = await bootProcess(config, 'logging-component', { say });
  try {
    startAlertSweep(container, config);
    const server = await listen(logHttpApp(container, config, started), config.logging.port, config.host);
    shutdown.push('HTTP server', () => server.close());
    if (!config.logging.sharedSecret) say('LOG_SHARED_SECRET is unset: POST /log refuses every event (401).');
    if (!config.logging.viewerToken) say('LOG_VIEWER_TOKEN is unset: the viewer GET /logs is closed (401).');
    // Its scheduler runs the retention only.
    if (config.pricing.scheduler) startScheduler(container, [logRetentionJob(container.get(PurgeOldLogs), config.logging.retention.cron)]);
    return {
      url: `http://${shownHost(config.host)}:${server.port}`,
      port: server.port,
      orm: started.orm,
      container,
      stop: () => shutdown.unwind(reportStopFailure),
    };
  } catch (error) {
    await shutdown.unwind();
    throw error;
  }
}
