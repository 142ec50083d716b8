import express, { type Response, type Router } from 'express';
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { devSignInRoutes } from './auth/dev-sign-in.js';
import { clientPageBundles, pageNamesIn } from './client-bundles.js';

// Beside this module: src/adapters/web under tsx, dist/src/adapters/web once compiled (`npm run build` copies the
// pages and the style sheet there and writes the prebuilt bundles, see client-bundles.ts).
const WEB_DIR = fileURLToPath(new URL('.', import.meta.url));
const PAGES_DIR = join(WEB_DIR, 'pages');
/** The style sheet's parts, one file per area of the UI, served as one sheet in file-name order (`00-base.css` first). */
const STYLES_DIR = join(WEB_DIR, 'styles');
/** The shared navigation, written once and placed where a page says `<!--nav-->` (static markup, no data). */
const NAV_PARTIAL = '_nav.html';
/** The document around every page: head, style sheet and the page's script. A page file is its body only. */
const LAYOUT_PARTIAL = '_layout.html';
/** A page's first line names its title: `<!--title: Books-->`. */
const TITLE_LINE = /^<!--title: (.+)-->\n/;

/**
 * Everything from 'self' only: the pages talk to `/api` and nothing else. No referrer, so a shared list's token in
 * the address bar never travels to a store's site through a link.
 */
const SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy':
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: https:; connect-src 'self'; " +
    "base-uri 'none'; form-action 'self'; frame-ancestors 'none'; object-src 'none'",
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
};

function send(res: Response, contentType: string, body: string): void {
  res.set({ ...SECURITY_HEADERS, 'Content-Type': contentType, 'Cache-Control': 'no-cache' }).send(body);
}

/**
 * The multi-page web UI: static HTML documents (one per page, no data in them), one bundled script per page and one
 * style sheet. Every piece of data is fetched by the browser from `/api`. Resolves once the bundles are built.
 */
export interface WebOptions {
  /** DEV_SIGN_IN=on: serve `/dev/sign-in` (development tokens signed with `hsSecret`). */
  devSignIn: boolean;
  hsSecret: string | null;
}

/** A page's body in the layout, with the navigation where the body asks for it. Built once, at start-up. */
function documentOf(page: string, source: string, layout: string, nav: string): string {
  const title = TITLE_LINE.exec(source)?.[1];
  if (title === undefined) throw new Error(`pages/${page}.html must start with <!--title: ...-->`);
  const body = source.slice(source.indexOf('\n') + 1).replace('<!--nav-->', nav);
  // Functions as replacements, so a `$` in a body is never read as a replacement pattern.
  return layout.replaceAll('{{title}}', () => title).replaceAll('{{page}}', () => page).replace('{{body}}', () => body);
}

async function styleSheet(): Promise<string> {
  const parts = (await readdir(STYLES_DIR)).filter((f) => f.endsWith('.css')).sort();
  return (await Promise.all(parts.map((f) => readFile(join(STYLES_DIR, f), 'utf8')))).join('\n');
}

export async function createWebRoutes(options: WebOptions): Promise<Router> {
  if (options.devSignIn && !options.hsSecret) throw new Error('DEV_SIGN_IN=on needs the HS256 secret to sign development tokens');
  const pages = await pageNamesIn(PAGES_DIR);
  const [nav, layout, css, bundles] = await Promise.all([
    readFile(join(PAGES_DIR, NAV_PARTIAL), 'utf8'),
    readFile(join(PAGES_DIR, LAYOUT_PARTIAL), 'utf8'),
    styleSheet(),
    clientPageBundles(WEB_DIR, pages),
  ]);
  const html = new Map<string, string>();
  for (const page of pages) html.set(page, documentOf(page, await readFile(join(PAGES_DIR, `${page}.html`), 'utf8'), layout, nav));

  const router = express.Router({ caseSensitive: true, strict: true });
  router.get('/', (_req, res) => {
    res.redirect(302, '/wishes.html');
  });
  for (const page of pages) {
    router.get(`/${page}.html`, (_req, res) => send(res, 'text/html; charset=utf-8', html.get(page)!));
    router.get(`/assets/${page}.js`, (_req, res) => send(res, 'text/javascript; charset=utf-8', bundles.get(page)!));
  }
  router.get('/assets/style.css', (_req, res) => send(res, 'text/css; charset=utf-8', css));
  if (options.devSignIn && options.hsSecret) router.use(devSignInRoutes(options.hsSecret));
  return router;
}
