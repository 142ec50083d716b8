// The web routes without a database: pages, bundles (minified, compressed, cached), the prebuilt bundles, the
// development sign-in on and off, DEV_SIGN_IN in config.
import express from 'express';
import jwt from 'jsonwebtoken';
import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../config/config.js';
import { systemClock } from '../../../src/application/shared/clock.js';
import { errorHandler } from '../../../src/adapters/kits/http/errors/error-response.js';
import { clientPageBundles, clientStyleSheet, PREBUILT_BUNDLES_DIR, writeClientBundles } from '../../../src/adapters/web/client-bundles.js';
import { createWebRoutes } from '../../../src/adapters/web/web-routes.js';

const SECRET = 'unit-test-secret-that-is-long-enough-0123456789';

async function serve(devSignIn: boolean) {
  const app = express();
  app.use(await createWebRoutes({ devSignIn, hsSecret: SECRET }));
  app.use((_req, res) => {
    res.status(404).json({ error: 'not_found', message: 'Nothing here' });
  });
  // The service's own error table, so bad input answers as it does there (400, 413, 415).
  app.use(errorHandler({ record: () => undefined, ready: async () => undefined, close: async () => undefined }, systemClock, () => false));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** A GET (or HEAD) with exactly these headers, the body as the bytes that came over the wire (fetch would decode them). */
function raw(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The content-hashed script and style sheet URLs a page's document links to. */
async function assetUrlsOf(base: string, page: string): Promise<{ script: string; style: string }> {
  const html = await (await fetch(`${base}/${page}.html`)).text();
  const script = new RegExp(`<script type="module" src="(/assets/${page}\\.[A-Za-z0-9_-]{12}\\.js)"></script>`).exec(html)?.[1];
  const style = /<link rel="stylesheet" href="(\/assets\/style\.[A-Za-z0-9_-]{12}\.css)">/.exec(html)?.[1];
  if (!script || !style) throw new Error(`no hashed asset URLs in ${page}.html:\n${html.slice(0, 600)}`);
  return { script, style };
}

let on: Awaited<ReturnType<typeof serve>>;
let off: Awaited<ReturnType<typeof serve>>;
beforeAll(async () => {
  [on, off] = await Promise.all([serve(true), serve(false)]);
});
afterAll(async () => {
  await Promise.all([on?.close(), off?.close()]);
});

describe('web routes', () => {
  it('serves static pages that hold no data, with their bundle and the style sheet', async () => {
    const page = await fetch(`${off.base}/books.html`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await page.text();
    expect(html).toMatch(/^<!doctype html>\n/);
    expect(html).toContain('<title>Books · Shelfwatch</title>');
    expect(html).toMatch(/<script type="module" src="\/assets\/books\.[A-Za-z0-9_-]{12}\.js"><\/script>/);
    expect(html).toContain('<body data-page="books">');
    expect(html).toContain('id="unread-count"');
    // The page's own link is marked in the markup (no bold link appearing after the first paint), and only that one.
    expect(html).toContain('<a href="/books.html" data-page="books" aria-current="page">');
    expect(html.match(/aria-current/g)).toHaveLength(1);
    expect(html).toMatch(/<\/main>\n<\/body>\n<\/html>\n$/);
    expect(html).not.toMatch(/<!--nav-->|<!--title|\{\{/);
    // Every page is a whole document built from the same layout.
    for (const name of ['sign-in', 'shared-list', 'alerts']) {
      const text = await (await fetch(`${off.base}/${name}.html`)).text();
      expect(text).toContain(`<body data-page="${name}">`);
      expect(text).not.toMatch(/<!--title|\{\{/);
    }

    const { script } = await assetUrlsOf(off.base, 'books');
    const js = await fetch(`${off.base}${script}`);
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const code = await js.text();
    expect(code).toContain('/api/books?per_page=');
    expect(code).not.toMatch(/^\s*import\s/m);
    // The plain URL serves the same script.
    expect(await (await fetch(`${off.base}/assets/books.js`)).text()).toBe(code);
    expect((await fetch(`${off.base}/assets/style.css`)).headers.get('content-type')).toBe('text/css; charset=utf-8');

    const root = await fetch(`${off.base}/`, { redirect: 'manual' });
    expect(root.status).toBe(302);
    expect(root.headers.get('location')).toBe('/wishes.html');
    expect((await fetch(`${off.base}/nope.html`)).status).toBe(404);
  });

  it('serves minified scripts and a minified style sheet', async () => {
    const { script, style } = await assetUrlsOf(off.base, 'wishes');
    const code = await (await fetch(`${off.base}${script}`)).text();
    // esbuild's minified output: no indented lines, no comments.
    expect(code.split('\n').length).toBeLessThan(10);
    expect(code).not.toMatch(/^\s+\S/m);
    const css = await (await fetch(`${off.base}${style}`)).text();
    expect(css).toContain('.visually-hidden');
    expect(css).not.toMatch(/\/\*|\n\s+/);
  });

  it('compresses with brotli or gzip as the request accepts, once per document, with Vary: Accept-Encoding', async () => {
    const { script, style } = await assetUrlsOf(off.base, 'books');
    for (const path of ['/books.html', script, style, '/assets/books.js']) {
      const plain = await raw(`${off.base}${path}`);
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toBe('Accept-Encoding');
      expect(Number(plain.headers['content-length'])).toBe(plain.body.length);

      const br = await raw(`${off.base}${path}`, { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toBe('Accept-Encoding');
      expect(Number(br.headers['content-length'])).toBe(br.body.length);
      expect(br.body.length).toBeLessThan(plain.body.length * 0.6);
      expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);

      const gzip = await raw(`${off.base}${path}`, { 'accept-encoding': 'gzip' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
      // Security headers travel with every representation.
      expect(gzip.headers['content-security-policy']).toBe(plain.headers['content-security-policy']);
    }
    // q-values: br refused, or gzip preferred; identity when nothing offered is accepted.
    expect((await raw(`${off.base}/books.html`, { 'accept-encoding': 'br;q=0, gzip' })).headers['content-encoding']).toBe('gzip');
    expect((await raw(`${off.base}/books.html`, { 'accept-encoding': 'br;q=0.5, gzip;q=0.8' })).headers['content-encoding']).toBe('gzip');
    expect((await raw(`${off.base}/books.html`, { 'accept-encoding': 'deflate, compress' })).headers['content-encoding']).toBeUndefined();
    expect((await raw(`${off.base}/books.html`, { 'accept-encoding': 'identity' })).headers['content-encoding']).toBeUndefined();
    expect((await raw(`${off.base}/books.html`, { 'accept-encoding': '*' })).headers['content-encoding']).toBe('br');
  });

  it('caches hashed assets for good and revalidates the pages and plain URLs with strong ETags', async () => {
    const { script, style } = await assetUrlsOf(off.base, 'books');
    for (const path of [script, style]) {
      const res = await raw(`${off.base}${path}`, { 'accept-encoding': 'br' });
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    for (const path of ['/books.html', '/assets/books.js', '/assets/style.css']) {
      const first = await raw(`${off.base}${path}`, { 'accept-encoding': 'br' });
      expect(first.headers['cache-control']).toBe('no-cache');
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"[A-Za-z0-9_-]{12}-br"$/);
      // Each representation has its own tag: the bytes differ.
      const plainTag = String((await raw(`${off.base}${path}`)).headers.etag);
      expect(plainTag).toMatch(/^"[A-Za-z0-9_-]{12}"$/);
      expect(plainTag).not.toBe(etag);

      const again = await raw(`${off.base}${path}`, { 'accept-encoding': 'br', 'if-none-match': etag });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
      expect(again.headers.vary).toBe('Accept-Encoding');
      expect(again.headers['cache-control']).toBe('no-cache');
      // Weak comparison and lists, as RFC 9110 has it for If-None-Match.
      expect((await raw(`${off.base}${path}`, { 'accept-encoding': 'br', 'if-none-match': `"other", W/${etag}` })).status).toBe(304);
      // Another representation's tag, or an old one, gets the whole document.
      expect((await raw(`${off.base}${path}`, { 'if-none-match': etag })).status).toBe(200);
      expect((await raw(`${off.base}${path}`, { 'accept-encoding': 'br', 'if-none-match': '"stale"' })).status).toBe(200);
    }
    // HEAD: the headers without the body.
    const head = await raw(`${off.base}${script}`, { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(Number(head.headers['content-length'])).toBeGreaterThan(0);
    expect(head.body.length).toBe(0);
    // A hash that is not the current content's names nothing.
    expect((await fetch(`${off.base}/assets/books.AAAAAAAAAAAA.js`)).status).toBe(404);
    expect((await fetch(`${off.base}${script.replace(/\.js$/, '.css')}`)).status).toBe(404);
  });

  it('has no development sign-in when it is off', async () => {
    expect((await fetch(`${off.base}/dev/sign-in`)).status).toBe(404);
    const post = await fetch(`${off.base}/dev/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"user":"x"}' });
    expect(post.status).toBe(404);
  });

  it('mints an HS256 token for a named user when it is on, and validates the request', async () => {
    expect(await (await fetch(`${on.base}/dev/sign-in`)).json()).toEqual({ enabled: true });
    const ok = await fetch(`${on.base}/dev/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"user":"dev-alice"}' });
    expect(ok.status).toBe(200);
    const { token } = (await ok.json()) as { token: string };
    expect(jwt.verify(token, SECRET, { algorithms: ['HS256'] })).toMatchObject({ sub: 'dev-alice' });

    const bad = await fetch(`${on.base}/dev/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"user":"a b","extra":1}' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: 'validation_failed', details: [{ field: 'user' }, { field: 'extra', message: 'unknown field' }] });
    const text = await fetch(`${on.base}/dev/sign-in`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'dev' });
    expect(text.status).toBe(415);
  });
});

describe('prebuilt bundles (npm run build)', () => {
  it('are minified and stored with their brotli and gzip forms, which the service then serves without compressing', async () => {
    const webDir = await mkdtemp(join(tmpdir(), 'shelfwatch-web-'));
    try {
      const pages = await writeClientBundles(fileURLToPath(new URL('../../../src/adapters/web', import.meta.url)), join(webDir, PREBUILT_BUNDLES_DIR));
      expect(pages).toContain('wishes');
      const bundles = await clientPageBundles(webDir, pages);
      const style = await clientStyleSheet(webDir);
      for (const asset of [bundles.get('wishes')!, style]) {
        expect(asset.compressed).toBeDefined();
        expect(brotliDecompressSync(asset.compressed!.br).toString('utf8')).toBe(asset.text);
        expect(gunzipSync(asset.compressed!.gzip).toString('utf8')).toBe(asset.text);
      }
      expect(bundles.get('wishes')!.text.split('\n').length).toBeLessThan(10);
      // A folder without a page's bundle is refused at start-up with what to do.
      await rm(join(webDir, PREBUILT_BUNDLES_DIR, 'wishes.js'));
      await expect(clientPageBundles(webDir, pages)).rejects.toThrow(/wishes.*run npm run build again/);
    } finally {
      await rm(webDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('DEV_SIGN_IN', () => {
  it('is off unless set, and refused in production', () => {
    expect(loadConfig({}).web.devSignIn).toBe(false);
    expect(loadConfig({ DEV_SIGN_IN: 'on' }).web.devSignIn).toBe(true);
    expect(() => loadConfig({ DEV_SIGN_IN: 'yes' })).toThrow(/DEV_SIGN_IN/);
    const production = () => loadConfig({ NODE_ENV: 'production', DEV_SIGN_IN: 'on', JWT_SECRET: SECRET });
    expect(production).toThrow(ConfigError);
    expect(production).toThrow(/DEV_SIGN_IN.*production/);
  });
});
