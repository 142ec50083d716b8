import { ContainerModule } from 'inversify';
import { LogSink } from '../../application/logging/log-sink.js';
import { HttpLogSink } from './http-log-sink.js';

/** LOGGING_MODE=remote: events are sent to the standalone component at `LOGGING_URL`, without waiting. */
export const remoteLoggingModule = (loggingUrl: string, sharedSecret: string) =>
  new ContainerModule(({ bind }) => {
    bind(LogSink).toConstantValue(new HttpLogSink(loggingUrl, sharedSecret));
  });
