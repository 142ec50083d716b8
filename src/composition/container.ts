import { InstanceStampedLogSink } from '../application/logging/instance-stamped-log-sink.js';
import { randomUUID } from 'node:crypto';
import { Container } from 'inversify';
import type { AppConfig } from '../../config/config.js';
import { LogSink } from '../application/logging/log-sink.js';
import { ScheduledRuns } from '../application/pricing/ports/scheduled-runs.js';
import { Clock, systemClock } from '../application/shared/clock.js';
import type { LogBatchWriting } from '../adapters/logging/in-process-logging-module.js';
import { metadataModule } from '../adapters/metadata/metadata-module.js';
import { channelSenderModule } from '../adapters/notify/channel-senders.js';
import { netCheckModule } from '../adapters/net-check/net-check-module.js';
import { SqlScheduledRuns } from '../adapters/postgres/repositories/sql-scheduled-runs.js';
import { storeFetchingModule } from '../adapters/stores/store-fetching-module.js';
import { apiHttpModule } from './modules/api-http-module.js';
import { demoModule } from './modules/demo-module.js';
import { jobQueueModule } from './modules/job-queue-module.js';
import { logComponentModule } from './modules/log-component-module.js';
import { loggingModules } from './modules/logging-modules.js';
import { databaseModule, ormModule, persistenceModules } from './modules/persistence-module.js';
import { apiJobsModule, logComponentJobsModule, schedulerModule } from './modules/scheduling-module.js';
import { workersModule } from './modules/workers-module.js';
import { ShutdownStack } from './shutdown-stack.js';
import { StartedResources } from './started-resources.js';
import { Config, InstanceId, Say } from './tokens.js';

/**
 * The processes Shelfwatch runs: the API service (which is also the logging component in in-process mode), the job
 * CLI (`npm run job`), the standalone logging component and the log retention script.
 */
export type ProcessKind = 'api' | 'job' | 'logging-component' | 'log-maintenance';

export interface ContainerOptions {
  say: Say;
  /** Where the in-process log buffer writes (default: a writer thread, for a process answering HTTP). */
  logBatchWriting?: LogBatchWriting;
  /** Benchmark hook (logging off versus on); nothing else sets it: the process records into what this returns. */
  wrapLogSink?: (configured: LogSink) => LogSink;
}

/**
 * The composition root: every binding of a process, chosen from configuration by loading one module or another
 * (embedded or external database, in-process or remote logging, demonstration servers or not). Nothing is started
 * here; the boot sequence (boot.ts) starts the database and the queue, and the process resolves what it runs.
 */
export function createContainer(config: AppConfig, kind: ProcessKind, options: ContainerOptions): Container {
  // Use cases are concrete @injectable classes resolved by autobind; ports are bound by the modules below.
  const container = new Container({ autobind: true, defaultScope: 'Singleton' });
  const resources = new StartedResources();
  container.bind(Config).toConstantValue(config);
  container.bind(Say).toConstantValue(options.say);
  container.bind(Clock).toConstantValue(systemClock);
  container.bind(InstanceId).toConstantValue(randomUUID());
  container.bind(StartedResources).toConstantValue(resources);
  container.bind(ShutdownStack).toConstantValue(new ShutdownStack());
  container.loadSync(databaseModule(config, options.say), ormModule);

  const isComponent = kind === 'logging-component' || kind === 'log-maintenance';
  container.loadSync(...loggingModules(config, resources, options.logBatchWriting ?? 'writer-thread', isComponent));
  // Every event this process logs says which instance wrote it (INSTANCE_ID, or the host name).
  container.onActivation(LogSink, (_context, sink) => {
    const stamped = new InstanceStampedLogSink(sink, config.logging.instance);
    return options.wrapLogSink ? options.wrapLogSink(stamped) : stamped;
  });

  if (kind === 'api' || kind === 'job') {
    container.loadSync(
      ...persistenceModules,
      storeFetchingModule(config.pricing),
      channelSenderModule(config.mail, config.channels.allowPrivate),
      netCheckModule(config.channels),
      metadataModule(config.metadata),
      jobQueueModule(config),
      workersModule,
    );
  }
  if (kind === 'api') {
    container.loadSync(apiHttpModule(config), apiJobsModule(config), schedulerModule, demoModule(config));
    if (config.logging.mode === 'in-process') container.loadSync(logComponentModule(config));
  }
  if (kind === 'logging-component') {
    container.bind(ScheduledRuns).to(SqlScheduledRuns);
    container.loadSync(logComponentModule(config), logComponentJobsModule, schedulerModule);
  }
  return container;
}
