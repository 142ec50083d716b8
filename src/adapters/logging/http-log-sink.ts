import type { LogSink } from '../../application/logging/log-sink.js';
import { sanitiseEvent } from '../../domain/logging/log-detail-sanitiser.js';
import type { LogEvent } from '../../domain/logging/log-event.js';
import { eventToConsole } from '../kits/console/console-output.js';

const SEND_TIMEOUT_MS = 5000;
/** Requests to the component at once; events that arrive meanwhile wait and leave together in the next one. */
const MAX_SENDS_IN_FLIGHT = 4;
/** Events waiting beyond this (component slow or gone) go to the console instead of piling up. */
const MAX_WAITING = 10_000;
/** One request's batch: under the component's limits (1,000 events, 1 MiB). */
const BATCH_EVENTS = 500;
const BATCH_BYTES = 512 * 1024;

/**
 * LOGGING_MODE=remote: events are POSTed to the standalone component without the caller waiting. An event
 * alone goes as the intake's JSON body; when several are waiting (a busy API) they go together as NDJSON, one
 * event per line, so a request is not paid per event. When the component is down or refuses a request, its
 * events are lost there, as the seed says, and written to the console. Every event is made fit as it is recorded
 * (`sanitiseEvent`), so it passes the component's limits on `log_detail` and one event never refuses a whole batch.
 */
export class HttpLogSink implements LogSink {
  private readonly endpoint: string;
  private waiting: LogEvent[] = [];
  private readonly inFlight = new Set<Promise<void>>();
  private sendScheduled = false;
  private closed = false;

  constructor(
    loggingUrl: string,
    private readonly sharedSecret: string,
  ) {
    this.endpoint = `${loggingUrl}/log`;
  }

  record(event: LogEvent): void {
    if (this.closed) return eventToConsole(event, 'sink_closed');
    if (this.waiting.length >= MAX_WAITING) return eventToConsole(event, 'logging_component_busy');
    this.waiting.push(sanitiseEvent(event));
    this.scheduleSend();
  }

  /** The API never waits for logging; past MAX_WAITING, events go to the console instead. */
  ready(): Promise<void> {
    return Promise.resolve();
  }

  /** Events accepted and not yet sent. */
  get pending(): number {
    return this.waiting.length;
  }

  /** Sends what is waiting and waits for every send, so a graceful stop loses nothing it accepted. */
  async close(): Promise<void> {
    this.closed = true;
    while (this.waiting.length > 0 || this.inFlight.size > 0) {
      this.sendWaiting();
      await Promise.race(this.inFlight);
    }
  }

  /** On the next turn of the event loop, so the events one request (or one job step) records travel together. */
  private scheduleSend(): void {
    if (this.sendScheduled || this.inFlight.size >= MAX_SENDS_IN_FLIGHT) return;
    this.sendScheduled = true;
    setImmediate(() => {
      this.sendScheduled = false;
      this.sendWaiting();
    });
  }

  private sendWaiting(): void {
    while (this.inFlight.size < MAX_SENDS_IN_FLIGHT && this.waiting.length > 0) {
      const sending = this.send(this.takeBatch()).finally(() => {
        this.inFlight.delete(sending);
        if (this.waiting.length > 0) this.scheduleSend();
      });
      this.inFlight.add(sending);
    }
  }

  private takeBatch(): Array<{ event: LogEvent; line: string }> {
    const batch: Array<{ event: LogEvent; line: string }> = [];
    let bytes = 0;
    while (this.waiting.length > 0 && batch.length < BATCH_EVENTS) {
      const line = intakeJson(this.waiting[0]!);
      const size = Buffer.byteLength(line) + 1;
      if (batch.length > 0 && bytes + size > BATCH_BYTES) break;
      batch.push({ event: this.waiting.shift()!, line });
      bytes += size;
    }
    return batch;
  }

  private async send(batch: Array<{ event: LogEvent; line: string }>): Promise<void> {
    const single = batch.length === 1;
    try {
      const response = await fetch(this.endpoint, {
        method: 'POST',
        headers: { authorization: `Bearer ${this.sharedSecret}`, 'content-type': single ? 'application/json' : 'application/x-ndjson' },
        body: single ? batch[0]!.line : batch.map((b) => b.line).join('\n'),
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      await response.body?.cancel();
      if (response.status !== 202) for (const b of batch) eventToConsole(b.event, `logging_component_answered_${response.status}`);
    } catch {
      for (const b of batch) eventToConsole(b.event, 'logging_component_unavailable');
    }
  }
}

/**
 * An event as the intake's body; `log_time` is sent, since events are timestamped where they happen (an
 * invalid time is left out, so the component stamps the arrival instead of this throwing in a timer callback).
 */
function intakeJson(event: LogEvent): string {
  const time = event.time instanceof Date && !Number.isNaN(event.time.getTime()) ? event.time.toISOString() : undefined;
  return JSON.stringify({
    log_level: event.level,
    log_source: event.source,
    log_event: event.event,
    log_detail: event.detail,
    log_time: time,
    log_instance: event.instance ?? undefined,
  });
}
