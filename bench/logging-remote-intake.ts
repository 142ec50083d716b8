// Child process of bench/logging.ts: events sent over HTTP as the API sends them in LOGGING_MODE=remote (the real
// HttpLogSink) to the standalone component at LOGGING_URL, fed as fast as the sink keeps up. Counts the rows the
// component stored during the window. Prints one `RESULT {json}` line.
import pg from 'pg';
import { HttpLogSink } from '../src/adapters/logging/http-log-sink.js';
import { cpuWindow } from './cpu.js';
import { BENCH_EVENT_NAME, produceEvents } from './logging-events.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 30);
const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
await client.connect();
const stored = async (): Promise<number> =>
  Number((await client.query<{ n: string }>('select count(*) as n from log where log_event = $1', [BENCH_EVENT_NAME])).rows[0]!.n);
const sink = new HttpLogSink(process.env.LOGGING_URL!, process.env.LOG_SHARED_SECRET!);

// Keep at most 2,000 events waiting (four requests' worth), so nothing is spilled to the console.
const before = await stored();
const cpu = cpuWindow();
const { accepted, seconds: elapsed } = await produceEvents(sink, seconds, 2000);
const storedInWindow = (await stored()) - before;
const reading = cpu.end();
await sink.close();
await client.end();
console.log(`RESULT ${JSON.stringify({ seconds: elapsed, accepted, storedInWindow, ownCores: reading.ownCores, otherCores: reading.otherCores })}`);
process.exit(0);
