import { inject, injectable } from 'inversify';
import type { LogEvent } from '../../domain/logging/log-event.js';
import { LogSink } from './log-sink.js';

/** Intake (`POST /log`): an event sent by the API joins the buffer; it is written with the next batch. */
@injectable()
export class RecordLogEvent {
  constructor(@inject(LogSink) private readonly sink: LogSink) {}

  execute(event: LogEvent): void {
    this.sink.record(event);
  }
}
