import type { ServiceIdentifier } from 'inversify';
import type { LogEvent } from '../../domain/logging/log-event.js';

/**
 * Where operational events go. `record` never blocks and never throws: logging must not slow
 * or break the request path. `close` flushes what was accepted.
 */
export interface LogSink {
  record(event: LogEvent): void;
  close(): Promise<void>;
}
export const LogSink = Symbol.for('LogSink') as ServiceIdentifier<LogSink>;
