import { inject, injectable } from 'inversify';
import type { LogEvent } from '../../domain/logging/log-event.js';
import { LogSink } from './log-sink.js';

/**
 * Intake (`POST /log`): the events sent by the API join the buffer and are written with the next batch. Resolves
 * once the buffer has room again, so the intake answers a sender that outpaces the database later, not by spilling.
 */
@injectable()
export class RecordLogEvent {
  constructor(@inject(LogSink) private readonly sink: LogSink) {}

  async execute(events: readonly LogEvent[]): Promise<void> {
    for (const event of events) this.sink.record(event);
    await this.sink.ready();
  }
}
