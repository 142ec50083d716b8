// Child process of bench/logging.ts: the API as `npm start` runs it (in-process logging), with a switch in front of
// its log sink. Switched off, the sink drops every event; switched on, events go to the configured buffer and into
// the `log` table. Comparing one process with itself keeps what differs between two Node processes (code layout,
// JIT decisions, heap) out of the measurement: two identical processes differed by up to 5 % on this machine.
// The switch: POST http://127.0.0.1:$BENCH_CONTROL_PORT/logging/on (or /off); it answers once the switch is made.
import 'reflect-metadata';
import { createServer } from 'node:http';
import { loadConfig } from '../config/config.js';
import type { LogSink } from '../src/application/logging/log-sink.js';
import type { LogEvent } from '../src/domain/logging/log-event.js';
import { startService } from '../src/composition/api-service.js';

class SwitchableLogSink implements LogSink {
  enabled = true;
  constructor(readonly configured: LogSink & Partial<{ flush(): Promise<void> }>) {}
  record(event: LogEvent): void {
    if (this.enabled) this.configured.record(event);
  }
  ready(): Promise<void> {
    return this.configured.ready();
  }
  close(): Promise<void> {
    return this.configured.close();
  }
}

let sink: SwitchableLogSink | null = null;
const service = await startService(loadConfig(), () => undefined, {
  wrapLogSink: (configured) => (sink = new SwitchableLogSink(configured)),
});

const control = createServer((request, response) => {
  const match = /^\/logging\/(on|off)$/.exec(request.url ?? '');
  if (request.method !== 'POST' || !match || !sink) {
    response.writeHead(404).end();
    return;
  }
  const switched = sink;
  switched.enabled = match[1] === 'on';
  // Switching off writes what the last run left in the buffer now, so no later run pays for it.
  void (switched.enabled ? Promise.resolve() : (switched.configured.flush?.() ?? Promise.resolve())).then(() => response.writeHead(204).end());
});
control.listen(Number(process.env.BENCH_CONTROL_PORT), '127.0.0.1', () => console.log(`READY ${service.url}`));
process.on('SIGTERM', () => {
  control.close();
  void service.stop().then(() => process.exit(0));
});
