import type { LogEvent } from '../../domain/logging/log-event.js';
import type { LogSink } from './log-sink.js';

/**
 * Writes this process's instance on every event it logs, so two API instances behind one logging component can be
 * told apart. An event that already says (an intake event, null when its sender did not) keeps what it says.
 */
export class InstanceStampedLogSink implements LogSink {
  constructor(
    private readonly inner: LogSink,
    private readonly instance: string,
  ) {}

  record(event: LogEvent): void {
    this.inner.record(event.instance === undefined ? { ...event, instance: this.instance } : event);
  }

  ready(): Promise<void> {
    return this.inner.ready();
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
