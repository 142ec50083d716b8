// Answers a request under one store's path: the latency first, then the store's front page, a product page in
// the behaviour asked for, or the store's 404 page.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { abortableDelay } from './abortable-delay.js';
import { DEMO_STORES } from './demo-store-catalogue.js';
import { isIsbn13, type DemoStoreSlug } from './demo-store-types.js';
import { sendHtml } from './http-responses.js';
import { sendHugePage } from './huge-response.js';
import { captchaPage, forbiddenPage, rateLimitedPage, serverErrorPage } from './pages/protection-pages.js';
import { productPage, storeHomePage, storeNotFoundPage } from './product-pages.js';
import type { DemoStoreState } from './demo-store-state.js';

export async function handleStoreRequest(
  state: DemoStoreState,
  slug: DemoStoreSlug,
  path: string,
  req: IncomingMessage,
  res: ServerResponse,
  signal: AbortSignal,
): Promise<void> {
  const done = state.stats.begin(slug);
  res.once('close', done);
  if (!(await abortableDelay(state.latencyMs, signal))) return;

  if (req.method !== 'GET' && req.method !== 'HEAD') {
    sendHtml(req, res, 405, '<!DOCTYPE html><title>405 Method Not Allowed</title><h1>Method not allowed</h1>', { allow: 'GET, HEAD' });
    return;
  }
  const store = DEMO_STORES[slug];
  if (path === store.homePath || `${path}/` === store.homePath) {
    sendHtml(req, res, 200, storeHomePage(slug, state.seed, state.baseUrl));
    return;
  }
  const isbn = path.startsWith(store.productPathPrefix) ? path.slice(store.productPathPrefix.length).replace(/\/$/, '') : null;
  if (isbn === null || !isIsbn13(isbn)) {
    sendHtml(req, res, 404, storeNotFoundPage(slug, isbn ?? path, state.seed, state.baseUrl));
    return;
  }

  const behaviour = state.overrides.take(slug, isbn);
  switch (behaviour?.kind) {
    case 'not_found':
      sendHtml(req, res, 404, storeNotFoundPage(slug, isbn, state.seed, state.baseUrl));
      return;
    case 'captcha':
      sendHtml(req, res, 200, captchaPage(store, path));
      return;
    case 'forbidden':
      sendHtml(req, res, 403, forbiddenPage(store, path));
      return;
    case 'rate_limited':
      sendHtml(req, res, 429, rateLimitedPage(store, behaviour.retryAfterSeconds), { 'retry-after': String(behaviour.retryAfterSeconds) });
      return;
    case 'server_error':
      sendHtml(req, res, 503, serverErrorPage(store));
      return;
    case 'slow':
      if (!(await abortableDelay(behaviour.delayMs, signal))) return;
      sendHtml(req, res, 200, productPage(slug, isbn, state.seed, state.baseUrl, null));
      return;
    case 'huge':
      await sendHugePage(req, res, productPage(slug, isbn, state.seed, state.baseUrl, null), behaviour.megabytes);
      return;
    case 'price':
    case 'no_price':
    case 'ambiguous':
    case 'used_and_new':
    case undefined:
      sendHtml(req, res, 200, productPage(slug, isbn, state.seed, state.baseUrl, behaviour ?? null));
      return;
  }
}
