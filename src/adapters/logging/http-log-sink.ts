import type { LogSink } from '../../application/logging/log-sink.js';
import type { LogEvent } from '../../domain/logging/log-event.js';
import { eventToConsole } from './console-output.js';
import { withoutNul } from './json-text.js';

const SEND_TIMEOUT_MS = 5000;
/** Beyond this many sends in flight (component slow or gone), events go to the console instead of piling up. */
const MAX_IN_FLIGHT = 512;

/**
 * LOGGING_MODE=remote: each event is POSTed to the standalone component without waiting for it (C8.2). When the
 * component is down or refuses the event, the event is lost there, as the seed says, and written to the console.
 */
export class HttpLogSink implements LogSink {
  private readonly endpoint: string;
  private readonly inFlight = new Set<Promise<void>>();
  private closed = false;

  constructor(
    loggingUrl: string,
    private readonly sharedSecret: string,
  ) {
    this.endpoint = `${loggingUrl}/log`;
  }

  record(event: LogEvent): void {
    if (this.closed) return eventToConsole(event, 'sink_closed');
    if (this.inFlight.size >= MAX_IN_FLIGHT) return eventToConsole(event, 'logging_component_busy');
    const sending = this.send(event).finally(() => this.inFlight.delete(sending));
    this.inFlight.add(sending);
  }

  /** Waits for the sends in flight, so a graceful stop does not cut them. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.inFlight]);
  }

  private async send(event: LogEvent): Promise<void> {
    try {
      const response = await fetch(this.endpoint, {
        method: 'POST',
        headers: { authorization: `Bearer ${this.sharedSecret}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          log_level: event.level,
          log_source: event.source,
          log_event: event.event,
          log_detail: event.detail,
          log_time: event.time.toISOString(),
        }, withoutNul),
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      await response.body?.cancel();
      if (response.status !== 202) eventToConsole(event, `logging_component_answered_${response.status}`);
    } catch {
      eventToConsole(event, 'logging_component_unavailable');
    }
  }
}
