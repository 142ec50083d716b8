/** Meta tags kept per key, and the characters of one content value. */
const PER_KEY = 20;
const CONTENT_CHARS = 500;
const META_TAG = /<meta\b[^>]*>/gi;
const META_TAG_AT = /<meta\b[^>]*>/iy;
const ATTRIBUTE = /([a-z:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi;

/**
 * `<meta property|name=… content=…>` values by lower-case key (keys with a colon: `product:price:amount`,
 * `og:availability`), in document order, 20 per key. A regex scan of the raw page: meta tags are flat, and a page
 * whose only price data is product meta is then read without tokenising its markup. `metaAt`: where every `<meta` of
 * the page starts, found by the JSON-LD scan (json-ld-blocks.ts), so that the page is not searched again.
 */
export function scanMeta(html: string, metaAt?: readonly number[]): Map<string, string[]> {
  const meta = new Map<string, string[]>();
  for (const match of metaAt === undefined ? html.matchAll(META_TAG) : metaTagsAt(html, metaAt)) {
    let key: string | undefined;
    let content: string | undefined;
    for (const attribute of match[0].matchAll(ATTRIBUTE)) {
      const name = (attribute[1] ?? '').toLowerCase();
      const value = attribute[2] ?? attribute[3] ?? attribute[4] ?? '';
      if ((name === 'property' || name === 'name') && key === undefined) key = value.trim().toLowerCase();
      else if (name === 'content') content = value;
    }
    if (key === undefined || content === undefined || !key.includes(':')) continue;
    const list = meta.get(key) ?? [];
    if (list.length < PER_KEY) list.push(decodeEntities(content.slice(0, CONTENT_CHARS)));
    meta.set(key, list);
  }
  return meta;
}

/** The tags `html.matchAll(META_TAG)` finds, read only where a `<meta` starts (each match ends before the next). */
function* metaTagsAt(html: string, metaAt: readonly number[]): Generator<RegExpExecArray> {
  let end = 0;
  for (const at of metaAt) {
    if (at < end) continue;
    META_TAG_AT.lastIndex = at;
    const match = META_TAG_AT.exec(html);
    if (match === null) continue;
    end = META_TAG_AT.lastIndex;
    yield match;
  }
}

const NAMED: Readonly<Record<string, string>> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>', nbsp: '\u00a0', euro: '€', pound: '£', yen: '¥' };

/** The entities a price, currency or availability value may carry. */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[name.toLowerCase()] ?? whole;
  });
}
