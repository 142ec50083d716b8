/** Where sign-in goes when `next` is missing or not a page of this site: the wishes page is the home page. */
export const DEFAULT_PAGE = '/wishes.html';

/**
 * The page to open after sign-in: `next` only when, resolved the way the browser will resolve it, it stays on this
 * origin. A string test is not enough: browsers read `/\evil.example/` and `/<TAB>/evil.example/` as `//evil.example/`.
 */
export function safeNextPage(next: string | null, origin: string): string {
  if (!next || !next.startsWith('/')) return DEFAULT_PAGE;
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return DEFAULT_PAGE;
  }
  if (url.origin !== origin || url.pathname.startsWith('/sign-in')) return DEFAULT_PAGE;
  return url.pathname + url.search + url.hash;
}
