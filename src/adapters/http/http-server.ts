import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';

const SHUTDOWN_GRACE_MS = 10_000;

export interface RunningServer {
  port: number;
  /** Stops accepting connections and resolves when requests in flight have finished. */
  close(): Promise<void>;
}

export async function listen(app: Express, port: number, host: string): Promise<RunningServer> {
  const server: Server = createServer(app);
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        // Requests in flight finish; connections are closed as soon as they fall idle, and forced after a grace period.
        const sweep = setInterval(() => server.closeIdleConnections(), 100);
        const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
        server.close(() => {
          clearInterval(sweep);
          clearTimeout(force);
          resolve();
        });
        server.closeIdleConnections();
      }),
  };
}
