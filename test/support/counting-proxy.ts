// A tiny HTTP proxy in front of the demonstration store server that remembers every request it forwarded
// (path, User-Agent, time), so tests can tell which page was fetched how often and by which instance.
import { Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ProxiedRequest {
  /** Demonstration store slug, the first path segment (e.g. `paperback-palace`). */
  store: string;
  /** Last path segment (the ISBN on product pages). */
  isbn: string;
  path: string;
  userAgent: string;
  at: number;
}

export interface CountingProxy {
  /** Base URL to use as DEMO_STORE_URL (no trailing slash). */
  url: string;
  requests(): ProxiedRequest[];
  /** Forgets every request seen so far. */
  clear(): void;
  close(): Promise<void>;
}

export async function startCountingProxy(targetUrl: string): Promise<CountingProxy> {
  const target = new URL(targetUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  let seen: ProxiedRequest[] = [];

  const server = createServer((req, res) => {
    const path = req.url ?? '/';
    const segments = path.split('?')[0]!.split('/').filter((s) => s !== '');
    seen.push({
      store: segments[0] ?? '',
      isbn: segments[segments.length - 1] ?? '',
      path,
      userAgent: String(req.headers['user-agent'] ?? ''),
      at: Date.now(),
    });
    const upstream = request(
      { host: target.hostname, port: Number(target.port), method: req.method, path, headers: { ...req.headers, host: target.host }, agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    res.on('close', () => upstream.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests: () => [...seen],
    clear: () => {
      seen = [];
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}
