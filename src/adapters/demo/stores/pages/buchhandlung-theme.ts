// Buchhandlung Beispiel: a German bookshop whose price is in OpenGraph/product meta tags
// (`product:price:amount`, written with a decimal comma as the shop's German locale does: `18,09`). The visible
// page is German ("18,09 €"); related titles show prices in plain markup.
import { formatMoney } from '../money-format.js';
import { GERMAN_AVAILABILITY, OPEN_GRAPH_AVAILABILITY } from './availability-labels.js';
import { coverSvg, esc, htmlDocument } from './html.js';
import type { NotFoundPageModel, OfferModel, ProductPageModel, StorePageModel, StoreTheme } from './page-model.js';
import type { DemoStoreEntry } from '../demo-store-catalogue.js';
import type { RelatedBook } from '../deterministic-catalogue.js';

const STYLE = `<style>
  body { margin: 0; font-family: "Source Sans Pro", Verdana, sans-serif; background: #fff; color: #1b1b1b; }
  .bh-service { background: #f2efe6; font-size: 12px; padding: 4px 28px; text-align: right; }
  .bh-kopf { display: flex; align-items: center; gap: 28px; padding: 18px 28px; border-bottom: 3px solid #c8102e; }
  .bh-marke { font: 700 24px Georgia, serif; color: #c8102e; text-decoration: none; }
  .bh-menue { display: flex; gap: 22px; padding: 10px 28px; list-style: none; margin: 0; background: #faf8f3; }
  .bh-menue a { color: #1b1b1b; text-decoration: none; font-weight: 600; }
  .bh-artikel { display: grid; grid-template-columns: 260px 1fr; gap: 36px; padding: 28px; }
  .bh-preis { font-size: 30px; font-weight: 700; } .bh-hinweis { font-size: 12px; color: #666; }
  .bh-lieferbar { color: #2b7a0b; } .bh-nicht-lieferbar { color: #c8102e; }
  .bh-korb { background: #c8102e; color: #fff; border: 0; padding: 12px 26px; font-weight: 700; }
  .bh-empfehlungen { padding: 0 28px; } .bh-empfehlungen ul { display: flex; gap: 22px; list-style: none; padding: 0; }
  .bh-fuss { margin-top: 40px; padding: 24px 28px; background: #262626; color: #ccc; font-size: 13px; }
  .bh-fuss a { color: #fff; }
</style>`;

function layout(store: DemoStoreEntry, title: string, head: string, main: string): string {
  const body = `<div class="bh-service">Kostenloser Versand ab 10 € &middot; Abholung in der Filiale &middot; <a href="${store.homePath}hilfe">Hilfe</a></div>
<header class="bh-kopf">
  <a class="bh-marke" href="${store.homePath}">Buchhandlung Beispiel</a>
  <form action="${store.homePath}suche" method="get" role="search"><input type="search" name="sq" placeholder="Titel, Autor, ISBN" aria-label="Suche"> <button>Suchen</button></form>
  <a href="${store.homePath}konto">Mein Konto</a> <a href="${store.homePath}merkzettel">Merkzettel</a> <a href="${store.homePath}warenkorb">Warenkorb</a>
</header>
<nav aria-label="Hauptmenü">
  <ul class="bh-menue">
    <li><a href="${store.homePath}buecher">Bücher</a></li>
    <li><a href="${store.homePath}ebooks">eBooks</a></li>
    <li><a href="${store.homePath}hoerbuecher">Hörbücher</a></li>
    <li><a href="${store.homePath}englische-buecher">Englische Bücher</a></li>
    <li><a href="${store.homePath}kinderbuecher">Kinderbuch</a></li>
    <li><a href="${store.homePath}bestseller">Bestseller</a></li>
  </ul>
</nav>
<main>
${main}
</main>
<footer class="bh-fuss">
  <p><a href="${store.homePath}impressum">Impressum</a> &middot; <a href="${store.homePath}datenschutz">Datenschutz</a> &middot; <a href="${store.homePath}agb">AGB</a> &middot; <a href="${store.homePath}widerruf">Widerrufsbelehrung</a></p>
  <p>Alle Preise inkl. MwSt. Für Bücher gilt in Deutschland die gesetzliche Buchpreisbindung. Buchhandlung Beispiel ist ein Demonstrationsladen für Shelfwatch.</p>
</footer>`;
  return htmlDocument('de', `<title>${esc(title)}</title>\n${STYLE}\n${head}`, body);
}

/** The visible price, `18,09 €`. */
function money(amount: string, store: DemoStoreEntry): string {
  return formatMoney(amount, store.currency, 'de');
}

/** The meta tag value, `18,09`: the amount with a decimal comma. */
function metaAmount(amount: string): string {
  return amount.replace('.', ',');
}

function priceMeta(offer: OfferModel, store: DemoStoreEntry): string {
  const tags = (amount: string, availability: keyof typeof OPEN_GRAPH_AVAILABILITY, condition: string) =>
    `<meta property="product:price:amount" content="${esc(metaAmount(amount))}">
<meta property="product:price:currency" content="${store.currency}">
<meta property="product:availability" content="${OPEN_GRAPH_AVAILABILITY[availability]}">
<meta property="product:condition" content="${condition}">`;
  switch (offer.kind) {
    case 'single':
      return tags(offer.amount, offer.availability, 'new');
    case 'ambiguous':
      return `${tags(offer.amounts[0], offer.availability, 'new')}\n${tags(offer.amounts[1], offer.availability, 'new')}`;
    case 'used_and_new':
      return tags(offer.newAmount, offer.availability, 'new');
    case 'none':
      return '<meta property="product:condition" content="new">';
  }
}

function kaufbox(offer: OfferModel, store: DemoStoreEntry): string {
  const lieferbar = (a: keyof typeof GERMAN_AVAILABILITY) =>
    `<p class="${a === 'out_of_stock' ? 'bh-nicht-lieferbar' : 'bh-lieferbar'}">${GERMAN_AVAILABILITY[a]}</p>`;
  const hinweis = '<p class="bh-hinweis">inkl. gesetzl. MwSt. &middot; Versandkostenfrei</p>';
  switch (offer.kind) {
    case 'single':
      return `<div class="bh-preis">${money(offer.amount, store)}</div>
    ${offer.listAmount ? `<p class="bh-hinweis">Bisheriger Preis: <s>${money(offer.listAmount, store)}</s></p>` : ''}
    ${hinweis}
    ${lieferbar(offer.availability)}
    <button class="bh-korb" type="button"${offer.availability === 'out_of_stock' ? ' disabled' : ''}>In den Warenkorb</button>`;
    case 'ambiguous':
      return `<div class="bh-preis">${money(offer.amounts[0], store)}</div>
    <p>Sonderausgabe: <strong>${money(offer.amounts[1], store)}</strong></p>
    ${hinweis}
    ${lieferbar(offer.availability)}
    <button class="bh-korb" type="button">In den Warenkorb</button>`;
    case 'used_and_new':
      return `<div class="bh-preis">${money(offer.newAmount, store)}</div>
    ${hinweis}
    ${lieferbar(offer.availability)}
    <button class="bh-korb" type="button">In den Warenkorb</button>
    <p class="bh-gebraucht">Gebraucht ab <strong>${money(offer.usedAmount, store)}</strong> bei Marktplatz-Händlern</p>`;
    case 'none':
      return `<p class="bh-nicht-lieferbar">Dieser Artikel ist leider nicht mehr lieferbar.</p>
    <button class="bh-korb" type="button">Auf den Merkzettel</button>`;
  }
}

function regal(books: readonly RelatedBook[], store: DemoStoreEntry): string {
  return books
    .map(
      (b) => `<li>
      <a href="${store.productPath(b.isbn)}">${coverSvg(b.isbn, b.title, 120, 180)}</a>
      <div><a href="${store.productPath(b.isbn)}">${esc(b.title)}</a></div>
      <div>${esc(b.author)}</div>
      <div class="bh-regal-preis">${money(b.amount, store)}</div>
    </li>`,
    )
    .join('\n    ');
}

function product(m: ProductPageModel): string {
  const { store, book } = m;
  const url = `${m.baseUrl}${store.productPath(book.isbn)}`;
  const head = `<meta name="description" content="${esc(`${book.title} von ${book.author} – jetzt bestellen bei Buchhandlung Beispiel`)}">
<link rel="canonical" href="${esc(url)}">
<meta property="og:type" content="product">
<meta property="og:site_name" content="Buchhandlung Beispiel">
<meta property="og:locale" content="de_DE">
<meta property="og:title" content="${esc(`${book.title} – ${book.author}`)}">
<meta property="og:description" content="${esc(book.blurb)}">
<meta property="og:url" content="${esc(url)}">
<meta property="og:image" content="${esc(`${m.baseUrl}${store.homePath}cover/${book.isbn}.jpg`)}">
<meta property="product:retailer_item_id" content="${book.isbn}">
${priceMeta(m.offer, store)}`;
  const main = `<nav class="bh-pfad" aria-label="Sie sind hier"><a href="${store.homePath}">Startseite</a> / <a href="${store.homePath}buecher">Bücher</a> / <a href="${store.homePath}buecher/romane">Romane &amp; Erzählungen</a></nav>
<section class="bh-artikel">
  <div class="bh-cover">${coverSvg(book.isbn, book.title, 260, 390)}</div>
  <div class="bh-info">
    <h1>${esc(book.title)}</h1>
    <p class="bh-autor">${esc(book.author)}</p>
    <p>Buch (Taschenbuch) &middot; ${book.pages} Seiten &middot; Englisch</p>
    <div class="bh-kaufbox">
    ${kaufbox(m.offer, store)}
    </div>
    <h2>Beschreibung</h2>
    <p lang="en">${esc(book.blurb)}</p>
    <h2>Details</h2>
    <dl class="bh-details">
      <dt>ISBN/EAN</dt><dd>${book.isbn}</dd>
      <dt>Verlag</dt><dd>${esc(book.publisher)}</dd>
      <dt>Erscheinungsjahr</dt><dd>${book.year}</dd>
      <dt>Seitenzahl</dt><dd>${book.pages}</dd>
    </dl>
  </div>
</section>
<section class="bh-empfehlungen">
  <h2>Das könnte Ihnen auch gefallen</h2>
  <ul>
    ${regal(m.related, store)}
  </ul>
</section>`;
  return layout(store, `${book.title} von ${book.author} – Buch | Buchhandlung Beispiel`, head, main);
}

function notFound(m: NotFoundPageModel): string {
  const main = `<section class="bh-artikel"><div><h1>Seite nicht gefunden</h1>
  <p>Zur ISBN <code>${esc(m.requested)}</code> haben wir leider keinen Artikel gefunden.</p></div></section>
<section class="bh-empfehlungen"><h2>Unsere Bestseller</h2><ul>
    ${regal(m.featured, m.store)}
</ul></section>`;
  return layout(m.store, 'Seite nicht gefunden | Buchhandlung Beispiel', '<meta name="robots" content="noindex">', main);
}

function home(m: StorePageModel): string {
  const main = `<section class="bh-artikel"><div><h1>Willkommen bei Buchhandlung Beispiel</h1><p>Ihre Buchhandlung um die Ecke – jetzt auch online.</p></div></section>
<section class="bh-empfehlungen"><h2>Neuerscheinungen</h2><ul>
    ${regal(m.featured, m.store)}
</ul></section>`;
  return layout(m.store, 'Buchhandlung Beispiel – Bücher online kaufen', '<meta property="og:type" content="website">', main);
}

export const buchhandlungTheme: StoreTheme = { product, notFound, home };
