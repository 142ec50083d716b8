import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HttpLogSink } from '../../../src/adapters/logging/http-log-sink.js';
import { detailProblem } from '../../../src/domain/logging/log-detail.js';
import type { LogEvent } from '../../../src/domain/logging/log-event.js';
import { eventually } from '../../support/test-service.js';
import { nested } from '../../unit/logging/detail-shapes.js';
import { SHARED_SECRET, tapConsole, type ConsoleTap } from './logging-test-helpers.js';

// The remote sink (LOGGING_MODE=remote) against a local node:http receiver standing in for the component.
interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}
let server: Server;
let url: string;
let received: Received[] = [];
let status = 202;
let delayMs = 0;
let tap: ConsoleTap;

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      setTimeout(() => res.writeHead(status).end(), delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  tap = tapConsole();
});
afterEach(() => {
  received = [];
  status = 202;
  delayMs = 0;
});
afterAll(async () => {
  tap.stop();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const event = (i: number, name = 'remote_probe'): LogEvent => ({
  level: 'warn',
  source: 'api',
  event: name,
  detail: { i },
  time: new Date(Date.UTC(2026, 10, 23, 12, 0, 0, i)),
});
const eventsIn = (r: Received): Array<Record<string, unknown>> =>
  r.headers['content-type'] === 'application/x-ndjson' ? r.body.split('\n').map((l) => JSON.parse(l)) : [JSON.parse(r.body)];

describe('HttpLogSink', () => {
  it('sends an event alone as the intake\'s JSON body, with the shared secret and its log_time', async () => {
    const sink = new HttpLogSink(url, SHARED_SECRET);
    sink.record(event(7));
    await eventually(async () => expect(received).toHaveLength(1));
    expect(received[0]!.headers).toMatchObject({ authorization: `Bearer ${SHARED_SECRET}`, 'content-type': 'application/json' });
    expect(JSON.parse(received[0]!.body)).toEqual({
      log_level: 'warn',
      log_source: 'api',
      log_event: 'remote_probe',
      log_detail: { i: 7 },
      log_time: '2026-11-23T12:00:00.007Z',
    });
    await sink.close();
  });

  it('sends events recorded together as NDJSON batches: every event once, far fewer requests', async () => {
    delayMs = 20;
    const sink = new HttpLogSink(url, SHARED_SECRET);
    for (let i = 0; i < 3000; i++) sink.record(event(i));
    await sink.close();
    // Up to 4 requests run at once, so batches may arrive in any order; each keeps its events' order.
    const batches = received.map((r) => eventsIn(r).map((e) => (e.log_detail as { i: number }).i));
    for (const batch of batches) expect(batch).toEqual([...batch].sort((a, b) => a - b));
    expect(batches.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: 3000 }, (_, i) => i));
    expect(received.length).toBeLessThanOrEqual(10);
    expect(received.every((r) => r.headers['content-type'] === 'application/x-ndjson')).toBe(true);
    expect(Math.max(...received.map((r) => eventsIn(r).length))).toBeLessThanOrEqual(500);
  });

  it('writes each event of a refused batch to the console, naming the answer', async () => {
    status = 400;
    const sink = new HttpLogSink(url, SHARED_SECRET);
    for (let i = 0; i < 5; i++) sink.record(event(i, 'refused_probe'));
    await sink.close();
    const lines = tap.lines().filter((l) => l.log_event === 'refused_probe');
    expect(lines.map((l) => l.log_detail.i)).toEqual([0, 1, 2, 3, 4]);
    expect(lines.every((l) => l.fallback === 'logging_component_answered_400')).toBe(true);
  });

  it('is bounded: while the component hangs, events past 10,000 waiting go to the console at once', async () => {
    delayMs = 1500;
    const sink = new HttpLogSink(url, SHARED_SECRET);
    for (let i = 0; i < 12_500; i++) sink.record(event(i, 'busy_probe'));
    // Up to 4 requests of 500 left at once; 10,000 more wait; the rest was spilled.
    const spilled = tap.lines().filter((l) => l.log_event === 'busy_probe');
    expect(spilled.length).toBeGreaterThanOrEqual(500);
    expect(spilled.every((l) => l.fallback === 'logging_component_busy')).toBe(true);
    expect(sink.pending + spilled.length).toBeLessThanOrEqual(12_500);
    await sink.close();
    expect(received.flatMap(eventsIn).length + spilled.length).toBe(12_500);
  });

  it('after close, an event goes to the console', async () => {
    const sink = new HttpLogSink(url, SHARED_SECRET);
    await sink.close();
    sink.record(event(1, 'closed_probe'));
    expect(tap.lines().filter((l) => l.log_event === 'closed_probe').map((l) => l.fallback)).toEqual(['sink_closed']);
    expect(received).toHaveLength(0);
  });
  it("sends the service's own unfit events sanitised, within the component's limits, so none refuses a batch", async () => {
    const sink = new HttpLogSink(url, SHARED_SECRET);
    const details = [{ i: 0, name: 'x\ud800y' }, nested(5000), { i: 2, stack: 'at f (a.ts:1:1)\n'.repeat(2000) }, { i: 3, text: 'a\u0000b' }];
    for (const [i, detail] of details.entries()) sink.record({ ...event(i, 'unfit_remote_probe'), detail });
    await sink.close();
    const sent = received.flatMap(eventsIn);
    expect(sent).toHaveLength(4);
    for (const e of sent) expect(detailProblem(e.log_detail as Record<string, unknown>)).toBeNull();
    expect(sent[0]!.log_detail).toEqual({ i: 0, name: 'x\uFFFDy' });
    expect(sent[2]!.log_detail).toMatchObject({ i: 2, detail_truncated: true });
    expect(sent[3]!.log_detail).toEqual({ i: 3, text: 'ab' });
    expect(tap.lines().filter((l) => l.log_event === 'unfit_remote_probe')).toEqual([]);
  });
});
