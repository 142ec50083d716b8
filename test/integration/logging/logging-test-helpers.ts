// Shared by the logging suites: a console tap, a local webhook receiver, and intake calls over real HTTP.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import winston from 'winston';
import { consoleLogger } from '../../../src/adapters/kits/console/console-output.js';
import { SqlLogStore } from '../../../src/adapters/logging/sql-log-store.js';
import { ThreadLogWriter } from '../../../src/adapters/logging/thread-log-writer.js';
import { openOrm } from '../../../src/adapters/postgres/database.js';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.js';

export const SHARED_SECRET = 'intake-secret-0123456789abcdef';
export const VIEWER_TOKEN = 'viewer-token-0123456789abcdef';
export const LOGGING_ENV = { LOG_SHARED_SECRET: SHARED_SECRET, LOG_VIEWER_TOKEN: VIEWER_TOKEN };

/** Every line the platform console receives through the console logger, parsed (fallback events are JSON lines). */
export interface ConsoleTap {
  lines(): Array<Record<string, any>>;
  stop(): void;
}

export function tapConsole(): ConsoleTap {
  const lines: Array<Record<string, any>> = [];
  const stream = new Writable({
    objectMode: true,
    write(chunk: unknown, _encoding, done) {
      const info = chunk as Record<string | symbol, unknown>;
      const text = info[Symbol.for('message')];
      lines.push(typeof text === 'string' ? (JSON.parse(text) as Record<string, any>) : (info as Record<string, any>));
      done();
    },
  });
  const transport = new winston.transports.Stream({ stream });
  consoleLogger.add(transport);
  return { lines: () => [...lines], stop: () => void consoleLogger.remove(transport) };
}

export interface WebhookReceiver {
  url: string;
  received: Array<Record<string, any>>;
  /** When each of `received` arrived (`Date.now()`), in the same order. */
  receivedAt: number[];
  /** Status answered to the next calls (default 204). */
  answer(status: number): void;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: Array<Record<string, any>> = [];
  const receivedAt: number[] = [];
  let status = 204;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, any>);
      receivedAt.push(Date.now());
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received,
    receivedAt,
    answer: (s) => {
      status = s;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export interface IntakeEvent {
  log_level: string;
  log_source: string;
  log_event: string;
  log_detail?: Record<string, unknown>;
  log_time?: string;
}

/** `POST {base}/log` with the shared secret; resolves with the status. */
export async function postLog(base: string, event: unknown, secret: string | null = SHARED_SECRET): Promise<number> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (secret !== null) headers.authorization = `Bearer ${secret}`;
  const response = await fetch(`${base}/log`, { method: 'POST', headers, body: JSON.stringify(event) });
  await response.text();
  return response.status;
}

export async function getLogs(base: string, path = '/logs', headers: Record<string, string> = {}): Promise<{ status: number; body: any; text: string; headers: Headers }> {
  const response = await fetch(path.startsWith('http') ? path : `${base}${path}`, {
    headers: { authorization: `Bearer ${VIEWER_TOKEN}`, ...headers },
  });
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: response.status, body, text, headers: response.headers };
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Both batch writers of the service on a fresh database, with `log` emptied and the console tapped before each test. */
export interface LogWriters {
  db: TestDatabase;
  store: SqlLogStore;
  thread: ThreadLogWriter;
  tap: ConsoleTap;
}

/** Registers the suite's hooks; the fields are set from `beforeAll` on. */
export function useLogWriters(): LogWriters {
  const writers = {} as LogWriters;
  let orm: MikroORM | undefined;
  beforeAll(async () => {
    writers.db = await createTestDatabase();
    orm = await openOrm(writers.db.url, 2);
    writers.store = new SqlLogStore(orm.em);
    writers.thread = new ThreadLogWriter(writers.db.url);
  });
  beforeEach(async () => {
    await writers.db.sql('delete from log');
    writers.tap?.stop();
    writers.tap = tapConsole();
  });
  afterAll(async () => {
    writers.tap?.stop();
    await writers.thread?.close();
    await orm?.close(true);
    await writers.db?.drop();
  });
  return writers;
}
