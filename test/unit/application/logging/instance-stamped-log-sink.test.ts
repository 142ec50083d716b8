import { describe, expect, it } from 'vitest';
import { InstanceStampedLogSink } from '../../../../src/application/logging/instance-stamped-log-sink.js';
import type { LogSink } from '../../../../src/application/logging/log-sink.js';
import type { LogEvent } from '../../../../src/domain/logging/log-event.js';

class RecordingSink implements LogSink {
  readonly events: LogEvent[] = [];
  closed = false;
  record(event: LogEvent): void {
    this.events.push(event);
  }
  async ready(): Promise<void> {}
  async close(): Promise<void> {
    this.closed = true;
  }
}

const event = (instance?: string | null): LogEvent => ({
  level: 'info',
  source: 'api',
  event: 'probe',
  detail: {},
  time: new Date('2026-11-29T00:00:00Z'),
  ...(instance === undefined ? {} : { instance }),
});

describe('InstanceStampedLogSink', () => {
  it("stamps this process's instance on an event that does not say", () => {
    const inner = new RecordingSink();
    new InstanceStampedLogSink(inner, 'api-1').record(event());
    expect(inner.events[0]!.instance).toBe('api-1');
  });

  it('keeps what an event says: another instance (an intake event), or null (a sender that did not say)', () => {
    const inner = new RecordingSink();
    const sink = new InstanceStampedLogSink(inner, 'component');
    sink.record(event('api-2'));
    sink.record(event(null));
    expect(inner.events.map((e) => e.instance)).toEqual(['api-2', null]);
  });

  it('passes close through, so the buffer is flushed', async () => {
    const inner = new RecordingSink();
    await new InstanceStampedLogSink(inner, 'x').close();
    expect(inner.closed).toBe(true);
  });
});
