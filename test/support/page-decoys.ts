// Seeded randomness and the markup the page mutations add: other products' prices in every form stores use
// (JSON-LD nodes and lists, microdata lists, HTML cards, scripts, comments). A decoy never carries the page's price.

export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
  shuffle<T>(items: readonly T[]): T[];
}

/** mulberry32: small, fast, and the same sequence for the same seed on every machine. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: (items) => items[int(0, items.length - 1)]!,
    chance: (probability) => next() < probability,
    shuffle: (items) => {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = int(0, i);
        [copy[i], copy[j]] = [copy[j]!, copy[i]!];
      }
      return copy;
    },
  };
}

/** What a decoy must differ from: the page's price (when it has one) and its edition. */
export interface DecoyContext {
  /** The page's price, two decimals ("18.09"); decoy prices never equal it. */
  amount: string | null;
  /** Currency of the decoys: the page's price currency, else the store's. */
  currency: string;
  isbn13?: string | undefined;
}

export function decoyAmount(random: Random, avoid: string | null): string {
  for (;;) {
    const amount = (random.int(199, 9999) / 100).toFixed(2);
    if (avoid === null || Number(amount) !== Number(avoid)) return amount;
  }
}

/** An amount as the page's country writes it: "$12.34", "£12.34", "12,34 €", "CHF 12.34". */
export function visiblePrice(amount: string, currency: string): string {
  switch (currency) {
    case 'USD':
      return `$${amount}`;
    case 'GBP':
      return `£${amount}`;
    case 'EUR':
      return `${amount.replace('.', ',')}&nbsp;€`;
    default:
      return `${currency} ${amount}`;
  }
}

export function isbn13Check(first12: string): string {
  const sum = [...first12].reduce((acc, digit, i) => acc + Number(digit) * (i % 2 === 0 ? 1 : 3), 0);
  return `${first12}${(10 - (sum % 10)) % 10}`;
}

export function otherIsbn13(random: Random, avoid: string | undefined): string {
  for (;;) {
    const isbn = isbn13Check(`978${String(random.int(0, 999_999_999)).padStart(9, '0')}`);
    if (isbn !== avoid) return isbn;
  }
}

const TITLES = ['The Glass Archive', 'Winter Orchard', 'A Map of Small Rivers', 'Der stille Garten', 'Salt and Lanterns', 'Les Heures Claires', 'The Lighthouse Keeper', 'Paper Moons'];

interface DecoyProduct {
  name: string;
  isbn: string;
  amount: string;
  url: string;
}

function decoyProducts(random: Random, context: DecoyContext, count: number): DecoyProduct[] {
  return Array.from({ length: count }, () => {
    const isbn = otherIsbn13(random, context.isbn13);
    return { name: random.pick(TITLES), isbn, amount: decoyAmount(random, context.amount), url: `/product/${isbn}` };
  });
}

const offerNode = (product: DecoyProduct, currency: string, random: Random): Record<string, unknown> => ({
  '@type': 'Offer',
  price: random.chance(0.5) ? Number(product.amount) : product.amount,
  priceCurrency: currency,
  availability: 'https://schema.org/InStock',
  url: product.url,
});

const productNode = (product: DecoyProduct, currency: string, random: Random): Record<string, unknown> => ({
  '@context': 'https://schema.org',
  '@type': random.pick(['Book', 'Product', ['Book', 'Product']]),
  name: product.name,
  url: product.url,
  [random.pick(['isbn', 'gtin13'])]: product.isbn,
  offers: offerNode(product, currency, random),
});

const ldJson = (value: unknown): string => `<script type="application/ld+json">${JSON.stringify(value)}</script>`;

/** A "you may also like" ItemList of other books with their offers. */
export function jsonLdRelatedList(random: Random, context: DecoyContext): string {
  const products = decoyProducts(random, context, random.int(2, 6));
  return ldJson({
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name: 'Customers also bought',
    itemListElement: products.map((product, i) => ({ '@type': 'ListItem', position: i + 1, item: productNode(product, context.currency, random) })),
  });
}

/** Other products as top-level JSON-LD nodes (recommendation widgets emit them so): one block each, or one array. */
export function jsonLdRelatedNodes(random: Random, context: DecoyContext): string {
  const nodes = decoyProducts(random, context, random.int(1, 4)).map((product) => productNode(product, context.currency, random));
  return random.chance(0.5) ? ldJson(nodes) : nodes.map(ldJson).join('\n');
}

/** A "customers also bought" list whose cards are microdata items with offers. */
export function microdataRelatedList(random: Random, context: DecoyContext): string {
  const asList = random.chance(0.5);
  const cards = decoyProducts(random, context, random.int(2, 6)).map((product) => {
    const price = random.chance(0.5)
      ? `<span itemprop="price" content="${product.amount}">${visiblePrice(product.amount, context.currency)}</span>`
      : `<span itemprop="priceCurrency" content="${context.currency}"></span><span itemprop="price">${product.amount}</span>`;
    const scope = asList ? 'itemprop="itemListElement" itemscope itemtype="https://schema.org/Book"' : 'itemscope itemtype="https://schema.org/Book"';
    return (
      `<li class="product-card" ${scope}><a itemprop="url" href="${product.url}"><span itemprop="name">${product.name}</span></a>` +
      `<meta itemprop="isbn" content="${product.isbn}">` +
      `<div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><meta itemprop="priceCurrency" content="${context.currency}">${price}` +
      `<link itemprop="availability" href="https://schema.org/InStock"></div></li>`
    );
  });
  const list = asList ? '<ul itemscope itemtype="https://schema.org/ItemList">' : '<ul>';
  return `<section class="also-bought"><h2>Customers also bought</h2>${list}${cards.join('')}</ul></section>`;
}

/** A related-products grid of plain HTML cards, with current and struck prices. */
export function htmlPriceCards(random: Random, context: DecoyContext): string {
  const cards = decoyProducts(random, context, random.int(2, 8)).map((product) => {
    const was = random.chance(0.4) ? ` <s class="price-was">${visiblePrice(decoyAmount(random, context.amount), context.currency)}</s>` : '';
    return `<div class="product-card"><a href="${product.url}">${product.name}</a> <span class="price">${visiblePrice(product.amount, context.currency)}</span>${was}<button>Add to cart</button></div>`;
  });
  return `<div class="product-grid"><h2>You may also like</h2>${cards.join('\n')}</div>`;
}

/** Prices the reader must not see: inside a comment, or inside scripts that are not JSON-LD. */
export function hiddenPrice(random: Random, context: DecoyContext): { kind: string; markup: string } {
  const amount = decoyAmount(random, context.amount);
  const product = { '@context': 'https://schema.org', '@type': 'Product', name: random.pick(TITLES), offers: { '@type': 'Offer', price: amount, priceCurrency: context.currency } };
  const kinds: Array<[string, () => string]> = [
    ['comment-markup', () => `<!-- old price block: <span class="price" itemprop="price" content="${amount}">${visiblePrice(amount, context.currency)}</span> -->`],
    ['comment-json-ld', () => `<!-- ${ldJson(product)} -->`],
    ['data-layer-script', () => `<script>window.dataLayer = window.dataLayer || []; dataLayer.push({"ecommerce": {"detail": {"products": [{"price": ${amount}, "currency": "${context.currency}"}]}}});</script>`],
    ['state-json-script', () => `<script type="application/json" id="__NEXT_DATA__">${JSON.stringify({ props: { pageProps: { product } } })}</script>`],
    ['template-script', () => `<script type="text/x-template" id="card"><div itemscope itemtype="https://schema.org/Offer"><span itemprop="price">${amount}</span><meta itemprop="priceCurrency" content="${context.currency}"></div></script>`],
  ];
  const [kind, make] = random.pick(kinds);
  return { kind, markup: make() };
}
