// The best-price-scope case table on PostgreSQL: the table's stores once (their shipping as the seeder stores a
// recipe's); per case the reference rates (only the case's), a reader (their preferences and readable languages), a
// book with the table's editions, the quotes stored one by one (the triggers keeping edition_store_price), a wish, and
// the wish read as production reads it (SqlWishRepository.findById).
import { beforeAll } from 'vitest';
import { SqlWishRepository } from '../../../../src/adapters/postgres/repositories/sql-wish-repository.js';
import { shippingColumn } from '../../../../src/adapters/postgres/seed/reference-seeder.js';
import type { PricedWish } from '../../../../src/domain/wishes/wish-prices.js';
import { money } from '../../../contracts/rules/money-text.js';
import {
  BEST_PRICE_SCOPE,
  conversionText,
  countedPrice,
  dayOf,
  DEFAULT_READER,
  fetchedAt,
  SCOPE_EDITIONS,
  SCOPE_STORES,
  type ScopedBestPrice,
  type ScopedPrice,
  type ScopeEdition,
  type ScopeQuote,
  type ScopeShipping,
  type ScopeStore,
  shown,
} from '../../../contracts/rules/best-price-scope.js';
import { ruleDatabase } from '../../../contracts/rules/rule-database.js';
import { playRuleTable } from '../../../contracts/rules/rule-table.js';

const on = ruleDatabase();
const storeIds = {} as Record<ScopeStore, number>;
let cases = 0;

beforeAll(async () => {
  for (const [name, store] of Object.entries(SCOPE_STORES) as Array<[ScopeStore, (typeof SCOPE_STORES)[ScopeStore]]>) {
    storeIds[name] = await on.idOf(
      `insert into store (store_key, store_name, country, currency, formats, homepage_url, product_url_template, is_active, shipping)
       values ($1, $1, $2, $3, $4, 'https://store.example', 'https://store.example/{isbn}', $5, $6) returning store_id`,
      [
        `scope-${name}`,
        store.country,
        store.currency,
        store.formats,
        !('isActive' in store) || store.isActive,
        JSON.stringify(shippingColumn({ currency: store.currency, shipping: ('shipping' in store ? (store.shipping as ScopeShipping) : null) })),
      ],
    );
  }
});

/** Which of the case's quotes a price read from PostgreSQL is: same edition, store, time and counted price. */
function quoteOf(
  quotes: ScopeQuote[],
  editionIds: Record<ScopeEdition, number>,
  as: 'best' | 'lowest',
  found: NonNullable<PricedWish['bestPrice'] | PricedWish['lowestPrice']>,
): string {
  const names = quotes
    .filter((q) => editionIds[q.edition] === found.editionId && storeIds[q.at] === found.storeId)
    .filter((q) => fetchedAt(q.day).getTime() === found.fetchedAt.getTime() && countedPrice(q, as).equals(found.price))
    .map((q) => q.name);
  return names.join(' or ') || `none of the case's quotes: ${JSON.stringify(found)}`;
}

function bestOf(quotes: ScopeQuote[], editionIds: Record<ScopeEdition, number>, best: PricedWish['bestPrice']): ScopedBestPrice | null {
  if (best === null) return null;
  return {
    quote: quoteOf(quotes, editionIds, 'best', best),
    price: shown(best.price),
    converted: best.converted === null ? null : conversionText(best.converted),
    shipping: shown(best.shipping),
    delivered: shown(best.delivered),
  };
}

function lowestOf(quotes: ScopeQuote[], editionIds: Record<ScopeEdition, number>, lowest: PricedWish['lowestPrice']): ScopedPrice | null {
  if (lowest === null) return null;
  return {
    quote: quoteOf(quotes, editionIds, 'lowest', lowest),
    price: shown(lowest.price),
    converted: lowest.converted === null ? null : conversionText(lowest.converted),
  };
}

playRuleTable(BEST_PRICE_SCOPE, 'sql', async ({ reader = DEFAULT_READER, rates = [], quotes }) => {
  const n = ++cases;
  await on.db.sql('delete from reference_rate');
  for (const { day, perEuro } of rates) {
    for (const [currency, rate] of Object.entries(perEuro)) {
      await on.db.sql('insert into reference_rate (rate_date, currency, per_euro) values ($1, $2, $3)', [dayOf(day), currency, rate]);
    }
  }
  const userId = await on.idOf('insert into app_user (subject) values ($1) returning user_id', [`scope-reader-${n}`]);
  await on.db.sql('insert into user_preferences (user_id, country, currency, formats, convert_currencies) values ($1, $2, $3, $4, $5)', [
    userId,
    reader.country,
    reader.currency,
    reader.formats,
    reader.convert ?? false,
  ]);
  for (const code of reader.languages) {
    await on.db.sql('insert into user_language (user_id, language_id) values ($1, $2)', [userId, await on.languageId(code)]);
  }

  const title = `scope book ${n}`;
  const bookId = await on.idOf('insert into book (book_original_title, title_search) values ($1, $2) returning book_id', [title, title]);
  const editionIds = {} as Record<ScopeEdition, number>;
  for (const [name, edition] of Object.entries(SCOPE_EDITIONS) as Array<[ScopeEdition, (typeof SCOPE_EDITIONS)[ScopeEdition]]>) {
    editionIds[name] = await on.idOf('insert into edition (book_id, isbn, format, language_id) values ($1, $2, $3, $4) returning edition_id', [
      bookId,
      on.freshIsbn(),
      edition.format,
      await on.languageId(edition.language),
    ]);
  }
  for (const q of quotes) {
    const price = money(q.price);
    const monthLowest = q.monthLowest === undefined ? null : money(q.monthLowest).toMinor().toString();
    // A monthly quote (consolidation's) is its month's, with the month's lowest beside its last price.
    await on.db.sql(
      `insert into price_quote (edition_id, store_id, amount_minor, currency, availability, url, fetched_at, quote_kind, month, min_minor)
       values ($1, $2, $3, $4, $5, 'https://store.example/q', $6, case when $7::bigint is null then 'daily' else 'monthly' end,
               case when $7::bigint is not null then date_trunc('month', $6::timestamptz at time zone 'UTC')::date end, $7)`,
      [editionIds[q.edition], storeIds[q.at], price.toMinor().toString(), price.currency, q.availability ?? 'in_stock', fetchedAt(q.day), monthLowest],
    );
  }
  const wishId = await on.idOf('insert into wish (user_id, book_id) values ($1, $2) returning wish_id', [userId, bookId]);

  const wish = await new SqlWishRepository(on.orm.em.fork()).findById(userId, wishId);
  if (wish === null) throw new Error(`wish ${wishId} not found`);
  return { best: bestOf(quotes, editionIds, wish.bestPrice), lowest: lowestOf(quotes, editionIds, wish.lowestPrice) };
});
