// The SQL detector is the set-based fast path of the alert rules stated in src/domain/alerts: every story of the
// shared case table is played on a real PostgreSQL (quotes stored one by one, the detector asked after each) and
// must raise, quote by quote, exactly what the domain raises.
import type { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openOrm } from '../../../src/adapters/postgres/database.js';
import { SqlAlertDetector } from '../../../src/adapters/postgres/repositories/sql-alert-detector.js';
import {
  ALERT_RULE_CASES,
  type AlertRuleCase,
  domainOutcomes,
  inKindOrder,
  isMonthlyStep,
  isQuoteStep,
  labelOf,
  money,
  STORE_ROLES,
  type StepOutcome,
  type StoreRole,
} from '../../support/alert-rule-cases.js';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.js';

let db: TestDatabase;
let orm: MikroORM;
let userId: string;
let languageId: string;
const storeIds = {} as Record<StoreRole, string>;

beforeAll(async () => {
  db = await createTestDatabase();
  orm = await openOrm(db.url, 2);
  // The reader buys in Germany, in euros, paperbacks; no readable languages chosen, so every language counts.
  const [user] = await db.sql<{ user_id: string }>("insert into app_user (subject) values ('parity-reader') returning user_id");
  userId = user!.user_id;
  await db.sql("insert into user_preferences (user_id, country, currency, formats) values ($1, 'DE', 'EUR', '{paperback}')", [userId]);
  const [english] = await db.sql<{ language_id: string }>("select language_id from language where language_code = 'en'");
  languageId = english!.language_id;
  // home and second are stores the reader can buy from; elsewhere is in France.
  const countries: Record<StoreRole, string | null> = { home: null, second: 'DE', elsewhere: 'FR' };
  for (const role of STORE_ROLES) {
    const [row] = await db.sql<{ store_id: string }>(
      `insert into store (store_key, store_name, country, currency, formats, homepage_url, product_url_template, is_active)
       values ($1, $1, $2, 'EUR', '{paperback}', 'https://store.example', 'https://store.example/{isbn}', true) returning store_id`,
      [`parity-${role}`, countries[role]],
    );
    storeIds[role] = row!.store_id;
  }
});

afterAll(async () => {
  await orm?.close(true);
  await db?.drop();
});

let stories = 0;

/** The story on PostgreSQL: its own book, edition and wish; each daily quote stored, then the detector asked. */
async function sqlOutcomes(story: AlertRuleCase): Promise<StepOutcome[]> {
  stories += 1;
  const title = `Parity story ${stories}`;
  const [book] = await db.sql<{ book_id: string }>('insert into book (book_original_title, title_search) values ($1, $2) returning book_id', [title, title]);
  const isbn = `979${String(stories).padStart(10, '0')}`;
  const [edition] = await db.sql<{ edition_id: string }>(
    "insert into edition (book_id, isbn, format, language_id) values ($1, $2, 'paperback', $3) returning edition_id",
    [book!.book_id, isbn, languageId],
  );
  const editionId = edition!.edition_id;
  const max = story.maxPrice ? money(story.maxPrice) : null;
  const [wish] = await db.sql<{ wish_id: string }>(
    'insert into wish (user_id, book_id, max_price_minor, max_price_currency) values ($1, $2, $3, $4) returning wish_id',
    [userId, book!.book_id, max?.toMinor().toString() ?? null, max?.currency ?? null],
  );

  const detector = new SqlAlertDetector(orm.em.fork());
  const outcomes: StepOutcome[] = [];
  for (const step of story.steps) {
    if (!isQuoteStep(step) && !isMonthlyStep(step)) {
      const changed = step.maxPrice === null ? null : money(step.maxPrice);
      await db.sql('update wish set max_price_minor = $2, max_price_currency = $3 where wish_id = $1', [
        wish!.wish_id,
        changed?.toMinor().toString() ?? null,
        changed?.currency ?? null,
      ]);
      continue;
    }
    const store = storeIds[step.at ?? 'home'];
    if (isMonthlyStep(step)) {
      // Consolidation stores monthly quotes without asking the detector.
      const last = money(step.monthly);
      await db.sql(
        `insert into price_quote (edition_id, store_id, amount_minor, currency, availability, url, fetched_at, quote_kind, month, min_minor)
         values ($1, $2, $3, $4, 'in_stock', 'https://store.example/q', now(), 'monthly', date_trunc('month', now()), $5)`,
        [editionId, store, last.toMinor().toString(), last.currency, money(step.monthLowest).toMinor().toString()],
      );
      continue;
    }
    const price = money(step.quote);
    const [quote] = await db.sql<{ price_quote_id: string }>(
      `insert into price_quote (edition_id, store_id, amount_minor, currency, availability, url, fetched_at, quote_kind)
       values ($1, $2, $3, $4, $5, 'https://store.example/q', now(), 'daily') returning price_quote_id`,
      [editionId, store, price.toMinor().toString(), price.currency, step.availability ?? 'in_stock'],
    );
    const alerts = await detector.alertsForQuotes([Number(quote!.price_quote_id)]);
    expect(alerts.every((a) => a.userId === Number(userId) && a.editionId === Number(editionId)), JSON.stringify(alerts)).toBe(true);
    outcomes.push({ quote: labelOf(step, outcomes.length), raises: inKindOrder(alerts.map((a) => a.kind)) });
  }
  return outcomes;
}

describe('the SQL alert detector raises what the domain rules raise', () => {
  it.each(ALERT_RULE_CASES.map((story) => [story.name, story] as const))('%s', async (_name, story) => {
    expect(await sqlOutcomes(story)).toEqual(domainOutcomes(story));
  });
});
