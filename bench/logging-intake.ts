// Child process of bench/logging.ts: the in-process logging component alone (the real container module, the
// real buffer, the real bulk insert), fed by a producer as fast as the buffer keeps up; then the cost of one
// `record` call on the request path. Prints one `RESULT {json}` line.
import 'reflect-metadata';
import { Container } from 'inversify';
import { loadConfig } from '../config/config.js';
import { LogSink } from '../src/application/logging/log-sink.js';
import { Clock, systemClock } from '../src/application/shared/clock.js';
import type { BufferedLogSink } from '../src/adapters/logging/buffered-log-sink.js';
import { loggingModule } from '../src/composition/modules/logging-module.js';
import { openOrm } from '../src/adapters/postgres/database.js';
import { cpuWindow } from './cpu.js';
import { BENCH_EVENT_NAME, benchEvent, pause, produceEvents } from './logging-events.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 30);
const databaseUrl = process.env.DATABASE_URL!;
const config = loadConfig({ DATABASE_URL: databaseUrl, JWT_SECRET: 'x'.repeat(32), NODE_ENV: 'test' });
const orm = await openOrm(databaseUrl, 4);
const container = new Container({ autobind: true, defaultScope: 'Singleton' });
container.bind(Clock).toConstantValue(systemClock);
container.loadSync(loggingModule(config, { databaseUrl, orm }, { isComponent: true, writing: 'writer-thread' }));
const sink = container.get(LogSink) as BufferedLogSink;
const stored = async (): Promise<number> =>
  Number((await orm.em.execute<Array<{ n: string }>>(`select count(*) as n from log where log_event = ?`, [BENCH_EVENT_NAME]))[0]!.n);

// 1. Sustained intake: keep at most two batches waiting, so nothing spills; count what the table holds at the end.
const { batchMax } = config.logging;
const before = await stored();
const cpu = cpuWindow();
const { accepted, seconds: elapsed } = await produceEvents(sink, seconds, 2 * batchMax);
const storedInWindow = (await stored()) - before;
const intakeCpu = cpu.end();
await sink.flush();
const storedAfterFlush = (await stored()) - before;

// 2. The request path: one `record` call, timed alone, while the buffer is written in the background.
const samples: number[] = [];
const CALLS = 200_000;
for (let i = 0; i < CALLS; ) {
  if (sink.pending > 4 * batchMax) {
    await pause();
    continue;
  }
  for (let j = 0; j < 500 && i < CALLS; j++, i++) {
    const event = benchEvent(i);
    const t0 = process.hrtime.bigint();
    sink.record(event);
    samples.push(Number(process.hrtime.bigint() - t0));
  }
  await pause();
}
// The timer's own cost, measured the same way, so it can be stated beside the result.
const empty: number[] = [];
for (let i = 0; i < 100_000; i++) {
  const t0 = process.hrtime.bigint();
  empty.push(Number(process.hrtime.bigint() - t0));
}
samples.sort((a, b) => a - b);
empty.sort((a, b) => a - b);
const at = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! / 1000;
await sink.close();
await orm.close(true);

console.log(
  `RESULT ${JSON.stringify({
    seconds: elapsed,
    accepted,
    storedInWindow,
    storedAfterFlush,
    ownCores: intakeCpu.ownCores,
    otherCores: intakeCpu.otherCores,
    record: { calls: samples.length, p50: at(samples, 50), p99: at(samples, 99), p999: at(samples, 99.9), max: samples[samples.length - 1]! / 1000 },
    timerP99: at(empty, 99),
  })}`,
);
process.exit(0);
