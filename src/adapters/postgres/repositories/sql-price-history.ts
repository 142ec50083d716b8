import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import type { PriceHistoryLimits, PriceHistoryReader } from '../../../application/pricing/ports/price-history.js';
import type {
  BookPriceHistory, DailyPricePoint, EditionPriceHistory, MonthlyPricePoint, PriceSeries,
} from '../../../domain/pricing/price-history.js';
import type { Availability } from '../../../domain/pricing/price-observation.js';
import { Money } from '../../../domain/shared/money.js';
import { selectRows } from '../../kits/sql/select-rows.js';
import { OrmEntityManager } from '../orm-tokens.js';
import { editionFromRow } from './mikro-orm-edition-repository.js';
import { type Row, toDate, toId } from './row-mapping.js';

/**
 * One statement: the book's first editions (by id) with their languages; each (edition, store, currency)'s latest
 * quote and lowest price ever from `edition_store_price`; and the points in the window, newest first up to the
 * bound — a day's daily quotes folded into one point (its last price, lowest, highest; suspect quotes left out, as
 * the summary leaves them out), monthly quotes as stored.
 * The quotes are read through `price_quote (edition_id, store_id, fetched_at)`. Amounts travel as text (bigint).
 */
const HISTORY = `
with ed as (
  select e.*, l.language_code, l.language_name
  from edition e join language l on l.language_id = e.language_id
  where e.book_id = ?
  order by e.edition_id
  limit ?
),
series as (
  select p.edition_id, p.store_id, s.store_name, p.currency, p.latest_minor::text as latest_minor, p.latest_availability,
         p.latest_url, p.latest_fetched_at, p.latest_evidence, p.lowest_minor::text as lowest_minor, p.lowest_fetched_at
  from edition_store_price p join store s on s.store_id = p.store_id
  where p.edition_id in (select edition_id from ed)
),
points as (
  select * from (
    select 'daily' as kind, q.edition_id, q.store_id, q.currency, (q.fetched_at at time zone 'UTC')::date as at,
           ((array_agg(q.amount_minor order by q.fetched_at desc, q.price_quote_id desc))[1])::text as last_minor,
           min(q.amount_minor)::text as min_minor, max(q.amount_minor)::text as max_minor, null::text as avg_minor,
           count(*)::integer as n
    from price_quote q
    where q.edition_id in (select edition_id from ed) and q.quote_kind = 'daily' and q.fetched_at >= ?::timestamptz and not q.suspect
    group by q.edition_id, q.store_id, q.currency, (q.fetched_at at time zone 'UTC')::date
    union all
    select 'monthly', q.edition_id, q.store_id, q.currency, q.month, q.amount_minor::text, q.min_minor::text,
           q.max_minor::text, q.avg_minor::text, q.sample_count
    from price_quote q
    where q.edition_id in (select edition_id from ed) and q.quote_kind = 'monthly'
      and q.month >= date_trunc('month', ?::timestamptz at time zone 'UTC')::date
  ) p
  order by p.at desc, p.edition_id, p.store_id, p.kind
  limit ?
)
select exists (select 1 from book where book_id = ?) as found,
       (select coalesce(json_agg(ed order by ed.edition_id), '[]'::json) from ed) as editions,
       (select coalesce(json_agg(series), '[]'::json) from series) as series,
       (select coalesce(json_agg(points), '[]'::json) from points) as points`;

const jsonRows = (value: unknown): Row[] => (typeof value === 'string' ? (JSON.parse(value) as Row[]) : ((value as Row[] | null) ?? []));
const seriesKey = (editionId: unknown, storeId: unknown, currency: unknown) => `${Number(editionId)}/${Number(storeId)}/${String(currency).trim()}`;

/** A book's editions with their price series, in PostgreSQL. */
@injectable()
export class SqlPriceHistory implements PriceHistoryReader {
  constructor(@inject(OrmEntityManager) private readonly em: EntityManager) {}

  async historyOfBook(bookId: number, since: Date | null, limits: PriceHistoryLimits): Promise<BookPriceHistory | null> {
    const from = since ? since.toISOString() : '-infinity';
    const [row] = await selectRows(this.em, HISTORY, [bookId, limits.editions + 1, from, from, limits.points + 1, bookId]);
    if (!row || row.found !== true) return null;
    const editionRows = jsonRows(row.editions);
    const pointRows = jsonRows(row.points);
    const truncated = editionRows.length > limits.editions || pointRows.length > limits.points;

    const editions = new Map<number, EditionPriceHistory>();
    for (const e of editionRows.slice(0, limits.editions)) {
      editions.set(toId(e.edition_id), { edition: editionFromRow(e), languageCode: String(e.language_code), languageName: String(e.language_name), series: [] });
    }
    const series = new Map<string, PriceSeries>();
    for (const s of jsonRows(row.series)) {
      const history = editions.get(toId(s.edition_id));
      if (!history) continue;
      const currency = String(s.currency).trim();
      const money = (minor: unknown) => Money.fromMinor(BigInt(String(minor)), currency);
      const one: PriceSeries = {
        storeId: toId(s.store_id),
        storeName: String(s.store_name),
        currency,
        latest: {
          price: money(s.latest_minor), availability: s.latest_availability as Availability, url: String(s.latest_url), fetchedAt: toDate(s.latest_fetched_at),
          evidence: typeof s.latest_evidence === 'string' ? s.latest_evidence : null,
        },
        lowest: { price: money(s.lowest_minor), fetchedAt: toDate(s.lowest_fetched_at) },
        daily: [],
        monthly: [],
      };
      history.series.push(one);
      series.set(seriesKey(s.edition_id, s.store_id, currency), one);
    }
    // Newest first from the statement; the series keep them oldest first.
    for (const p of pointRows.slice(0, limits.points).reverse()) {
      const one = series.get(seriesKey(p.edition_id, p.store_id, p.currency));
      if (!one) continue;
      const money = (minor: unknown) => Money.fromMinor(BigInt(String(minor)), one.currency);
      const day = String(p.at).slice(0, 10);
      if (p.kind === 'monthly') {
        one.monthly.push({
          month: day.slice(0, 7), last: money(p.last_minor), min: money(p.min_minor ?? p.last_minor), max: money(p.max_minor ?? p.last_minor),
          avg: money(p.avg_minor ?? p.last_minor), sampleCount: Number(p.n ?? 1),
        } satisfies MonthlyPricePoint);
      } else {
        one.daily.push({ date: day, last: money(p.last_minor), min: money(p.min_minor), max: money(p.max_minor), quoteCount: Number(p.n) } satisfies DailyPricePoint);
      }
    }
    for (const history of editions.values()) history.series.sort((a, b) => a.storeId - b.storeId || a.currency.localeCompare(b.currency));
    return { bookId, since, editions: [...editions.values()], truncated };
  }
}
