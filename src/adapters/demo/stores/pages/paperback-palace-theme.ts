// Paperback Palace: an international English-language bookshop whose product data is schema.org JSON-LD
// (a `Book` with `offers`). The visible prices, including those of related books, carry no markup.
import { formatMoney } from '../money-format.js';
import { ENGLISH_AVAILABILITY, SCHEMA_ORG_AVAILABILITY } from './availability-labels.js';
import { coverSvg, esc, htmlDocument, jsonForScript } from './html.js';
import type { NotFoundPageModel, OfferModel, ProductPageModel, StorePageModel, StoreTheme } from './page-model.js';
import type { DemoStoreEntry } from '../demo-store-catalogue.js';
import type { RelatedBook } from '../deterministic-catalogue.js';

const STYLE = `<style>
  body { margin: 0; font-family: "Helvetica Neue", Arial, sans-serif; color: #222; background: #faf7f2; }
  .pp-topbar { background: #5b2a86; color: #fff; font-size: 13px; padding: 6px 24px; }
  .pp-header { display: flex; align-items: center; gap: 24px; padding: 16px 24px; background: #fff; border-bottom: 1px solid #e5dccf; }
  .pp-logo { font: bold 26px Georgia, serif; color: #5b2a86; text-decoration: none; }
  .pp-search { flex: 1; display: flex; } .pp-search input { flex: 1; padding: 8px; border: 1px solid #bbb; }
  .pp-nav ul { display: flex; gap: 20px; list-style: none; margin: 0; padding: 10px 24px; background: #efe7f6; }
  .pp-nav a, .pp-breadcrumbs a { color: #5b2a86; text-decoration: none; }
  .pp-breadcrumbs { padding: 12px 24px; font-size: 13px; }
  .pp-product { display: grid; grid-template-columns: 240px 1fr 280px; gap: 32px; padding: 16px 24px; }
  .pp-buybox { background: #fff; border: 1px solid #e5dccf; border-radius: 6px; padding: 16px; }
  .pp-amount { font-size: 28px; font-weight: bold; color: #b0232a; } .pp-rrp { color: #777; }
  .pp-stock-in { color: #1d7a36; } .pp-stock-out { color: #b0232a; }
  .pp-related ul { display: grid; grid-template-columns: repeat(4, 1fr); gap: 16px; list-style: none; padding: 0; }
  .pp-footer { margin-top: 40px; padding: 24px; background: #2e1745; color: #ddd; font-size: 13px; }
  .pp-footer a { color: #fff; }
</style>`;

function layout(store: DemoStoreEntry, title: string, head: string, main: string): string {
  const body = `<div class="pp-topbar">Free delivery worldwide on orders over €25 &middot; Gift cards now available</div>
<header class="pp-header">
  <a class="pp-logo" href="${store.homePath}">Paperback Palace</a>
  <form class="pp-search" action="${store.homePath}search" method="get" role="search">
    <input type="search" name="q" placeholder="Search by title, author or ISBN" aria-label="Search">
    <button type="submit">Search</button>
  </form>
  <a href="${store.homePath}account">My account</a>
  <a href="${store.homePath}basket">Basket (0)</a>
</header>
<nav class="pp-nav" aria-label="Categories">
  <ul>
    <li><a href="${store.homePath}c/fiction">Fiction</a></li>
    <li><a href="${store.homePath}c/crime-thriller">Crime &amp; Thriller</a></li>
    <li><a href="${store.homePath}c/science-fiction-fantasy">Science Fiction &amp; Fantasy</a></li>
    <li><a href="${store.homePath}c/history">History</a></li>
    <li><a href="${store.homePath}c/children">Children's</a></li>
    <li><a href="${store.homePath}c/bestsellers">Bestsellers</a></li>
    <li><a href="${store.homePath}offers">Offers</a></li>
  </ul>
</nav>
<main id="content">
${main}
</main>
<footer class="pp-footer">
  <p><a href="${store.homePath}help/delivery">Delivery &amp; returns</a> &middot; <a href="${store.homePath}help/contact">Contact us</a> &middot; <a href="${store.homePath}privacy">Privacy</a> &middot; <a href="${store.homePath}terms">Terms</a></p>
  <p>&copy; Paperback Palace (a demonstration store for Shelfwatch). Prices include VAT where applicable.</p>
</footer>`;
  return htmlDocument('en', `<title>${esc(title)}</title>\n${STYLE}\n${head}`, body);
}

function money(amount: string, store: DemoStoreEntry): string {
  return formatMoney(amount, store.currency, 'en');
}

function offersJson(offer: OfferModel, store: DemoStoreEntry, url: string): unknown {
  const seller = { '@type': 'Organization', name: 'Paperback Palace' };
  const one = (price: string, availability: keyof typeof SCHEMA_ORG_AVAILABILITY, condition: string, sellerName?: string) => ({
    '@type': 'Offer',
    url,
    price,
    priceCurrency: store.currency,
    availability: SCHEMA_ORG_AVAILABILITY[availability],
    itemCondition: `https://schema.org/${condition}`,
    seller: sellerName ? { '@type': 'Organization', name: sellerName } : seller,
  });
  switch (offer.kind) {
    case 'single':
      return one(offer.amount, offer.availability, 'NewCondition');
    case 'ambiguous':
      return [one(offer.amounts[0], offer.availability, 'NewCondition'), one(offer.amounts[1], offer.availability, 'NewCondition', 'Palace Marketplace seller')];
    case 'used_and_new':
      return [one(offer.newAmount, offer.availability, 'NewCondition'), one(offer.usedAmount, 'in_stock', 'UsedCondition', 'Palace Marketplace seller')];
    case 'none':
      return undefined;
  }
}

function buyBox(offer: OfferModel, store: DemoStoreEntry): string {
  const stock = (a: keyof typeof ENGLISH_AVAILABILITY) =>
    `<p class="${a === 'out_of_stock' ? 'pp-stock-out' : 'pp-stock-in'}">${ENGLISH_AVAILABILITY[a]}</p>`;
  const basket = (enabled: boolean) =>
    `<button type="button" class="pp-add"${enabled ? '' : ' disabled'}>${enabled ? 'Add to basket' : 'Notify me'}</button>`;
  switch (offer.kind) {
    case 'single':
      return `<div class="pp-amount">${money(offer.amount, store)}</div>
    ${offer.listAmount ? `<div class="pp-rrp">RRP <s>${money(offer.listAmount, store)}</s></div>` : ''}
    ${stock(offer.availability)}
    ${basket(offer.availability !== 'out_of_stock')}`;
    case 'ambiguous':
      return `<div class="pp-amount">${money(offer.amounts[0], store)}</div>
    <p>Also sold by a Marketplace seller for <strong>${money(offer.amounts[1], store)}</strong></p>
    ${stock(offer.availability)}
    ${basket(true)}`;
    case 'used_and_new':
      return `<div class="pp-amount">${money(offer.newAmount, store)}</div>
    ${stock(offer.availability)}
    ${basket(offer.availability !== 'out_of_stock')}
    <p class="pp-used">Used copies from <strong>${money(offer.usedAmount, store)}</strong> (Marketplace)</p>`;
    case 'none':
      return `<p class="pp-unavailable">This title is currently unavailable to order.</p>
    <p>We can let you know when it is back.</p>
    ${basket(false)}`;
  }
}

function tiles(books: readonly RelatedBook[], store: DemoStoreEntry): string {
  return books
    .map(
      (b) => `<li class="pp-tile">
      <a href="${store.productPath(b.isbn)}">${coverSvg(b.isbn, b.title, 120, 180)}</a>
      <a class="pp-tile-title" href="${store.productPath(b.isbn)}">${esc(b.title)}</a>
      <div class="pp-tile-author">${esc(b.author)}</div>
      <div class="pp-tile-price">${money(b.amount, store)}</div>
    </li>`,
    )
    .join('\n    ');
}

function product(m: ProductPageModel): string {
  const { store, book } = m;
  const url = `${m.baseUrl}${store.productPath(book.isbn)}`;
  const offers = offersJson(m.offer, store, url);
  const bookJson = {
    '@context': 'https://schema.org',
    '@type': 'Book',
    '@id': `${url}#book`,
    name: book.title,
    author: { '@type': 'Person', name: book.author },
    isbn: book.isbn,
    bookFormat: 'https://schema.org/Paperback',
    numberOfPages: book.pages,
    datePublished: String(book.year),
    publisher: { '@type': 'Organization', name: book.publisher },
    inLanguage: 'en',
    description: book.blurb,
    url,
    ...(offers === undefined ? {} : { offers }),
  };
  const siteJson = { '@context': 'https://schema.org', '@type': 'WebSite', name: 'Paperback Palace', url: `${m.baseUrl}${store.homePath}` };
  const crumbsJson = {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${m.baseUrl}${store.homePath}` },
      { '@type': 'ListItem', position: 2, name: 'Fiction', item: `${m.baseUrl}${store.homePath}c/fiction` },
      { '@type': 'ListItem', position: 3, name: book.title, item: url },
    ],
  };
  const head = `<meta name="description" content="${esc(`${book.title} by ${book.author}: ${book.blurb}`)}">
<link rel="canonical" href="${esc(url)}">
<script type="application/ld+json">${jsonForScript(siteJson)}</script>
<script type="application/ld+json">${jsonForScript(crumbsJson)}</script>
<script type="application/ld+json">${jsonForScript(bookJson)}</script>`;
  const main = `<nav class="pp-breadcrumbs" aria-label="Breadcrumb"><a href="${store.homePath}">Home</a> &rsaquo; <a href="${store.homePath}c/fiction">Fiction</a> &rsaquo; <span>${esc(book.title)}</span></nav>
<section class="pp-product">
  <div class="pp-cover">${coverSvg(book.isbn, book.title, 240, 360)}</div>
  <div class="pp-info">
    <h1>${esc(book.title)}</h1>
    <p class="pp-byline">by <a href="${store.homePath}author/${encodeURIComponent(book.author)}">${esc(book.author)}</a></p>
    <p class="pp-format">Paperback &middot; ${book.pages} pages &middot; ${book.year}</p>
    <p>${esc(book.blurb)}</p>
    <table class="pp-details">
      <tr><th>ISBN-13</th><td>${book.isbn}</td></tr>
      <tr><th>Publisher</th><td>${esc(book.publisher)}</td></tr>
      <tr><th>Published</th><td>${book.year}</td></tr>
      <tr><th>Pages</th><td>${book.pages}</td></tr>
    </table>
  </div>
  <aside class="pp-buybox">
    ${buyBox(m.offer, store)}
    <p class="pp-delivery">Free delivery worldwide on orders over €25</p>
  </aside>
</section>
<section class="pp-related">
  <h2>Customers who bought this also bought</h2>
  <ul>
    ${tiles(m.related, store)}
  </ul>
</section>`;
  return layout(store, `${book.title} by ${book.author} | Paperback Palace`, head, main);
}

function notFound(m: NotFoundPageModel): string {
  const main = `<section class="pp-notfound">
  <h1>Sorry, we couldn't find that book</h1>
  <p>There is no title with the ISBN <code>${esc(m.requested)}</code> in our catalogue. Check the number or try searching.</p>
</section>
<section class="pp-related">
  <h2>Popular right now</h2>
  <ul>
    ${tiles(m.featured, m.store)}
  </ul>
</section>`;
  return layout(m.store, 'Page not found | Paperback Palace', '<meta name="robots" content="noindex">', main);
}

function home(m: StorePageModel): string {
  const main = `<section class="pp-hero"><h1>Welcome to Paperback Palace</h1><p>Millions of paperbacks, delivered worldwide.</p></section>
<section class="pp-related">
  <h2>This week's bestsellers</h2>
  <ul>
    ${tiles(m.featured, m.store)}
  </ul>
</section>`;
  return layout(m.store, 'Paperback Palace | Books delivered worldwide', '', main);
}

export const paperbackPalaceTheme: StoreTheme = { product, notFound, home };
