import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Answers one request; `signal` aborts when its client goes away or the server closes (a slowed answer stops). */
export type AbortableHandler = (req: IncomingMessage, res: ServerResponse, signal: AbortSignal) => Promise<void>;

export interface LocalHttpServer {
  /** `http://host:port`, loopback for a wildcard address, brackets for IPv6. */
  url: string;
  /** Aborts the answers in progress and drops kept-alive connections; idempotent. */
  close(): Promise<void>;
}

/**
 * The small HTTP servers that stand in for the outside world (the demonstration stores and metadata services):
 * each request gets an abort signal, a handler failure is a 500 JSON answer (or a dropped connection once headers
 * went out), and it listens on `host:port` (port 0: a free one), rejecting when the port is taken.
 */
export interface LocalHttpServerOptions {
  host?: string;
  port?: number;
  /** How long an idle kept-alive connection stays open (Node's default, 5 s, when not given). */
  keepAliveMs?: number;
}

export async function startLocalHttpServer(handle: AbortableHandler, options: LocalHttpServerOptions = {}): Promise<LocalHttpServer> {
  const pending = new Set<AbortController>();
  const server = createServer((req, res) => {
    const controller = new AbortController();
    pending.add(controller);
    res.once('close', () => {
      pending.delete(controller);
      if (!res.writableFinished) controller.abort();
    });
    handle(req, res, controller.signal).catch((error: unknown) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      const body = JSON.stringify({ error: 'internal', message: error instanceof Error ? error.message : String(error) });
      res.writeHead(500, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) }).end(body);
    });
  });
  if (options.keepAliveMs !== undefined) {
    server.keepAliveTimeout = options.keepAliveMs;
    server.headersTimeout = options.keepAliveMs + 5_000;
  }
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  let closed: Promise<void> | null = null;
  return {
    url: `http://${urlHost(address.address)}:${address.port}`,
    close() {
      closed ??= new Promise<void>((resolve) => {
        for (const controller of pending) controller.abort();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closed;
    },
  };
}

function urlHost(address: string): string {
  if (address === '0.0.0.0') return '127.0.0.1';
  if (address === '::') return '[::1]';
  return address.includes(':') ? `[${address}]` : address;
}
