// The web routes without a database: pages, bundles, the development sign-in on and off, DEV_SIGN_IN in config.
import express from 'express';
import jwt from 'jsonwebtoken';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../config/config.js';
import { systemClock } from '../../../src/application/shared/clock.js';
import { errorHandler } from '../../../src/adapters/kits/http/errors/error-response.js';
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
    expect(html).toContain('<script type="module" src="/assets/books.js">');
    expect(html).toContain('<body data-page="books">');
    expect(html).toContain('id="unread-count"');
    expect(html).toMatch(/<\/main>\n<\/body>\n<\/html>\n$/);
    expect(html).not.toMatch(/<!--nav-->|<!--title|\{\{/);
    // Every page is a whole document built from the same layout.
    for (const name of ['sign-in', 'shared-list', 'alerts']) {
      const text = await (await fetch(`${off.base}/${name}.html`)).text();
      expect(text).toContain(`<body data-page="${name}">`);
      expect(text).not.toMatch(/<!--title|\{\{/);
    }

    const js = await fetch(`${off.base}/assets/books.js`);
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const code = await js.text();
    expect(code).toContain('/api/books?per_page=');
    expect(code).not.toMatch(/^\s*import\s/m);
    expect((await fetch(`${off.base}/assets/style.css`)).headers.get('content-type')).toBe('text/css; charset=utf-8');

    const root = await fetch(`${off.base}/`, { redirect: 'manual' });
    expect(root.status).toBe(302);
    expect(root.headers.get('location')).toBe('/wishes.html');
    expect((await fetch(`${off.base}/nope.html`)).status).toBe(404);
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
