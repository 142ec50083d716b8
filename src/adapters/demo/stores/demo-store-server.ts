// The demonstration store server: four stores on one local node:http server, each with its own markup
// style, deterministic prices, and behaviours (latency, errors, 429s, captchas, ...) that tests set.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { startLocalHttpServer } from '../../kits/net/local-http-server.js';
import { checkControlRequest } from './behaviour-schema.js';
import { DEMO_STORES } from './demo-store-catalogue.js';
import { checkedLatency, DemoStoreState } from './demo-store-state.js';
import { isDemoStoreSlug, type DemoStoreServer, type DemoStoreServerOptions } from './demo-store-types.js';
import { handleControlRequest } from './control-request-handler.js';
import { sendHtml } from './http-responses.js';
import { indexPage } from './pages/index-page.js';
import { plainNotFoundPage } from './pages/protection-pages.js';
import { handleStoreRequest } from './store-request-handler.js';

export const DEFAULT_DEMO_SEED = 'shelfwatch';

export async function startDemoStoreServer(options: DemoStoreServerOptions = {}): Promise<DemoStoreServer> {
  const initialLatency = checkedLatency(options.latencyMs ?? 0);
  const state = new DemoStoreState(options.seed ?? DEFAULT_DEMO_SEED, initialLatency);
  // Benchmarks keep connections open between bursts.
  const server = await startLocalHttpServer((req, res, signal) => route(state, req, res, signal), {
    host: options.host,
    port: options.port,
    keepAliveMs: 30_000,
  });
  state.baseUrl = server.url;

  return {
    url: server.url,
    close: () => server.close(),
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
