// A TCP proxy in front of PostgreSQL that can "take the database down" (cut every connection, refuse new ones)
// and bring it back, for the outage tests.
import { createServer, type Socket, connect } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface TogglingProxy {
  /** The target URL with host and port replaced by the proxy's. */
  url: string;
  down(): void;
  up(): void;
  close(): Promise<void>;
}

export async function startTogglingProxy(targetUrl: string): Promise<TogglingProxy> {
  const target = new URL(targetUrl);
  const sockets = new Set<Socket>();
  let isUp = true;
  const server = createServer((client) => {
    if (!isUp) return void client.destroy();
    const upstream = connect(Number(target.port || 5432), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(targetUrl);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as AddressInfo).port);
  return {
    url: url.toString(),
    down() {
      isUp = false;
      for (const s of sockets) s.destroy();
    },
    up() {
      isUp = true;
    },
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
