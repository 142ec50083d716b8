import express, { type Router } from 'express';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { devSignInRoutes } from './auth/dev-sign-in.js';
import { clientPageBundles, clientStyleSheet, pageNamesIn } from './client-bundles.js';
import { IMMUTABLE, prepareDocument, REVALIDATE, sendDocument, type StaticDocument } from './static-documents.js';

// Beside this module: src/adapters/web under tsx, dist/src/adapters/web once compiled (`npm run build` copies the
// pages and the style sheet there and writes the prebuilt bundles, see client-bundles.ts).
const WEB_DIR = fileURLToPath(new URL('.', import.meta.url));
const PAGES_DIR = join(WEB_DIR, 'pages');
/** The shared navigation, written once and placed where a page says `<!--nav-->` (static markup, no data). */
const NAV_PARTIAL = '_nav.html';
/** The document around every page: head, style sheet and the page's script. A page file is its body only. */
const LAYOUT_PARTIAL = '_layout.html';
/** A page's first line names its title: `<!--title: Books-->`. */
const TITLE_LINE = /^<!--title: (.+)-->\n/;

/**
 * Everything from 'self' only: the pages talk to `/api` and nothing else, except, with OIDC sign-in, the identity
 * provider's origin (its discovery document and token endpoint, fetched by the sign-in page; signing in and out
 * there are top-level navigations, which the policy does not restrict). No referrer, so a shared list's token in the
 * address bar never travels to a store's site through a link.
 */
export function securityHeaders(options: Pick<WebOptions, 'oidcIssuer'>): Record<string, string> {
  const connect = options.oidcIssuer ? `'self' ${new URL(options.oidcIssuer).origin}` : "'self'";
  return {
    'Content-Security-Policy':
      `default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: https:; connect-src ${connect}; ` +
      "base-uri 'none'; form-action 'self'; frame-ancestors 'none'; object-src 'none'",
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
  };
}

/**
 * The multi-page web UI: static HTML documents (one per page, no data in them), one bundled script per page and one
 * style sheet. Every piece of data is fetched by the browser from `/api`. Resolves once the bundles are built.
 */
export interface WebOptions {
  /** DEV_SIGN_IN=on: serve `/dev/sign-in` (development tokens signed with `hsSecret`). */
  devSignIn: boolean;
  hsSecret: string | null;
  /** OIDC_ISSUER: the browser may fetch from its origin (discovery, token endpoint); null or absent: none. */
  oidcIssuer?: string | null;
}

/** The content-hashed URLs a page's document links to. */
interface AssetUrls {
  style: string;
  script: string;
}

/**
 * The navigation with the page's own link marked `aria-current="page"` in the markup, not later by the page's script:
 * the mark makes the link bold, and a link growing after the first paint pushes the links after it aside (a layout
 * shift Lighthouse counts).
 */
function navFor(page: string, nav: string): string {
  return nav.replace(`data-page="${page}">`, () => `data-page="${page}" aria-current="page">`);
}

/** A page's body in the layout, with the navigation where the body asks for it. Built once, at start-up. */
function documentOf(page: string, source: string, layout: string, nav: string, assets: AssetUrls): string {
  const title = TITLE_LINE.exec(source)?.[1];
  if (title === undefined) throw new Error(`pages/${page}.html must start with <!--title: ...-->`);
  const body = source.slice(source.indexOf('\n') + 1).replace('<!--nav-->', () => navFor(page, nav));
  // Functions as replacements, so a `$` in a body is never read as a replacement pattern.
  return layout
    .replaceAll('{{title}}', () => title)
    .replaceAll('{{page}}', () => page)
    .replaceAll('{{style}}', () => assets.style)
    .replaceAll('{{script}}', () => assets.script)
    .replace('{{body}}', () => body);
}

/** `/assets/<name>.<hash>.<extension>`: a new URL whenever the content changes, so it can be cached for good. */
const hashedUrl = (name: string, doc: StaticDocument, extension: string): string => `/assets/${name}.${doc.hash}.${extension}`;

export async function createWebRoutes(options: WebOptions): Promise<Router> {
  if (options.devSignIn && !options.hsSecret) throw new Error('DEV_SIGN_IN=on needs the HS256 secret to sign development tokens');
  const pages = await pageNamesIn(PAGES_DIR);
  const [nav, layout, css, bundles, sources] = await Promise.all([
    readFile(join(PAGES_DIR, NAV_PARTIAL), 'utf8'),
    readFile(join(PAGES_DIR, LAYOUT_PARTIAL), 'utf8'),
    clientStyleSheet(WEB_DIR),
    clientPageBundles(WEB_DIR, pages),
    Promise.all(pages.map((page) => readFile(join(PAGES_DIR, `${page}.html`), 'utf8'))),
  ]);
  // Every document is compressed once, here or by `npm run build` (static-documents.ts); the pages link to their
  // assets by content hash.
  const [style, ...scripts] = await Promise.all([
    prepareDocument('text/css; charset=utf-8', css.text, css.compressed),
    ...pages.map((page) => prepareDocument('text/javascript; charset=utf-8', bundles.get(page)!.text, bundles.get(page)!.compressed)),
  ]);
  const documents = await Promise.all(
    pages.map((page, i) => {
      const assets = { style: hashedUrl('style', style!, 'css'), script: hashedUrl(page, scripts[i]!, 'js') };
      return prepareDocument('text/html; charset=utf-8', documentOf(page, sources[i]!, layout, nav, assets));
    }),
  );

  const headers = securityHeaders(options);
  const router = express.Router({ caseSensitive: true, strict: true });
  router.get('/', (_req, res) => {
    res.redirect(302, '/wishes.html');
  });
  // The pages and the plain asset URLs are revalidated on every use (a 304 when unchanged); hashed URLs never are.
  const serve = (path: string, doc: StaticDocument, cacheControl: string): void => {
    router.get(path, (req, res) => sendDocument(req, res, doc, headers, cacheControl));
  };
  pages.forEach((page, i) => {
    serve(`/${page}.html`, documents[i]!, REVALIDATE);
    serve(hashedUrl(page, scripts[i]!, 'js'), scripts[i]!, IMMUTABLE);
    serve(`/assets/${page}.js`, scripts[i]!, REVALIDATE);
  });
  serve(hashedUrl('style', style!, 'css'), style!, IMMUTABLE);
  serve('/assets/style.css', style!, REVALIDATE);
  if (options.devSignIn && options.hsSecret) router.use(devSignInRoutes(options.hsSecret));
  return router;
}
