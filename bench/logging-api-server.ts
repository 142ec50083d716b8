// Child process of bench/logging.ts: the API as `npm start` runs it, with logging on (the in-process buffer) or,
// with BENCH_LOGGING=off, a sink that drops every event: the same code path otherwise.
import 'reflect-metadata';
import { loadConfig } from '../config/config.js';
import type { LogSink } from '../src/application/logging/log-sink.js';
import { startService } from '../src/service.js';

const discard: LogSink = { record: () => undefined, ready: async () => undefined, close: async () => undefined };
const service = await startService(loadConfig(), () => undefined, process.env.BENCH_LOGGING === 'off' ? { logSink: discard } : {});
console.log(`READY ${service.url}`);
process.on('SIGTERM', () => void service.stop().then(() => process.exit(0)));
