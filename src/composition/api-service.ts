import type { MikroORM } from '@mikro-orm/postgresql';
import type { Container } from 'inversify';
import type { AppConfig } from '../../config/config.js';
import { CheckMaintainerAlerts } from '../application/logging/check-maintainer-alerts.js';
import { consoleLogger } from '../adapters/kits/console/console-output.js';
import { listen } from '../adapters/kits/http/http-server.js';
import { MaintainerAlertSweep } from '../adapters/logging/maintainer-alert-sweep.js';
import { bootProcess } from './boot.js';
import type { ContainerOptions } from './container.js';
import { startDemoServers } from './demo-servers.js';
import { apiHttpApp } from './http-apps.js';
import { Readiness } from './readiness.js';
import { jobQueueOf } from './started.js';
import { apiScheduledJobs, refreshExchangeRatesOnStart, startScheduler } from './scheduled-jobs.js';
import { ShutdownStack } from './shutdown-stack.js';
import { startWorkers } from './workers.js';

export { SERVICE_VERSION } from './http-apps.js';

export interface RunningService {
  url: string;
  port: number;
  databaseUrl: string;
  /** The HS256 secret in use (development token printing), null with public-key verification. */
  hsSecret: string | null;
  orm: MikroORM;
  container: Container;
  /** Graceful, bounded by SHUTDOWN_GRACE_MS (then about 10 s for the rest): stop the scheduler, stop taking
   *  requests and let those in flight finish, finish or hand back the fetch bundles in hand, stop the demonstration
   *  servers, the job queue, flush logs, close the pool, stop an embedded database. */
  stop(options?: { graceMs?: number }): Promise<void>;
  /** Settles if the database this process runs died for good: the process should stop and exit non-zero. */
  lost: Promise<Error>;
}

export type ServiceOptions = Pick<ContainerOptions, 'wrapLogSink'>;

/** The API service (`npm start`): booted (boot.ts), then what it runs started in dependency order. */
export async function startService(config: AppConfig, say: (line: string) => void = () => undefined, options: ServiceOptions = {}): Promise<RunningService> {
  const { started, container, shutdown } = await bootProcess(config, 'api', { say, ...options });
  try {
    // The demonstration servers start before the workers that fetch from them, so they are stopped after them.
    await startDemoServers(config, shutdown, say);
    await startWorkers(container, config, jobQueueOf(started));
    // In-process mode this process is the logging component: it serves /log and /logs and sends maintainer alerts.
    if (config.logging.mode === 'in-process') startAlertSweep(container, config);

    const server = await listen(await apiHttpApp(container, config, started), config.port, config.host);
    const readiness = container.get(Readiness);
    // Stops accepting at once; answers in flight get until the grace deadline to be written out.
    shutdown.push('HTTP server', ({ deadline }) => server.close(deadline), () => readiness.markStopping());
    if (config.pricing.scheduler) startScheduler(container, apiScheduledJobs(container, config));
    refreshExchangeRatesOnStart(container, config, say);

    return {
      url: `http://${shownHost(config.host)}:${server.port}`,
      port: server.port,
      databaseUrl: started.databaseUrl,
      hsSecret: started.hsSecret,
      orm: started.orm,
      container,
      stop: ({ graceMs = config.shutdownGraceMs } = {}) => shutdown.unwind(reportStopFailure, { graceMs }),
      lost: started.databaseLost,
    };
  } catch (error) {
    await shutdown.unwind();
    throw error;
  }
}

/** The sweep that sends grouped maintainer alerts. */
export function startAlertSweep(container: Container, config: AppConfig): void {
  const sweep = new MaintainerAlertSweep(container.get(CheckMaintainerAlerts), {
    groupWindowMs: config.logging.alerts.groupWindowMs,
    flushMs: config.logging.flushMs,
  });
  sweep.start();
  container.get(ShutdownStack).push('maintainer alert sweep', () => sweep.stop());
}

export function reportStopFailure(step: string, error: unknown): void {
  consoleLogger.error('shutdown step failed', { step, error: String(error) });
}

export const shownHost = (host: string): string => (host === '0.0.0.0' || host === '::' ? 'localhost' : host);
