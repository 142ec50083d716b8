import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import type { PriceBefore, PreviousPrices, PriceKey } from '../../../application/pricing/ports/previous-prices.js';
import { Money } from '../../../domain/shared/money.js';
import { OrmEntityManager } from '../orm-tokens.js';
import type { Row } from './row-mapping.js';

/*
 * One statement for any number of new quotes: the store's latest quote of the edition in the currency that is not
 * suspect (by id, the order quotes were stored, as SqlAlertDetector reads "the previous quote"), and whether some
 * monitored wish is of the edition's book.
 */
const BEFORE = `
select k.ord,
  (select p.amount_minor from price_quote p
    where p.edition_id = k.edition_id and p.store_id = k.store_id and p.currency = k.currency and not p.suspect
    order by p.price_quote_id desc limit 1)::text as previous_minor,
  exists (select 1 from edition e join wish w on w.book_id = e.book_id and w.is_monitored where e.edition_id = k.edition_id) as watched
from jsonb_to_recordset(?::jsonb) as k(ord integer, edition_id bigint, store_id bigint, currency text)
order by k.ord`;

@injectable()
export class SqlPreviousPrices implements PreviousPrices {
  constructor(@inject(OrmEntityManager) private readonly em: EntityManager) {}

  async before(keys: readonly PriceKey[]): Promise<PriceBefore[]> {
    if (keys.length === 0) return [];
    const rows = await this.em.execute<Row[]>(BEFORE, [
      JSON.stringify(keys.map((k, ord) => ({ ord, edition_id: k.editionId, store_id: k.storeId, currency: k.currency }))),
    ]);
    return keys.map((key, i) => {
      const row = rows[i];
      const minor = row?.previous_minor;
      return {
        ...key,
        previous: minor === null || minor === undefined ? null : Money.fromMinor(BigInt(String(minor)), key.currency),
        watched: row?.watched === true,
      };
    });
  }
}
