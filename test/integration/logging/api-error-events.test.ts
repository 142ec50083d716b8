import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BufferedLogSink } from '../../../src/adapters/logging/buffered-log-sink.js';
import { ThreadLogWriter } from '../../../src/adapters/logging/thread-log-writer.js';
import { errorHandler } from '../../../src/adapters/kits/http/errors/error-response.js';
import { systemClock } from '../../../src/application/shared/clock.js';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.js';
import { eventually } from '../../support/test-service.js';
import { tapConsole, type ConsoleTap } from './logging-test-helpers.js';

// The HTTP error handler builds `api_error` from request data it does not control. Over real HTTP, into the real
// table through the API's buffer and writer thread: the sink sanitises it, so its batch is written whole.
let db: TestDatabase;
let writer: ThreadLogWriter;
let sink: BufferedLogSink;
let server: Server;
let base: string;
let tap: ConsoleTap;

beforeAll(async () => {
  db = await createTestDatabase();
  writer = new ThreadLogWriter(db.url);
  sink = new BufferedLogSink(writer, { flushMs: 50, batchMax: 500, bufferMax: 10_000 });
  const app = express();
  app.use(express.json());
  // Stands in for any code that quotes its input in an error: a lookup, a parser, a store's answer.
  app.post('/echo-failure', (req) => {
    throw new Error(`cannot handle ${String((req.body as { name?: unknown }).name)}`);
  });
  app.use(errorHandler(sink, systemClock, () => false));
  server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  tap = tapConsole();
});
afterAll(async () => {
  tap?.stop();
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  await sink?.close();
  await db?.drop();
});

it('writes an api_error whose message quotes a lone surrogate and a NUL, sanitised, with the rest of its batch', async () => {
  const post = (name: string) =>
    fetch(`${base}/echo-failure`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name }) }).then((r) => r.status);
  // Sent together, so they share a batch: one unfit event used to send the whole batch to the console only.
  const statuses = await Promise.all([post('plain-1'), post('x\u0000\ud800y'), post('plain-2'), post('half \udc00')]);
  expect(statuses).toEqual([500, 500, 500, 500]);
  const rows = await eventually(async () => {
    const found = await db.sql<{ message: string; endpoint: string }>(
      `select log_detail->>'message' as message, log_detail->>'endpoint' as endpoint from log where log_event = 'api_error' order by log_id`,
    );
    expect(found).toHaveLength(4);
    return found;
  });
  expect(rows.map((r) => r.message).sort()).toEqual(['cannot handle half \uFFFD', 'cannot handle plain-1', 'cannot handle plain-2', 'cannot handle x\uFFFDy']);
  expect(rows.every((r) => r.endpoint === 'POST /echo-failure')).toBe(true);
  expect(tap.lines().filter((l) => l.log_event === 'api_error')).toEqual([]);
});
