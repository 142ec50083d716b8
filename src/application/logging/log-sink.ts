import type { ServiceIdentifier } from 'inversify';
import type { LogEvent } from '../../domain/logging/log-event.js';

/**
 * Where operational events go. `record` never blocks and never throws: logging must not slow
 * or break the request path. `close` flushes what was accepted.
 */
export interface LogSink {
  record(event: LogEvent): void;
  /**
   * Resolves when the sink can take more events without spilling them: at once, unless a backlog has built up
   * (then within a bounded wait). The intake awaits it before answering, so a sender that outpaces the database
   * is slowed down instead of having its events spilled to the console. The request path never awaits it.
   */
  ready(): Promise<void>;
  close(): Promise<void>;
}
export const LogSink = Symbol.for('LogSink') as ServiceIdentifier<LogSink>;
