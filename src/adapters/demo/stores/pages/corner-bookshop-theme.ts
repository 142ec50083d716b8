// The Corner Bookshop: a small British shop with no structured data at all. Its store configuration reads the
// price from `.product-price .price-now` ("£12.99") and the availability from `.stock-status`. Related titles
// use other classes (`.tile-price`), and a struck-through RRP sits in `.price-was`.
import { formatMoney } from '../money-format.js';
import { ENGLISH_AVAILABILITY } from './availability-labels.js';
import { coverSvg, esc, htmlDocument } from './html.js';
import type { NotFoundPageModel, OfferModel, ProductPageModel, StorePageModel, StoreTheme } from './page-model.js';
import type { DemoStoreEntry } from '../demo-store-catalogue.js';
import type { DemoAvailability } from '../demo-store-types.js';
import type { RelatedBook } from '../deterministic-catalogue.js';

const STYLE = `<style>
  body { margin: 0 auto; max-width: 1080px; font-family: Georgia, "Times New Roman", serif; color: #2d2a26; background: #fffdf8; }
  .masthead { text-align: center; padding: 22px 0 8px; }
  .masthead a { color: #1f4d3a; text-decoration: none; font-size: 34px; font-style: italic; }
  .tagline { text-align: center; margin: 0; color: #7a6f5f; }
  .main-menu { display: flex; justify-content: center; gap: 26px; padding: 12px; border-top: 1px solid #d8cfbf; border-bottom: 1px solid #d8cfbf; }
  .main-menu a { color: #1f4d3a; text-decoration: none; text-transform: uppercase; font-size: 13px; letter-spacing: 1px; }
  .product-detail { display: flex; gap: 36px; padding: 28px 16px; }
  .product-price .price-now { font-size: 28px; color: #1f4d3a; } .product-price .price-was { color: #8b8174; margin-left: 8px; }
  .stock-status.in-stock { color: #2f7d32; } .stock-status.out-of-stock { color: #a33; }
  .related-books ul { display: grid; grid-template-columns: repeat(4, 1fr); gap: 18px; list-style: none; padding: 0 16px; }
  .site-footer { margin-top: 36px; padding: 20px 16px; border-top: 1px solid #d8cfbf; font-size: 13px; color: #6d6253; }
</style>`;

function layout(store: DemoStoreEntry, title: string, head: string, main: string): string {
  const body = `<header>
  <div class="masthead"><a href="${store.homePath}">The Corner Bookshop</a></div>
  <p class="tagline">Independent booksellers since 1987 &middot; 14 Market Row</p>
  <nav class="main-menu" aria-label="Main">
    <a href="${store.homePath}">Home</a>
    <a href="${store.homePath}new-in">New in</a>
    <a href="${store.homePath}staff-picks">Staff picks</a>
    <a href="${store.homePath}signed-copies">Signed copies</a>
    <a href="${store.homePath}events">Events</a>
    <a href="${store.homePath}basket">Basket</a>
  </nav>
</header>
<main>
${main}
</main>
<footer class="site-footer">
  <p>The Corner Bookshop &middot; 14 Market Row &middot; Open Monday to Saturday, 9–5:30. Free UK delivery on orders over £20.</p>
  <p><a href="${store.homePath}about">About us</a> | <a href="${store.homePath}delivery">Delivery</a> | <a href="${store.homePath}privacy">Privacy</a> | A demonstration store for Shelfwatch.</p>
</footer>`;
  return htmlDocument('en-GB', `<title>${esc(title)}</title>\n${STYLE}\n${head}`, body);
}

function money(amount: string, store: DemoStoreEntry): string {
  return formatMoney(amount, store.currency, 'en');
}

const STOCK_CLASS: Record<DemoAvailability, string> = { in_stock: 'in-stock', out_of_stock: 'out-of-stock', preorder: 'pre-order' };

function stock(availability: DemoAvailability): string {
  return `<p class="stock-status ${STOCK_CLASS[availability]}">${ENGLISH_AVAILABILITY[availability]}</p>`;
}

function priceBlock(offer: OfferModel, store: DemoStoreEntry): string {
  switch (offer.kind) {
    case 'single':
      return `<div class="product-price">
      <span class="price-now">${money(offer.amount, store)}</span>${offer.listAmount ? `\n      <span class="price-was">RRP <s>${money(offer.listAmount, store)}</s></span>` : ''}
    </div>
    ${stock(offer.availability)}`;
    case 'ambiguous':
      return `<div class="product-price">
      <span class="price-now">${money(offer.amounts[0], store)}</span>
    </div>
    <div class="product-price members">
      <span class="label">Book club members</span> <span class="price-now">${money(offer.amounts[1], store)}</span>
    </div>
    ${stock(offer.availability)}`;
    case 'used_and_new':
      return `<div class="product-price">
      <span class="price-now">${money(offer.newAmount, store)}</span>
    </div>
    ${stock(offer.availability)}
    <div class="second-hand">Second-hand copy in good condition: <span class="used-price">${money(offer.usedAmount, store)}</span></div>`;
    case 'none':
      return `<div class="product-price"><span class="price-unavailable">Price on request</span></div>
    <p class="stock-status unavailable">Not currently available &ndash; ask in the shop</p>`;
  }
}

function tiles(books: readonly RelatedBook[], store: DemoStoreEntry): string {
  return books
    .map(
      (b) => `<li class="book-tile">
      <a href="${store.productPath(b.isbn)}">${coverSvg(b.isbn, b.title, 130, 195)}</a>
      <h3 class="tile-title"><a href="${store.productPath(b.isbn)}">${esc(b.title)}</a></h3>
      <p class="tile-author">${esc(b.author)}</p>
      <p class="tile-price">${money(b.amount, store)}</p>
    </li>`,
    )
    .join('\n    ');
}

function product(m: ProductPageModel): string {
  const { store, book } = m;
  const url = `${m.baseUrl}${store.productPath(book.isbn)}`;
  const main = `<p class="crumbs"><a href="${store.homePath}">Home</a> / <a href="${store.homePath}fiction">Fiction</a> / ${esc(book.title)}</p>
<section class="product-detail">
  <div class="product-image">${coverSvg(book.isbn, book.title, 250, 375)}</div>
  <div class="product-summary">
    <h1 class="product-title">${esc(book.title)}</h1>
    <p class="product-author">${esc(book.author)}</p>
    <p class="product-format">Paperback &middot; ${esc(book.publisher)} &middot; ${book.year}</p>
    ${priceBlock(m.offer, store)}
    <form class="add-to-basket" action="${store.homePath}basket" method="post"><input type="hidden" name="isbn" value="${book.isbn}"><button type="submit">Add to basket</button></form>
    <div class="product-description"><p>${esc(book.blurb)}</p></div>
    <table class="product-specs">
      <tr><td>ISBN</td><td>${book.isbn}</td></tr>
      <tr><td>Pages</td><td>${book.pages}</td></tr>
      <tr><td>Publisher</td><td>${esc(book.publisher)}</td></tr>
    </table>
  </div>
</section>
<section class="related-books">
  <h2>You might also like</h2>
  <ul>
    ${tiles(m.related, store)}
  </ul>
</section>`;
  return layout(store, `${book.title} | The Corner Bookshop`, `<link rel="canonical" href="${esc(url)}">`, main);
}

function notFound(m: NotFoundPageModel): string {
  const main = `<section class="product-detail"><div><h1>We can't find that page</h1>
  <p>Nothing matches <code>${esc(m.requested)}</code>. Pop in or give us a ring and we'll order it for you.</p></div></section>
<section class="related-books"><h2>Staff picks</h2><ul>
    ${tiles(m.featured, m.store)}
</ul></section>`;
  return layout(m.store, 'Not found | The Corner Bookshop', '<meta name="robots" content="noindex">', main);
}

function home(m: StorePageModel): string {
  const main = `<section class="product-detail"><div><h1>Welcome in</h1><p>Hand-picked books from your local independent.</p></div></section>
<section class="related-books"><h2>New in this week</h2><ul>
    ${tiles(m.featured, m.store)}
</ul></section>`;
  return layout(m.store, 'The Corner Bookshop', '', main);
}

export const cornerBookshopTheme: StoreTheme = { product, notFound, home };
