import type { LogSink } from '../../../src/application/logging/log-sink.js';
import type { LogEvent } from '../../../src/domain/logging/log-event.js';

/** Keeps every recorded event in order, for assertions. */
export class FakeLogSink implements LogSink {
  readonly events: LogEvent[] = [];
  closed = false;

  record(event: LogEvent): void {
    this.events.push(event);
  }

  async ready(): Promise<void> {}

  async close(): Promise<void> {
    this.closed = true;
  }

  /** The events with this name, in the order they were recorded. */
  named(event: string): LogEvent[] {
    return this.events.filter((e) => e.event === event);
  }

  /** The event names, in order. */
  names(): string[] {
    return this.events.map((e) => e.event);
  }
}
