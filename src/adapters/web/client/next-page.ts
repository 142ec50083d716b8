/** Where sign-in goes when `next` is missing or not a page of this site: the wishes page is the home page. */
export const DEFAULT_PAGE = '/wishes.html';

/**
 * The address to open after sign-in, always a whole URL of this origin: `next` only when, resolved the way the
 * browser will resolve it, it stays on this origin. A string test is not enough: browsers read `/\evil.example/` and
 * `/<TAB>/evil.example/` as `//evil.example/`. Nor is a rebuilt path: `/..//evil.example/` resolves to the pathname
 * `//evil.example/`, which a browser reads again as protocol-relative. So the resolved URL is returned whole.
 */
export function safeNextPage(next: string | null, origin: string): string {
  const home = new URL(DEFAULT_PAGE, origin).href;
  if (!next || !next.startsWith('/')) return home;
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return home;
  }
  if (url.origin !== origin || /^\/+sign-in/.test(url.pathname)) return home;
  return url.href;
}
