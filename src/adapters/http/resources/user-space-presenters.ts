import { z } from 'zod';
import { ALERT_KINDS, type Alert } from '../../../domain/alerts/alert.js';
import { EDITION_FORMATS } from '../../../domain/catalog/edition.js';
import type { BookList, PublicBookList } from '../../../domain/lists/book-list.js';
import type { BookType, Genre, Language, OntologyNode, Store } from '../../../domain/reference/reference-data.js';
import type { Preferences } from '../../../domain/wishes/preferences.js';
import type { WithAlertSettings } from '../../../domain/wishes/wish.js';
import { AlertDropPercentJson, AlertLowestDaysJson, DefaultTargetJson, defaultTargetJson } from './alert-settings-schemas.js';
import { AVAILABILITIES } from '../../../domain/pricing/price-observation.js';
import type { BestPrice, BestPriceConversion, Conversion, LowestPrice, PricedWish } from '../../../domain/wishes/wish-prices.js';
import type { WithBorrow } from '../../../domain/catalog/borrow-availability.js';
import { Timestamp } from '../../kits/http/routing/common-schemas.js';
import { isoTimestamp } from '../../kits/http/routing/iso-timestamp.js';
import { BorrowJson, borrowJson } from './borrow-presenters.js';

export const MoneyJson = z.object({ amount: z.string().describe('Decimal string with the currency minor digits'), currency: z.string() });

export const LanguageJson = z.object({ language_id: z.number(), language_code: z.string(), language_name: z.string() });
export const languageJson = (l: Language): z.infer<typeof LanguageJson> => ({ language_id: l.id, language_code: l.code, language_name: l.name });

export const TypeJson = z.object({ type_id: z.number(), type_name: z.string() });
export const typeJson = (t: BookType): z.infer<typeof TypeJson> => ({ type_id: t.id, type_name: t.name });

export const GenreJson = z.object({ genre_id: z.number(), type_id: z.number(), genre_name: z.string() });
export const genreJson = (g: Genre): z.infer<typeof GenreJson> => ({ genre_id: g.id, type_id: g.typeId, genre_name: g.name });

export interface OntologyNodeJson {
  ontology_node_id: number;
  name: string;
  type_id: number;
  genre_id: number;
  children: OntologyNodeJson[];
}
/** Recursive, so the OpenAPI document holds it once, as components/schemas/OntologyNode. */
export const OntologyNodeSchema: z.ZodType<OntologyNodeJson> = z
  .lazy(() =>
    z.object({ ontology_node_id: z.number(), name: z.string(), type_id: z.number(), genre_id: z.number(), children: z.array(OntologyNodeSchema) }),
  )
  .meta({ id: 'OntologyNode' });
export const ontologyJson = (n: OntologyNode): OntologyNodeJson => ({
  ontology_node_id: n.id,
  name: n.name,
  type_id: n.typeId,
  genre_id: n.genreId,
  children: n.children.map(ontologyJson),
});

export const StoreJson = z.object({
  store_id: z.number(),
  store_name: z.string(),
  country: z.string().nullable(),
  currency: z.string(),
  formats: z.array(z.enum(EDITION_FORMATS)),
  homepage_url: z.string(),
  is_active: z.boolean(),
});
export const storeJson = (s: Store): z.infer<typeof StoreJson> => ({
  store_id: s.id,
  store_name: s.name,
  country: s.country,
  currency: s.currency,
  formats: s.formats,
  homepage_url: s.homepageUrl,
  is_active: s.isActive,
});

export const PreferencesJson = z.object({
  country: z.string().nullable(),
  currency: z.string(),
  formats: z.array(z.enum(EDITION_FORMATS)),
  alert_email: z.boolean(),
  convert_currencies: z.boolean().describe("Best and lowest prices count quotes in every currency, converted into `currency` (default false)"),
  alert_drop_percent: AlertDropPercentJson.describe("Default for every wish: alert (percent_drop) when a store's price falls by at least this %; null (default): off"),
  alert_lowest_days: AlertLowestDaysJson.describe('Default for every wish: alert (lowest_in_days) when a price is the lowest in the last 30, 90 or 365 days; null (default): off'),
  default_target: DefaultTargetJson,
});
export const preferencesJson = (p: Preferences): z.infer<typeof PreferencesJson> => ({
  country: p.country,
  currency: p.currency,
  formats: p.formats,
  alert_email: p.alertEmail,
  convert_currencies: p.convertCurrencies,
  alert_drop_percent: p.alertDefaults.dropPercent,
  alert_lowest_days: p.alertDefaults.lowestDays,
  default_target: defaultTargetJson(p.alertDefaults.defaultTarget),
});

const WISH_SCOPE =
  "the wish's book's editions in the user's formats and readable languages, at the stores the user can buy from, in the user's currency " +
  '(or, with `convert_currencies`, in any currency with a reference rate of its day, compared converted)';

const decimal = (text: string) => z.string().describe(text);

/** C11.4: a price in another currency than the user's, converted at the reference rate of its quote's day. */
export const ConvertedJson = MoneyJson.extend({
  currency: z.string().describe("The user's currency"),
  rate: decimal("Units of the user's currency per unit of the quote's, 8 decimals"),
  rate_date: z.string().describe('The day of the reference rate used, YYYY-MM-DD (at most 7 days before the quote)'),
}).describe("The price in the user's currency: `amount` = the quote's amount × `rate`, rounded half up to the currency's minor unit");
// The presenters below write each field out rather than spreading `price.toJSON()` and adding more: on Node 20 an object
// spread followed by more properties keeps every such object of a page alive through the young generation's collections
// (sql-wish-prices.ts, withShipping).
const convertedJson = (c: Conversion): z.infer<typeof ConvertedJson> => ({ amount: c.price.amount, currency: c.price.currency, rate: c.rate, rate_date: c.rateDay });

export const BestPriceConvertedJson = ConvertedJson.extend({
  shipping: decimal("The shipping in the user's currency at the same rate; null when unknown").nullable(),
  delivered: decimal("`amount` + `shipping` in the user's currency: what ranks the offer; null when the shipping is unknown").nullable(),
});
const bestPriceConvertedJson = (c: BestPriceConversion): z.infer<typeof BestPriceConvertedJson> => ({
  amount: c.price.amount,
  currency: c.price.currency,
  rate: c.rate,
  rate_date: c.rateDay,
  shipping: c.shipping?.amount ?? null,
  delivered: c.delivered?.amount ?? null,
});

export const BestPriceJson = MoneyJson.extend({
  edition_id: z.number(),
  format: z.enum(EDITION_FORMATS).describe("The format of the quote's edition"),
  store_id: z.number(),
  store_name: z.string(),
  availability: z.enum(AVAILABILITIES),
  fetched_at: Timestamp,
  url: z.string(),
  shipping: decimal("Shipping of this item to the user's country in the quote's currency (\"0.00\" when free); null when the store's recipe says nothing").nullable(),
  delivered: decimal('`amount` + `shipping` in the quote\'s currency; null when `shipping` is null').nullable(),
  converted: BestPriceConvertedJson.optional().describe("Present when the quote's currency is not the user's (C11.4)"),
}).describe(
  `Among each (edition, store)'s latest quote that is not out of stock, within ${WISH_SCOPE}: the lowest delivered price in the user's currency ` +
    '(the amount alone when shipping is unknown); null when there is none',
);
const bestPriceJson = (b: BestPrice): z.infer<typeof BestPriceJson> => {
  const json: z.infer<typeof BestPriceJson> = {
    amount: b.price.amount,
    currency: b.price.currency,
    edition_id: b.editionId,
    format: b.format,
    store_id: b.storeId,
    store_name: b.storeName,
    availability: b.availability,
    fetched_at: isoTimestamp(b.fetchedAt),
    url: b.url,
    shipping: b.shipping?.amount ?? null,
    delivered: b.delivered?.amount ?? null,
  };
  if (b.converted !== null) json.converted = bestPriceConvertedJson(b.converted);
  return json;
};

export const LowestPriceJson = MoneyJson.extend({
  edition_id: z.number(),
  format: z.enum(EDITION_FORMATS).describe("The format of the quote's edition"),
  store_id: z.number(),
  fetched_at: Timestamp,
  converted: ConvertedJson.optional().describe("Present when the quote's currency is not the user's (C11.4)"),
}).describe(`The lowest price ever seen (daily quotes and monthly minima, in stock or not) within ${WISH_SCOPE}; null when there is none`);
const lowestPriceJson = (l: LowestPrice): z.infer<typeof LowestPriceJson> => {
  const json: z.infer<typeof LowestPriceJson> = {
    amount: l.price.amount,
    currency: l.price.currency,
    edition_id: l.editionId,
    format: l.format,
    store_id: l.storeId,
    fetched_at: isoTimestamp(l.fetchedAt),
  };
  if (l.converted !== null) json.converted = convertedJson(l.converted);
  return json;
};

export const WishJson = z.object({
  wish_id: z.number(),
  book_id: z.number(),
  is_monitored: z.boolean(),
  max_price: MoneyJson.nullable(),
  created_at: Timestamp,
  best_price: BestPriceJson.nullable(),
  lowest_price: LowestPriceJson.nullable(),
  below_max_price: z
    .boolean()
    .describe("True when best_price's amount in max_price's currency (its own, or its converted amount) is at or under max_price"),
  borrow: BorrowJson,
  alert_drop_percent: AlertDropPercentJson.describe("Alert (percent_drop) when a store's price falls by at least this % from its previous one; null: the account's default"),
  alert_lowest_days: AlertLowestDaysJson.describe('Alert (lowest_in_days) when a price is the lowest in the last 30, 90 or 365 days; null: the account\'s default'),
});
export const wishJson = (w: WithBorrow<WithAlertSettings<PricedWish>>): z.infer<typeof WishJson> => ({
  wish_id: w.id,
  book_id: w.bookId,
  is_monitored: w.isMonitored,
  max_price: w.maxPrice ? w.maxPrice.toJSON() : null,
  created_at: isoTimestamp(w.createdAt),
  best_price: w.bestPrice ? bestPriceJson(w.bestPrice) : null,
  lowest_price: w.lowestPrice ? lowestPriceJson(w.lowestPrice) : null,
  below_max_price: w.belowMaxPrice,
  borrow: borrowJson(w.borrow),
  alert_drop_percent: w.alertSettings.dropPercent,
  alert_lowest_days: w.alertSettings.lowestDays,
});

export const ListJson = z.object({
  list_id: z.number(),
  list_name: z.string(),
  book_ids: z.array(z.number()),
  token: z.string(),
  created_at: Timestamp,
});
export const listJson = (l: BookList): z.infer<typeof ListJson> => ({
  list_id: l.id,
  list_name: l.name,
  book_ids: l.bookIds,
  token: l.token,
  created_at: isoTimestamp(l.createdAt),
});

export const PublicListJson = z.object({
  list_name: z.string(),
  created_at: Timestamp,
  books: z.array(
    z.object({
      book_id: z.number(),
      book_original_title: z.string(),
      authors: z.array(z.string()),
      best_price: MoneyJson.extend({ store_name: z.string(), url: z.string(), fetched_at: Timestamp }).nullable(),
    }),
  ),
});
export const publicListJson = (l: PublicBookList): z.infer<typeof PublicListJson> => ({
  list_name: l.name,
  created_at: isoTimestamp(l.createdAt),
  books: l.books.map((b) => ({
    book_id: b.bookId,
    book_original_title: b.title,
    authors: b.authors,
    best_price: b.bestPrice
      ? {
          amount: b.bestPrice.amount,
          currency: b.bestPrice.currency,
          store_name: b.bestPrice.storeName,
          url: b.bestPrice.url,
          fetched_at: isoTimestamp(b.bestPrice.fetchedAt),
        }
      : null,
  })),
});

export const AlertJson = z.object({
  alert_id: z.number(),
  wish_id: z.number(),
  book_id: z.number(),
  edition_id: z.number().nullable().describe('The edition quoted; for borrowable, the edition the lender lends when it is one of the book\'s, else null'),
  store_id: z.number().nullable().describe('The store quoted; null for borrowable'),
  alert_kind: z.enum(ALERT_KINDS).describe('borrowable: the wished book became borrowable as an e-book (Open Library lending programme); no store or price'),
  amount: z.string().nullable().describe('The price; null for borrowable'),
  currency: z.string().nullable().describe('null for borrowable'),
  previous_amount: z.string().nullable(),
  url: z.string().nullable().describe("The store's page of the edition: the URL of its latest quote there; null when none is left. For borrowable: the lender's page to borrow the book"),
  is_read: z.boolean(),
  created_at: Timestamp,
});
export const alertJson = (a: Alert): z.infer<typeof AlertJson> => ({
  alert_id: a.id,
  wish_id: a.wishId,
  book_id: a.bookId,
  edition_id: a.editionId,
  store_id: a.storeId,
  alert_kind: a.kind,
  amount: a.price?.amount ?? null,
  currency: a.price?.currency ?? null,
  previous_amount: a.previousPrice?.amount ?? null,
  url: a.url,
  is_read: a.isRead,
  created_at: isoTimestamp(a.createdAt),
});
