// The demonstration store server (C7.3): four stores on one local node:http server, each with its own markup
// style, deterministic prices, and behaviours (latency, errors, 429s, captchas, ...) that tests set.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkControlRequest } from './behaviour-schema.js';
import { DEMO_STORES } from './demo-store-catalogue.js';
import { checkedLatency, DemoStoreState } from './demo-store-state.js';
import { isDemoStoreSlug, type DemoStoreServer, type DemoStoreServerOptions } from './demo-store-types.js';
import { handleControlRequest } from './control-request-handler.js';
import { sendHtml, sendJson } from './http-responses.js';
import { indexPage } from './pages/index-page.js';
import { plainNotFoundPage } from './pages/protection-pages.js';
import { handleStoreRequest } from './store-request-handler.js';

export const DEFAULT_DEMO_SEED = 'shelfwatch';

export async function startDemoStoreServer(options: DemoStoreServerOptions = {}): Promise<DemoStoreServer> {
  const host = options.host ?? '127.0.0.1';
  const initialLatency = checkedLatency(options.latencyMs ?? 0);
  const state = new DemoStoreState(options.seed ?? DEFAULT_DEMO_SEED, initialLatency);
  /** One controller per request in progress: aborted when its client goes away, or all at once on close. */
  const pending = new Set<AbortController>();

  const server = createServer((req, res) => {
    const controller = new AbortController();
    pending.add(controller);
    res.once('close', () => {
      pending.delete(controller);
      if (!res.writableFinished) controller.abort();
    });
    route(state, req, res, controller.signal).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { error: 'internal', message: error instanceof Error ? error.message : String(error) });
      else res.destroy();
    });
  });
  // Benchmarks keep connections open between bursts.
  server.keepAliveTimeout = 30_000;
  server.headersTimeout = 35_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  state.baseUrl = `http://${urlHost(address.address)}:${address.port}`;

  let closed: Promise<void> | null = null;
  return {
    url: state.baseUrl,
    close() {
      closed ??= new Promise<void>((resolve) => {
        for (const controller of pending) controller.abort();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closed;
    },
    set(store, isbn, behaviour) {
      const checked = checkControlRequest(store, isbn, behaviour);
      state.overrides.set(checked.store, checked.isbn, checked.behaviour);
    },
    reset() {
      state.reset();
    },
    stats() {
      return state.stats.snapshot();
    },
    setLatency(ms) {
      state.latencyMs = checkedLatency(ms);
    },
  };
}

async function route(state: DemoStoreState, req: IncomingMessage, res: ServerResponse, signal: AbortSignal): Promise<void> {
  const path = pathOf(req.url ?? '/');
  if (path === '/' || path === '/index.html') {
    sendHtml(req, res, 200, indexPage(DEMO_STORES, state.latencyMs));
    return;
  }
  if (path === '/__control' || path.startsWith('/__control/')) {
    await handleControlRequest(state, path, req, res);
    return;
  }
  const slug = path.split('/')[1] ?? '';
  if (isDemoStoreSlug(slug)) {
    await handleStoreRequest(state, slug, path, req, res, signal);
    return;
  }
  sendHtml(req, res, 404, plainNotFoundPage(path));
}

function pathOf(rawUrl: string): string {
  try {
    return decodeURIComponent(new URL(rawUrl, 'http://demo.invalid').pathname);
  } catch {
    return rawUrl;
  }
}

/** The host part of the base URL: loopback for a wildcard address, brackets for IPv6. */
function urlHost(address: string): string {
  if (address === '0.0.0.0') return '127.0.0.1';
  if (address === '::') return '[::1]';
  return address.includes(':') ? `[${address}]` : address;
}
