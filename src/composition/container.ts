import { Container } from 'inversify';
import type { AppConfig } from '../../config/config.js';
import { InstanceStampedLogSink } from '../application/logging/instance-stamped-log-sink.js';
import { LogSink } from '../application/logging/log-sink.js';
import { apiHttpModule } from './modules/api-http-module.js';
import { jobQueueModule } from './modules/job-queue-module.js';
import { type LogBatchWriting, loggingModule } from './modules/logging-module.js';
import { exchangeRatesModule, lendingModule, metadataModule } from './modules/metadata-module.js';
import { notifyModule } from './modules/notify-module.js';
import { ormModule } from './modules/orm-module.js';
import { postgresRepositoriesModule, scheduleClaimsModule } from './modules/postgres-repositories-module.js';
import { processModule } from './modules/process-module.js';
import { storeFetchingModule } from './modules/store-fetching-module.js';
import type { ShutdownStack } from './shutdown-stack.js';
import { jobQueueOf, type Started } from './started.js';
import type { Say } from './tokens.js';

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
 * The second phase of the boot (boot.ts): every binding of a process, in the modules of `modules/`, chosen from
 * configuration when the container is made (in-process or remote logging, which process it is), with what the first
 * phase started as constants. Use cases and job handlers are @injectable classes resolved by autobind. Nothing is
 * started here; the process resolves what it runs.
 */
export function createContainer(config: AppConfig, kind: ProcessKind, started: Started, shutdown: ShutdownStack, options: ContainerOptions): Container {
  const container = new Container({ autobind: true, defaultScope: 'Singleton' });
  const isComponent = kind === 'logging-component' || kind === 'log-maintenance';
  container.loadSync(
    processModule(config, options.say, shutdown),
    ormModule(started.orm),
    loggingModule(config, started, { isComponent, writing: options.logBatchWriting ?? 'writer-thread' }),
  );
  // Every event this process logs says which instance wrote it (INSTANCE_ID, or the host name).
  container.onActivation(LogSink, (_context, sink) => {
    const stamped = new InstanceStampedLogSink(sink, config.logging.instance);
    return options.wrapLogSink ? options.wrapLogSink(stamped) : stamped;
  });

  if (kind === 'api' || kind === 'job') {
    container.loadSync(
      postgresRepositoriesModule,
      scheduleClaimsModule,
      storeFetchingModule(config.pricing),
      notifyModule(config),
      metadataModule(config.metadata),
      lendingModule(config.lending, config.metadata),
      exchangeRatesModule(config.exchangeRates),
      jobQueueModule(config, jobQueueOf(started), started.orm),
    );
  }
  if (kind === 'api') container.loadSync(apiHttpModule(config, started));
  if (kind === 'logging-component') container.loadSync(scheduleClaimsModule);
  return container;
}
