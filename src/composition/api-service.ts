import type { MikroORM } from '@mikro-orm/postgresql';
import type { Container } from 'inversify';
import type { AppConfig } from '../../config/config.js';
import { consoleLogger } from '../adapters/kits/console/console-output.js';
import { listen } from '../adapters/kits/http/http-server.js';
import { MaintainerAlertSweep } from '../adapters/logging/maintainer-alert-sweep.js';
import { CronScheduler } from '../adapters/scheduler/cron-scheduler.js';
import { bootDatabase, bootHsSecret, bootJobQueue } from './boot.js';
import { type ContainerOptions, createContainer } from './container.js';
import { DemoMetadataServer, DemoStoreServer } from './modules/demo-module.js';
import { ChannelMessageWorkerToken, ChannelTestWorkerToken, EnrichmentWorkerToken, FetchWorkerPool } from './modules/workers-module.js';
import { Readiness } from './readiness.js';
import { ShutdownStack } from './shutdown-stack.js';
import { StartedResources } from './started-resources.js';
import { ApiHttpApp } from './tokens.js';

export { SERVICE_VERSION } from './modules/api-http-module.js';

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

/** The API service (`npm start`): everything resolved from the container, started in dependency order. */
export async function startService(config: AppConfig, say: (line: string) => void = () => undefined, options: ServiceOptions = {}): Promise<RunningService> {
  const container = createContainer(config, 'api', { say, ...options });
  const shutdown = container.get(ShutdownStack);
  try {
    await bootDatabase(container, { seedReferenceData: true, poolMax: config.dbPoolMax });
    await bootJobQueue(container);
    // The demonstration servers start before the workers that fetch from them, so they are stopped after them.
    if (config.pricing.demoServer) await container.getAsync(DemoStoreServer);
    if (config.metadata.demoServerUrl !== null) await container.getAsync(DemoMetadataServer);
    if (config.pricing.workers) container.get(FetchWorkerPool);
    if (config.metadata.sources.length > 0) await container.getAsync(EnrichmentWorkerToken);
    await container.getAsync(ChannelTestWorkerToken);
    await container.getAsync(ChannelMessageWorkerToken);
    await bootHsSecret(container);
    // In-process mode this process is the logging component: it serves /log and /logs and sends maintainer alerts.
    if (config.logging.mode === 'in-process') startAlertSweep(container);

    const server = await listen(await container.getAsync(ApiHttpApp), config.port, config.host);
    const readiness = container.get(Readiness);
    // Stops accepting at once; answers in flight get until the grace deadline to be written out.
    shutdown.push('HTTP server', ({ deadline }) => server.close(deadline), () => readiness.markStopping());
    if (config.pricing.scheduler) startScheduler(container);

    const resources = container.get(StartedResources);
    return {
      url: `http://${shownHost(config.host)}:${server.port}`,
      port: server.port,
      databaseUrl: resources.databaseUrl,
      hsSecret: resources.hsSecret,
      orm: resources.orm,
      container,
      stop: ({ graceMs = config.shutdownGraceMs } = {}) => shutdown.unwind(reportStopFailure, { graceMs }),
      lost: resources.databaseLost,
    };
  } catch (error) {
    await shutdown.unwind();
    throw error;
  }
}

/** The sweep that sends grouped maintainer alerts. */
export function startAlertSweep(container: Container): void {
  const sweep = container.get(MaintainerAlertSweep);
  sweep.start();
  container.get(ShutdownStack).push('maintainer alert sweep', () => sweep.stop());
}

export function startScheduler(container: Container): void {
  const scheduler = container.get(CronScheduler);
  scheduler.start();
  container.get(ShutdownStack).push('scheduler', async () => scheduler.stop());
}

export function reportStopFailure(step: string, error: unknown): void {
  consoleLogger.error('shutdown step failed', { step, error: String(error) });
}

export const shownHost = (host: string): string => (host === '0.0.0.0' || host === '::' ? 'localhost' : host);
