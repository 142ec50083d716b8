// GET / : the demonstration stores, example product links, and how to steer them over HTTP.
import { DEMO_STORE_SLUGS } from '../demo-store-types.js';
import { esc, htmlDocument } from './html.js';
import type { DemoStoreEntry } from '../demo-store-catalogue.js';
import type { DemoStoreSlug } from '../demo-store-types.js';

export const EXAMPLE_ISBNS = ['9780306406157', '9780141439518', '9781786892737'] as const;

const MARKUP: Record<DemoStoreSlug, string> = {
  'paperback-palace': 'schema.org JSON-LD (<code>Book</code> with <code>offers</code>)',
  'ebook-emporium': 'schema.org microdata (<code>itemprop="price"</code>)',
  buchhandlung: 'OpenGraph/product meta tags (<code>product:price:amount</code>, decimal comma), German page',
  'corner-bookshop': 'plain HTML for CSS selectors (<code>.product-price .price-now</code>, <code>.stock-status</code>)',
};

export function indexPage(stores: Readonly<Record<DemoStoreSlug, DemoStoreEntry>>, latencyMs: number): string {
  const rows = DEMO_STORE_SLUGS.map((slug) => {
    const s = stores[slug];
    const links = EXAMPLE_ISBNS.map((isbn) => `<a href="${s.productPath(isbn)}">${isbn}</a>`).join(' · ');
    return `<tr><td><a href="${s.homePath}">${esc(s.name)}</a><br><code>${slug}</code></td><td>${s.currency}</td><td>${MARKUP[slug]}</td><td>${links} · <a href="${s.productPath('12345')}">invalid ISBN</a></td></tr>`;
  }).join('\n');
  const body = `<h1>Shelfwatch demonstration stores</h1>
<p>Every 13-digit ISBN has a page with a deterministic price at each store. Current latency: ${latencyMs} ms.</p>
<table border="1" cellpadding="6" cellspacing="0">
<tr><th>Store</th><th>Currency</th><th>Markup</th><th>Examples</th></tr>
${rows}
</table>
<h2>Control</h2>
<pre>
POST /__control          {"store": "paperback-palace", "isbn": "9780306406157" | "*", "behaviour": {"kind": "price", "amount": "9.99"}}
POST /__control/reset    back to the defaults
POST /__control/latency  {"ms": 50}
GET  /__control/stats    requests per store and the most in flight at once
</pre>
<p>Behaviours: <code>price</code> (amount, availability in_stock | out_of_stock | preorder), <code>not_found</code>, <code>captcha</code>,
<code>forbidden</code>, <code>rate_limited</code> (retryAfterSeconds, times), <code>server_error</code> (times), <code>slow</code> (delayMs),
<code>no_price</code>, <code>ambiguous</code>, <code>used_and_new</code> (newAmount, usedAmount), <code>huge</code> (megabytes).</p>`;
  return htmlDocument('en', `<title>Shelfwatch demonstration stores</title>\n<style>body{font-family:sans-serif;margin:32px;max-width:1100px}</style>`, body);
}
