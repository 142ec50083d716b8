// Ebook Emporium: a digital bookshop whose product block is schema.org microdata (`itemprop="price"` inside an
// `Offer`). Related titles show prices in plain markup, outside any `itemscope`.
import { formatMoney } from '../money-format.js';
import { ENGLISH_AVAILABILITY, SCHEMA_ORG_AVAILABILITY } from './availability-labels.js';
import { coverSvg, esc, htmlDocument } from './html.js';
import type { NotFoundPageModel, OfferModel, ProductPageModel, StorePageModel, StoreTheme } from './page-model.js';
import type { DemoStoreEntry } from '../demo-store-catalogue.js';
import type { DemoAvailability } from '../demo-store-types.js';
import type { RelatedBook } from '../deterministic-catalogue.js';

const STYLE = `<style>
  :root { --ink: #13212e; --accent: #0f7c8c; }
  body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--ink); }
  .ee-header { display: flex; justify-content: space-between; align-items: center; padding: 14px 32px; background: var(--ink); color: #fff; }
  .ee-brand { color: #fff; font-weight: 700; font-size: 22px; text-decoration: none; letter-spacing: .5px; }
  .ee-header nav a { color: #cfe8ec; margin-left: 18px; text-decoration: none; }
  .ee-subnav { padding: 8px 32px; background: #e8f4f6; font-size: 14px; }
  .ee-subnav a { margin-right: 16px; color: var(--accent); }
  .ee-product { display: flex; gap: 40px; padding: 32px; }
  .ee-offer { margin: 20px 0; padding: 16px; border-left: 4px solid var(--accent); background: #f4fafb; }
  .ee-price { font-size: 30px; font-weight: 700; }
  .ee-buy { background: var(--accent); color: #fff; border: 0; padding: 10px 22px; border-radius: 20px; }
  .ee-more { padding: 0 32px; } .ee-more ol { display: flex; gap: 20px; list-style: none; padding: 0; }
  .ee-footer { margin-top: 48px; padding: 20px 32px; border-top: 1px solid #d5e3e6; font-size: 13px; color: #566; }
</style>`;

function layout(store: DemoStoreEntry, title: string, head: string, main: string): string {
  const body = `<header class="ee-header">
  <a class="ee-brand" href="${store.homePath}">Ebook Emporium</a>
  <nav aria-label="Account">
    <a href="${store.homePath}library">My library</a>
    <a href="${store.homePath}wishlist">Wishlist</a>
    <a href="${store.homePath}cart">Cart</a>
    <a href="${store.homePath}sign-in">Sign in</a>
  </nav>
</header>
<div class="ee-subnav" role="navigation" aria-label="Browse">
  <a href="${store.homePath}browse/ebooks">Ebooks</a>
  <a href="${store.homePath}browse/audiobooks">Audiobooks</a>
  <a href="${store.homePath}browse/deals">Daily deals</a>
  <a href="${store.homePath}browse/new">New releases</a>
  <a href="${store.homePath}browse/free">Free classics</a>
  <form action="${store.homePath}search" method="get" style="display:inline"><input name="query" placeholder="Search ebooks" aria-label="Search ebooks"></form>
</div>
<main>
${main}
</main>
<footer class="ee-footer">
  <p>Read on any device with the Emporium app, or download DRM-free EPUB where the publisher allows it.</p>
  <p><a href="${store.homePath}help">Help centre</a> &middot; <a href="${store.homePath}legal/terms">Terms of sale</a> &middot; <a href="${store.homePath}legal/privacy">Privacy</a> &middot; &copy; Ebook Emporium, a demonstration store for Shelfwatch</p>
</footer>`;
  return htmlDocument('en', `<title>${esc(title)}</title>\n${STYLE}\n${head}`, body);
}

function money(amount: string, store: DemoStoreEntry): string {
  return formatMoney(amount, store.currency, 'en');
}

function offerBlock(amount: string, availability: DemoAvailability, condition: 'NewCondition' | 'UsedCondition', label: string, store: DemoStoreEntry): string {
  return `<div class="ee-offer" itemprop="offers" itemscope itemtype="https://schema.org/Offer">
      <div class="ee-offer-label">${esc(label)}</div>
      <meta itemprop="priceCurrency" content="${store.currency}">
      <span class="ee-price" itemprop="price" content="${esc(amount)}">${money(amount, store)}</span>
      <link itemprop="availability" href="${SCHEMA_ORG_AVAILABILITY[availability]}">
      <link itemprop="itemCondition" href="https://schema.org/${condition}">
      <p class="ee-availability">${ENGLISH_AVAILABILITY[availability]}</p>
      <button class="ee-buy" type="button"${availability === 'out_of_stock' ? ' disabled' : ''}>${availability === 'preorder' ? 'Pre-order' : 'Buy now'}</button>
    </div>`;
}

function offers(offer: OfferModel, store: DemoStoreEntry): string {
  switch (offer.kind) {
    case 'single':
      return `${offerBlock(offer.amount, offer.availability, 'NewCondition', 'Ebook (EPUB)', store)}
    ${offer.listAmount ? `<p class="ee-saving">Print list price ${money(offer.listAmount, store)}</p>` : ''}`;
    case 'ambiguous':
      return `${offerBlock(offer.amounts[0], offer.availability, 'NewCondition', 'Ebook (EPUB)', store)}
    ${offerBlock(offer.amounts[1], offer.availability, 'NewCondition', 'Ebook (EPUB), partner edition', store)}`;
    case 'used_and_new':
      return `${offerBlock(offer.newAmount, offer.availability, 'NewCondition', 'New', store)}
    ${offerBlock(offer.usedAmount, 'in_stock', 'UsedCondition', 'Pre-owned audio CD', store)}`;
    case 'none':
      return `<div class="ee-offer ee-offer-none"><p>Not available for purchase in your region.</p><button class="ee-buy" type="button">Add to wishlist</button></div>`;
  }
}

function shelf(books: readonly RelatedBook[], store: DemoStoreEntry): string {
  return books
    .map(
      (b) => `<li>
      <a href="${store.productPath(b.isbn)}">${coverSvg(b.isbn, b.title, 110, 165)}<br>${esc(b.title)}</a>
      <div class="ee-more-author">${esc(b.author)}</div>
      <div class="ee-more-price">${money(b.amount, store)}</div>
    </li>`,
    )
    .join('\n    ');
}

function product(m: ProductPageModel): string {
  const { store, book } = m;
  const url = `${m.baseUrl}${store.productPath(book.isbn)}`;
  const sizeMb = (1 + (book.pages % 40) / 10).toFixed(1);
  const main = `<article class="ee-product" itemscope itemtype="https://schema.org/Book">
  <div class="ee-cover">${coverSvg(book.isbn, book.title, 220, 330)}</div>
  <div class="ee-details">
    <h1 itemprop="name">${esc(book.title)}</h1>
    <p>by <span itemprop="author" itemscope itemtype="https://schema.org/Person"><a itemprop="url" href="${store.homePath}authors/${encodeURIComponent(book.author)}"><span itemprop="name">${esc(book.author)}</span></a></span></p>
    <meta itemprop="isbn" content="${book.isbn}">
    <link itemprop="bookFormat" href="https://schema.org/EBook">
    <link itemprop="url" href="${esc(url)}">
    <p itemprop="description">${esc(book.blurb)}</p>
    <ul class="ee-facts">
      <li>Format: EPUB, ${sizeMb} MB, DRM-free</li>
      <li>Publisher: <span itemprop="publisher">${esc(book.publisher)}</span></li>
      <li>Published: <span itemprop="datePublished">${book.year}</span></li>
      <li>Print length: <span itemprop="numberOfPages">${book.pages}</span> pages</li>
      <li>ISBN: ${book.isbn}</li>
    </ul>
    ${offers(m.offer, store)}
  </div>
</article>
<section class="ee-more">
  <h2>Readers also enjoyed</h2>
  <ol>
    ${shelf(m.related, store)}
  </ol>
</section>`;
  return layout(store, `${book.title} – ${book.author} – Ebook Emporium`, `<link rel="canonical" href="${esc(url)}">`, main);
}

function notFound(m: NotFoundPageModel): string {
  const main = `<section class="ee-product"><div><h1>We couldn't find that ebook</h1>
  <p>No ebook or audiobook has the ISBN <code>${esc(m.requested)}</code>.</p></div></section>
<section class="ee-more"><h2>Trending ebooks</h2><ol>
    ${shelf(m.featured, m.store)}
</ol></section>`;
  return layout(m.store, 'Not found – Ebook Emporium', '<meta name="robots" content="noindex">', main);
}

function home(m: StorePageModel): string {
  const main = `<section class="ee-product"><div><h1>Start reading in seconds</h1><p>Ebooks and audiobooks, on every device.</p></div></section>
<section class="ee-more"><h2>Top sellers</h2><ol>
    ${shelf(m.featured, m.store)}
</ol></section>`;
  return layout(m.store, 'Ebook Emporium – ebooks and audiobooks', '', main);
}

export const ebookEmporiumTheme: StoreTheme = { product, notFound, home };
