import type { LogSink } from '../../../src/application/logging/log-sink.js';
import type { LogEvent } from '../../../src/domain/logging/log-event.js';

/**
 * Keeps every recorded event in order, for assertions. `holdReady` makes `ready` wait, as a sink with a backlog does,
 * until the function it returns is called.
 */
export class FakeLogSink implements LogSink {
  readonly events: LogEvent[] = [];
  closed = false;
  readyCalls = 0;
  private backlog: Promise<void> | null = null;

  holdReady(): () => void {
    let release!: () => void;
    this.backlog = new Promise((resolve) => (release = resolve));
    return () => {
      this.backlog = null;
      release();
    };
  }

  record(event: LogEvent): void {
    this.events.push(event);
  }

  async ready(): Promise<void> {
    this.readyCalls++;
    await this.backlog;
  }

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
