import { isThisPage, type PageAddresses } from './page-addresses.js';

/**
 * Which of an item's options (offers or variants with their own prices: sizes, volumes, bundles) the page shows, when
 * the page says it by its URL: an option whose own URL is the page's (`…?variant=123` fetched as such), or whose
 * query parameters the page's URL carries on the same path (`?size=50ml` beside tracking parameters). Only a choice
 * among options that each have a URL counts: none, or all of them, named by the page says nothing.
 */
export function shownOptions<T>(options: readonly T[], urlsOf: (option: T) => unknown[], pageUrl: string, addresses: PageAddresses): Set<T> {
  const shown = new Set<T>();
  if (options.length < 2) return shown;
  const page = parse(pageUrl);
  for (const option of options) {
    const urls = urlsOf(option).filter((url): url is string => typeof url === 'string' && url.trim() !== '');
    // An option without a URL of its own: the URLs do not tell the options apart.
    if (urls.length === 0) return new Set();
    if (urls.some((url) => isThisPage(url, addresses, false) || (page !== null && sameOption(url, page)))) shown.add(option);
  }
  return shown.size < options.length ? shown : new Set();
}

/** The option's URL names parameters (one at least) that the page's URL carries with the same values, on the same path. */
function sameOption(url: string, page: URL): boolean {
  const option = parse(url.trim(), page.href);
  if (option === null || option.search === '' || hostPath(option) !== hostPath(page)) return false;
  const params = [...option.searchParams];
  return params.length > 0 && params.every(([name, value]) => value !== '' && page.searchParams.getAll(name).includes(value));
}

const hostPath = (url: URL): string => `${url.hostname.replace(/^www\./, '')}${url.pathname.replace(/\/+$/, '').toLowerCase()}`;

function parse(raw: string, base?: string): URL | null {
  try {
    return new URL(raw, base);
  } catch {
    return null;
  }
}
