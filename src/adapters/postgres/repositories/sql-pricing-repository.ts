import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import type { StoreTarget } from '../../../application/pricing/ports/price-source.js';
import type { CooldownClaim, EditionTargets, PricingRepository, UserFetchQuota } from '../../../application/pricing/ports/pricing-repository.js';
import type { EditionFormat } from '../../../domain/catalog/edition.js';
import { type Availability, EVIDENCE_MAX_CHARS } from '../../../domain/pricing/price-observation.js';
import type { NewDailyQuote, PriceQuote } from '../../../domain/pricing/price-quote.js';
import type { PageRequest, PageSlice } from '../../../domain/shared/page.js';
import { Money } from '../../../domain/shared/money.js';
import { expandProductUrl } from '../../../domain/pricing/product-url.js';
import { queryPage } from '../../kits/sql/keyset.js';
import { OrmEntityManager } from '../orm-tokens.js';
import { type Row, toDate, toId } from './row-mapping.js';


const TARGET_COLUMNS = 's.store_id, s.store_key, s.currency, s.extraction, e.isbn, e.gtin, s.product_url_template';

/**
 * Whether store `s`'s product URL template can address edition `e`: the SQL twin of `expandProductUrl` giving a URL
 * (domain/pricing/product-url.ts), held equal by test/contracts/rules/store-addresses-edition.ts. A template that needs
 * an ISBN-10 cannot address a 979- edition, which has none; one that needs an ISBN cannot address a product with only
 * a GTIN (`{gtin}` addresses every edition).
 */
export const STORE_ADDRESSES_EDITION = `(strpos(s.product_url_template, '{isbn10}') = 0 or e.isbn like '978%')
  and (e.isbn is not null or s.product_url_template !~ '[{]isbn(13|10){0,1}[}]')`;

/** The stores (`s`) an edition (`e`) is asked at: active, selling its format, and able to address it. */
export const STORE_ASKS_EDITION = `s.is_active and e.format = any(s.formats)
  and ${STORE_ADDRESSES_EDITION}`;

@injectable()
export class SqlPricingRepository implements PricingRepository {
  constructor(@inject(OrmEntityManager) private readonly em: EntityManager) {}

  async editionTargets(editionId: number): Promise<EditionTargets | null> {
    const editions = await this.em.execute<Row[]>('select edition_id, book_id, isbn, format from edition where edition_id = ?', [editionId]);
    const edition = editions[0];
    if (!edition) return null;
    const rows = await this.em.execute<Row[]>(
      `select ${TARGET_COLUMNS} from edition e join store s on ${STORE_ASKS_EDITION}
       where e.edition_id = ? order by s.store_id`,
      [editionId],
    );
    return {
      editionId,
      bookId: toId(edition.book_id),
      isbn: edition.isbn === null ? null : String(edition.isbn),
      format: edition.format as EditionFormat,
      targets: rows.map(targetFromRow),
    };
  }

  async taskTarget(editionId: number, storeId: number): Promise<{ bookId: number; target: StoreTarget } | null> {
    const rows = await this.em.execute<Row[]>(
      `select e.book_id, ${TARGET_COLUMNS} from edition e join store s on s.store_id = ? and ${STORE_ASKS_EDITION}
       where e.edition_id = ?`,
      [storeId, editionId],
    );
    const row = rows[0];
    return row ? { bookId: toId(row.book_id), target: targetFromRow(row) } : null;
  }

  async claimOnDemandFetch(editionId: number, cooldownSeconds: number, now: Date): Promise<CooldownClaim> {
    // One conditional update: of two concurrent requests (on any instances) exactly one moves the timestamp.
    const claimed = await this.em.execute<Row[]>(
      `update edition set prices_requested_at = ?
       where edition_id = ? and (prices_requested_at is null or prices_requested_at <= ?::timestamptz - make_interval(secs => ?))
       returning edition_id`,
      [now.toISOString(), editionId, now.toISOString(), cooldownSeconds],
    );
    if (claimed.length > 0) return { claimed: true };
    const rows = await this.em.execute<Row[]>('select prices_requested_at from edition where edition_id = ?', [editionId]);
    const last = rows[0]?.prices_requested_at;
    const elapsed = last ? (now.getTime() - toDate(last).getTime()) / 1000 : 0;
    return { claimed: false, retryAfterSeconds: Math.max(1, Math.ceil(cooldownSeconds - elapsed)) };
  }

  async claimUserFetch(userId: number, quota: UserFetchQuota, now: Date): Promise<CooldownClaim> {
    // One upsert: a window past its end starts again at 1, else the count goes up; the row lock orders a user's
    // concurrent requests on every instance.
    const rows = await this.em.execute<Row[]>(
      `insert into on_demand_fetch_quota as q (user_id, window_start, used) values (?, ?::timestamptz, 1)
       on conflict (user_id) do update set
         window_start = case when q.window_start <= excluded.window_start - make_interval(secs => ?) then excluded.window_start else q.window_start end,
         used = case when q.window_start <= excluded.window_start - make_interval(secs => ?) then 1 else q.used + 1 end
       returning window_start, used`,
      [userId, now.toISOString(), quota.windowSeconds, quota.windowSeconds],
    );
    const row = rows[0]!;
    if (Number(row.used) <= quota.limit) return { claimed: true };
    const endsAt = toDate(row.window_start).getTime() + quota.windowSeconds * 1000;
    return { claimed: false, retryAfterSeconds: Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000)) };
  }

  async addDailyQuotes(quotes: readonly NewDailyQuote[]): Promise<PriceQuote[]> {
    const rows = await this.em.execute<Row[]>(
      `insert into price_quote (edition_id, store_id, amount_minor, currency, availability, url, fetched_at, quote_kind, evidence, suspect)
       select r.edition_id, r.store_id, r.amount_minor, r.currency, r.availability, r.url, r.fetched_at, 'daily', r.evidence, r.suspect
       from jsonb_to_recordset(?::jsonb)
         as r(edition_id bigint, store_id bigint, amount_minor bigint, currency text, availability text, url text, fetched_at timestamptz,
              evidence text, suspect boolean)
       returning *`,
      [
        JSON.stringify(
          quotes.map((q) => ({
            edition_id: q.editionId,
            store_id: q.storeId,
            amount_minor: q.price.toMinor().toString(),
            currency: q.price.currency,
            availability: q.availability,
            url: q.url,
            fetched_at: q.fetchedAt.toISOString(),
            // Short by construction (evidence.ts); capped here too, as the column is what logs and pages show.
            evidence: q.evidence ? q.evidence.slice(0, EVIDENCE_MAX_CHARS) : null,
            suspect: q.suspect === true,
          })),
        ),
      ],
    );
    return rows.map(quoteFromRow);
  }

  pageOfEdition(editionId: number, request: PageRequest): Promise<PageSlice<PriceQuote>> {
    return queryPage(
      this.em,
      { selectFrom: 'select q.* from price_quote q', filters: [['q.edition_id = ?', [editionId]]], key: 'q.price_quote_id', order: 'desc' },
      request,
      quoteFromRow,
    );
  }
}

/** A target read with TARGET_COLUMNS (or the same columns), joined on STORE_ASKS_EDITION. */
export function targetFromRow(row: Row): StoreTarget {
  const isbn13 = row.isbn === null || row.isbn === undefined ? null : String(row.isbn);
  const gtin = row.gtin === null || row.gtin === undefined ? null : String(row.gtin);
  const productUrl = expandProductUrl(String(row.product_url_template), { isbn13, gtin });
  // STORE_ASKS_EDITION keeps out the editions a template cannot address.
  if (productUrl === null) throw new Error(`Store ${String(row.store_key)} cannot address edition ${isbn13 ?? gtin ?? '?'}: it lacks the identifier`);
  return {
    storeId: toId(row.store_id),
    storeKey: String(row.store_key),
    productUrl,
    currency: String(row.currency).trim(),
    isbn13,
    ...(gtin === null ? {} : { gtin }),
    extraction: (row.extraction as Record<string, unknown> | null) ?? {},
  };
}

export function quoteFromRow(row: Row): PriceQuote {
  const currency = String(row.currency).trim();
  const money = (minor: unknown): Money => Money.fromMinor(BigInt(String(minor)), currency);
  const monthly = row.quote_kind === 'monthly';
  return {
    id: toId(row.price_quote_id),
    editionId: toId(row.edition_id),
    storeId: toId(row.store_id),
    price: money(row.amount_minor),
    availability: row.availability as Availability,
    url: String(row.url),
    fetchedAt: toDate(row.fetched_at),
    kind: monthly ? 'monthly' : 'daily',
    evidence: typeof row.evidence === 'string' ? row.evidence : null,
    suspect: row.suspect === true,
    monthly: monthly
      ? {
          month: toDate(row.month).toISOString().slice(0, 7),
          min: money(row.min_minor),
          max: money(row.max_minor),
          avg: money(row.avg_minor),
          sampleCount: Number(row.sample_count),
        }
      : null,
  };
}
