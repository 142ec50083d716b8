// A local HTTP receiver for the channel tests: it records every request (method, path, headers, raw body) and
// answers as the test tells it by path.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:net';
import { type LocalHttpServer, startLocalHttpServer } from '../../../src/adapters/kits/net/local-http-server.js';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  rawBody: Buffer;
}

export type Answer = (res: ServerResponse, signal: AbortSignal) => Promise<void> | void;

export interface ChannelReceiver {
  url: string;
  port: number;
  received: ReceivedRequest[];
  close(): Promise<void>;
}

export async function startChannelReceiver(answers: Record<string, Answer>): Promise<ChannelReceiver> {
  const received: ReceivedRequest[] = [];
  const server: LocalHttpServer = await startLocalHttpServer(async (req, res, signal) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const path = new URL(req.url ?? '/', 'http://receiver').pathname;
    received.push({ method: req.method ?? '', path, headers: req.headers, rawBody: Buffer.concat(chunks) });
    const answer = answers[path];
    if (answer === undefined) res.writeHead(404).end();
    else await answer(res, signal);
  });
  return { url: server.url, port: Number(new URL(server.url).port), received, close: () => server.close() };
}

/** Waits `ms`, or less when the request is given up. */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** A port on 127.0.0.1 where nothing listens (it was free a moment ago). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
