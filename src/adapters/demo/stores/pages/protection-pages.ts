// What stores answer when they will not show the page: a bot check (200 with a challenge and no price), access
// denied (403), too many requests (429) and a maintenance error (503). Plain pages, as a protection layer in front
// of a shop would serve them, naming the shop but not using its design.
import { esc, htmlDocument } from './html.js';
import type { DemoStoreEntry } from '../demo-store-catalogue.js';

const STYLE = `<style>
  body { font-family: Arial, Helvetica, sans-serif; background: #f4f5f7; color: #222; }
  .box { max-width: 520px; margin: 80px auto; background: #fff; padding: 32px; border-radius: 8px; box-shadow: 0 2px 10px rgba(0,0,0,.08); }
  .check { display: flex; align-items: center; gap: 12px; padding: 14px; border: 1px solid #ccd; border-radius: 4px; margin: 20px 0; }
  .ref { color: #888; font-size: 12px; }
</style>`;

function reference(store: DemoStoreEntry, path: string): string {
  let h = 0;
  for (const c of `${store.slug}${path}`) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return h.toString(16).padStart(8, '0');
}

/** A "verify you are human" challenge: 200, no product, no price. */
export function captchaPage(store: DemoStoreEntry, path: string): string {
  const body = `<div class="box" id="challenge">
  <h1>Please verify you are human</h1>
  <p>${esc(store.name)} needs to check that you are not a robot before you continue. This only takes a moment.</p>
  <form class="captcha-form" action="/__challenge" method="post">
    <input type="hidden" name="return_to" value="${esc(path)}">
    <input type="hidden" name="challenge_token" value="${reference(store, path)}${reference(store, `${path}#t`)}">
    <label class="check"><input type="checkbox" name="human" required> I'm not a robot</label>
    <div class="captcha-puzzle" data-captcha="image-grid" aria-label="Select all images with bicycles"></div>
    <button type="submit">Continue</button>
  </form>
  <p>Why am I seeing this? Unusual traffic was detected from your network. Enable JavaScript and cookies, then try again.</p>
  <p class="ref">Reference: ${reference(store, path)}</p>
</div>`;
  return htmlDocument('en', `<title>Security check</title>\n<meta name="robots" content="noindex, nofollow">\n${STYLE}`, body, 'challenge-page');
}

/** 403: the client is blocked. */
export function forbiddenPage(store: DemoStoreEntry, path: string): string {
  const body = `<div class="box">
  <h1>Access denied</h1>
  <p>You don't have permission to access this page on ${esc(store.name)}. If you think this is a mistake, contact the shop and quote the reference below.</p>
  <p class="ref">Reference: ${reference(store, path)}</p>
</div>`;
  return htmlDocument('en', `<title>403 Forbidden</title>\n${STYLE}`, body);
}

/** 429: slow down. */
export function rateLimitedPage(store: DemoStoreEntry, retryAfterSeconds: number): string {
  const body = `<div class="box">
  <h1>Too many requests</h1>
  <p>${esc(store.name)} has received too many requests from your address. Please wait ${retryAfterSeconds} seconds and try again.</p>
</div>`;
  return htmlDocument('en', `<title>429 Too Many Requests</title>\n${STYLE}`, body);
}

/** 503: the shop is down for a moment. */
export function serverErrorPage(store: DemoStoreEntry): string {
  const body = `<div class="box">
  <h1>We'll be right back</h1>
  <p>${esc(store.name)} is temporarily unavailable. Our team has been notified; please try again in a few minutes.</p>
</div>`;
  return htmlDocument('en', `<title>503 Service Unavailable</title>\n${STYLE}`, body);
}

/** 404 outside any store. */
export function plainNotFoundPage(path: string): string {
  return htmlDocument('en', `<title>404 Not Found</title>\n${STYLE}`, `<div class="box"><h1>Not found</h1><p>Nothing lives at <code>${esc(path)}</code>. See <a href="/">the list of demonstration stores</a>.</p></div>`);
}
