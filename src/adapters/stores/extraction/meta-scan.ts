/** Meta tags kept per key, and the characters of one content value. */
const PER_KEY = 20;
const CONTENT_CHARS = 500;
const META_TAG = /<meta\b[^>]*>/gi;
const ATTRIBUTE = /([a-z:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi;

/**
 * `<meta property|name=… content=…>` values by lower-case key (keys with a colon: `product:price:amount`,
 * `og:availability`), in document order, 20 per key. A regex scan of the raw page: meta tags are flat, and a page
 * whose only price data is product meta is then read without tokenising its markup.
 */
export function scanMeta(html: string): Map<string, string[]> {
  const meta = new Map<string, string[]>();
  for (const match of html.matchAll(META_TAG)) {
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
