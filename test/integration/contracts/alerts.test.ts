import { SqlAlertRepository } from '../../../src/adapters/postgres/repositories/sql-alert-repository.js';
import { Money } from '../../../src/domain/shared/money.js';
import { describeAlertRepositoryContract } from '../../contracts/ports/alerts.contract.js';
import { onPostgres } from './on-postgres.js';

const pg = onPostgres();

describeAlertRepositoryContract('PostgreSQL', async () => {
  await pg.forgetUserData();
  const quote = (editionId: number, storeId: number, currency: string, url: string, minutesAgo: number) =>
    pg.db.sql(
      `insert into price_quote (edition_id, store_id, amount_minor, currency, availability, url, fetched_at, quote_kind)
       values ($1, $2, 1000, $3, 'in_stock', $4, now() - make_interval(mins => $5), 'daily')`,
      [editionId, storeId, currency, url, minutesAgo],
    );
  return {
    alerts: pg.adapter((em) => new SqlAlertRepository(em)),
    aUser: () => pg.aUser(),
    async anAlert(userId, raised = {}) {
      const { bookId, editionId } = await pg.anEdition();
      const storeId = await pg.aStore();
      const wishId = await pg.aWish(userId, bookId);
      const price = raised.price ?? Money.parse('17.50', 'EUR');
      const previous = raised.previousPrice === undefined ? Money.parse('18.90', price.currency) : raised.previousPrice;
      const [row] = await pg.db.sql<{ alert_id: string }>(
        `insert into alert (user_id, wish_id, book_id, edition_id, store_id, alert_kind, amount_minor, currency, previous_minor, is_read)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning alert_id`,
        [
          userId,
          wishId,
          bookId,
          editionId,
          storeId,
          raised.kind ?? 'price_drop',
          String(price.toMinor()),
          price.currency,
          previous === null ? null : String(previous.toMinor()),
          raised.isRead ?? false,
        ],
      );
      // Quotes in another currency never give the alert its page; of those in its currency, the latest does.
      await quote(editionId, storeId, price.currency === 'GBP' ? 'USD' : 'GBP', 'https://store.example/other-currency', 1);
      if (raised.storePage !== undefined) {
        await quote(editionId, storeId, price.currency, 'https://store.example/older', 60);
        await quote(editionId, storeId, price.currency, raised.storePage, 30);
      }
      return { id: Number(row!.alert_id), wishId, bookId, editionId, storeId };
    },
  };
});
