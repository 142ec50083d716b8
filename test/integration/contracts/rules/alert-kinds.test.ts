// The alert-kinds stories through the SQL detector on PostgreSQL: every story on its own reader, book, edition and wish
// (the reader's preferences carry the story's alert defaults, the wish its own settings), its quotes stored one by one
// at the story's clock and the detector asked after each; each quote must raise what the story says.
import { beforeAll, expect } from 'vitest';
import { SqlAlertDetector } from '../../../../src/adapters/postgres/repositories/sql-alert-detector.js';
import type { AlertDefaults } from '../../../../src/domain/alerts/alert-settings.js';
import {
  ALERT_KINDS_RULE,
  alertDefaultsOf,
  type AlertRuleCase,
  clockAfter,
  inKindOrder,
  isAccountStep,
  isMaxPriceStep,
  isMonthlyStep,
  labelOf,
  STORE_ROLES,
  type StepOutcome,
  STORY_START,
  type StoreRole,
  wishSettingsOf,
} from '../../../contracts/rules/alert-kinds.js';
import { money } from '../../../contracts/rules/money-text.js';
import { ruleDatabase } from '../../../contracts/rules/rule-database.js';
import { playRuleTable } from '../../../contracts/rules/rule-table.js';

const on = ruleDatabase();
let languageId: number;
const storeIds = {} as Record<StoreRole, number>;

beforeAll(async () => {
  languageId = await on.languageId('en');
  // home and second are stores the reader can buy from; elsewhere is in France.
  const countries: Record<StoreRole, string | null> = { home: null, second: 'DE', elsewhere: 'FR' };
  for (const role of STORE_ROLES) {
    storeIds[role] = await on.idOf(
      `insert into store (store_key, store_name, country, currency, formats, homepage_url, product_url_template, is_active)
       values ($1, $1, $2, 'EUR', '{paperback}', 'https://store.example', 'https://store.example/{isbn}', true) returning store_id`,
      [`parity-${role}`, countries[role]],
    );
  }
});

let stories = 0;

/** The account's alert defaults as the user_preferences columns hold them. */
function defaultColumns(a: AlertDefaults): unknown[] {
  const target = a.defaultTarget;
  const max = target !== null && 'maxPrice' in target ? target.maxPrice : null;
  const discount = target !== null && 'discountPercent' in target ? target.discountPercent : null;
  return [a.dropPercent, a.lowestDays, max?.toMinor().toString() ?? null, max?.currency ?? null, discount];
}

const saveDefaults = (userId: number, defaults: AlertDefaults) =>
  on.db.sql(
    `update user_preferences set alert_drop_percent = $2, alert_lowest_days = $3, default_target_minor = $4,
       default_target_currency = $5, default_target_discount_percent = $6 where user_id = $1`,
    [userId, ...defaultColumns(defaults)],
  );

/** The story on PostgreSQL: its own reader, book, edition and wish; each daily quote stored, then the detector asked. */
async function sqlOutcomes(story: AlertRuleCase): Promise<StepOutcome[]> {
  stories += 1;
  // The reader buys in Germany, in euros, paperbacks; no readable languages chosen, so every language counts.
  const userId = await on.idOf('insert into app_user (subject) values ($1) returning user_id', [`parity-reader-${stories}`]);
  await on.db.sql("insert into user_preferences (user_id, country, currency, formats) values ($1, 'DE', 'EUR', '{paperback}')", [userId]);
  await saveDefaults(userId, alertDefaultsOf(story.account));
  const title = `Parity story ${stories}`;
  const bookId = await on.idOf('insert into book (book_original_title, title_search) values ($1, $2) returning book_id', [title, title]);
  const editionId = await on.idOf("insert into edition (book_id, isbn, format, language_id) values ($1, $2, 'paperback', $3) returning edition_id", [
    bookId,
    on.freshIsbn(),
    languageId,
  ]);
  const max = story.maxPrice ? money(story.maxPrice) : null;
  const own = wishSettingsOf(story);
  const wishId = await on.idOf(
    `insert into wish (user_id, book_id, max_price_minor, max_price_currency, alert_drop_percent, alert_lowest_days)
     values ($1, $2, $3, $4, $5, $6) returning wish_id`,
    [userId, bookId, max?.toMinor().toString() ?? null, max?.currency ?? null, own.dropPercent, own.lowestDays],
  );

  const detector = new SqlAlertDetector(on.orm.em.fork());
  const outcomes: StepOutcome[] = [];
  let clock = STORY_START;
  for (const step of story.steps) {
    clock = clockAfter(step, clock);
    if (isMaxPriceStep(step)) {
      const changed = step.maxPrice === null ? null : money(step.maxPrice);
      await on.db.sql('update wish set max_price_minor = $2, max_price_currency = $3 where wish_id = $1', [
        wishId,
        changed?.toMinor().toString() ?? null,
        changed?.currency ?? null,
      ]);
    }
    if (isAccountStep(step)) await saveDefaults(userId, alertDefaultsOf(step.account));
    if (!('quote' in step) && !isMonthlyStep(step)) continue;
    const store = storeIds[step.at ?? 'home'];
    if (isMonthlyStep(step)) {
      // Consolidation stores monthly quotes without asking the detector; fetched_at is the month's last quote's.
      const last = money(step.monthly);
      await on.db.sql(
        `insert into price_quote (edition_id, store_id, amount_minor, currency, availability, url, fetched_at, quote_kind, month, min_minor)
         values ($1, $2, $3, $4, 'in_stock', 'https://store.example/q', $6, 'monthly', date_trunc('month', $6::timestamptz at time zone 'UTC'), $5)`,
        [editionId, store, last.toMinor().toString(), last.currency, money(step.monthLowest).toMinor().toString(), clock.toISOString()],
      );
      continue;
    }
    const price = money(step.quote);
    const quoteId = await on.idOf(
      `insert into price_quote (edition_id, store_id, amount_minor, currency, availability, url, fetched_at, quote_kind, suspect)
       values ($1, $2, $3, $4, $5, 'https://store.example/q', $6, 'daily', $7) returning price_quote_id`,
      [editionId, store, price.toMinor().toString(), price.currency, step.availability ?? 'in_stock', clock.toISOString(), step.suspect === true],
    );
    const alerts = await detector.alertsForQuotes([quoteId]);
    expect(alerts.every((a) => a.userId === userId && a.editionId === editionId), JSON.stringify(alerts)).toBe(true);
    outcomes.push({ quote: labelOf(step, outcomes.length), raises: inKindOrder(alerts.map((a) => a.kind)) });
  }
  return outcomes;
}

playRuleTable(ALERT_KINDS_RULE, 'sql', sqlOutcomes);
