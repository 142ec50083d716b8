/**
 * The addresses a page goes by: the URL it was fetched from, its `<link rel="canonical">` and its `og:url`. An item
 * whose own URL is none of them describes another page (a related product, a recommendation).
 */
export interface PageAddresses {
  /** Exact matches (query kept): a ProductGroup variant is often told apart by its query string. */
  exact: string[];
  /** Host without `www.` plus path without trailing slash: the same product page under tracking parameters. */
  loose: Set<string>;
  /** The hosts (without `www.`) of the page's web addresses: a read file without a canonical link has none. */
  hosts: Set<string>;
}

const CANONICAL = /<link\b[^>]*\brel\s*=\s*["']?canonical["']?[^>]*>/gi;
const OG_URL = /<meta\b[^>]*\bproperty\s*=\s*["']?og:url["']?[^>]*>/gi;
const OG_URL_AT = /<meta\b[^>]*\bproperty\s*=\s*["']?og:url["']?[^>]*>/iy;
const HEAD_CHARS = 300_000;

/**
 * `metaAt`, when given: where every `<meta` of the page starts (json-ld-blocks.ts finds them), so that the og:url
 * tags are read there instead of by a search of the page's head.
 */
export function pageAddresses(html: string, pageUrl: string, metaAt?: readonly number[]): PageAddresses {
  const head = html.slice(0, HEAD_CHARS);
  const declared = [
    ...[...head.matchAll(CANONICAL)].map((tag) => attribute(tag[0], 'href')),
    ...(metaAt === undefined ? [...head.matchAll(OG_URL)] : ogUrlTagsAt(head, metaAt)).map((tag) => attribute(tag[0], 'content')),
  ].filter((url): url is string => url !== undefined);
  const exact: string[] = [];
  const loose = new Set<string>();
  const hosts = new Set<string>();
  for (const raw of [pageUrl, ...declared]) {
    const url = parse(raw, pageUrl);
    if (url === null) continue;
    exact.push(exactKey(url));
    loose.add(looseKey(url));
    if (/^https?:$/.test(url.protocol)) hosts.add(hostOf(url));
  }
  return { exact, loose, hosts };
}

/** The tags `head.matchAll(OG_URL)` finds, read only where a `<meta` starts (each match ends before the next). */
function ogUrlTagsAt(head: string, metaAt: readonly number[]): RegExpExecArray[] {
  const tags: RegExpExecArray[] = [];
  let end = 0;
  for (const at of metaAt) {
    if (at >= head.length) break;
    if (at < end) continue;
    OG_URL_AT.lastIndex = at;
    const match = OG_URL_AT.exec(head);
    if (match === null) continue;
    end = OG_URL_AT.lastIndex;
    tags.push(match);
  }
  return tags;
}

/** The item's URL is this page: exactly (variants), or up to tracking parameters when `loosely`. */
export function isThisPage(candidate: unknown, addresses: PageAddresses, loosely: boolean): boolean {
  if (typeof candidate !== 'string' || candidate.trim() === '') return false;
  const url = parse(candidate.trim(), addresses.exact[0]);
  if (url === null || isRoot(url)) return false;
  return addresses.exact.includes(exactKey(url)) || (loosely && addresses.loose.has(looseKey(url)));
}

/**
 * The item names another page of this site as its own. Only pages of the site's own hosts count: an address on
 * another host (a mobile or country domain, or a page read from a file with no canonical link) says nothing sure.
 * Non-web identifiers (`urn:`, `isbn:`) name no page.
 */
export function isOtherPage(candidate: unknown, addresses: PageAddresses): boolean {
  if (typeof candidate !== 'string' || candidate.trim() === '' || candidate.trim().startsWith('#')) return false;
  const url = parse(candidate.trim(), addresses.exact[0]);
  if (url === null || !/^https?:$/.test(url.protocol) || isRoot(url) || !addresses.hosts.has(hostOf(url))) return false;
  return !addresses.loose.has(looseKey(url));
}

function hostOf(url: URL): string {
  return url.hostname.replace(/^www\./, '');
}

function parse(raw: string, base: string | undefined): URL | null {
  try {
    return new URL(raw, base);
  } catch {
    return null;
  }
}

function exactKey(url: URL): string {
  const copy = new URL(url.href);
  copy.hash = '';
  copy.pathname = copy.pathname.replace(/\/+$/, '') || '/';
  return copy.href;
}

function looseKey(url: URL): string {
  let path = url.pathname;
  try {
    path = decodeURI(path);
  } catch {
    // a malformed escape: compare as written
  }
  return `${hostOf(url)}${path.replace(/\/+$/, '').toLowerCase()}`;
}

function isRoot(url: URL): boolean {
  return url.pathname.replace(/\/+$/, '') === '';
}

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  const value = match?.[1] ?? match?.[2] ?? match?.[3];
  return value?.replace(/&amp;/g, '&');
}
