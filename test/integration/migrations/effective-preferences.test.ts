// Migration 11's view and function against the domain: a user without saved preferences gets exactly the domain's
// DEFAULT_PREFERENCES, and store_sells_to is the "stores this user can buy from" rule.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES } from '../../../src/domain/wishes/preferences.js';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.js';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

describe('effective_preferences', () => {
  it('gives a user without saved preferences the domain defaults, and a user with some their own', async () => {
    const [plain] = await db.sql<{ user_id: string }>("insert into app_user (subject) values ('no-prefs') returning user_id");
    const [saved] = await db.sql<{ user_id: string }>("insert into app_user (subject) values ('with-prefs') returning user_id");
    await db.sql("insert into user_preferences (user_id, country, currency, formats, alert_email) values ($1, 'DE', 'USD', '{ebook}', false)", [saved!.user_id]);
    const rows = await db.sql<{ user_id: string; country: string | null; currency: string; formats: string[] }>(
      'select user_id, country, currency, formats from effective_preferences where user_id = any($1::bigint[]) order by user_id',
      [[plain!.user_id, saved!.user_id]],
    );
    expect(rows.map(({ country, currency, formats }) => ({ country, currency, formats }))).toEqual([
      { country: DEFAULT_PREFERENCES.country, currency: DEFAULT_PREFERENCES.currency, formats: [...DEFAULT_PREFERENCES.formats] },
      { country: 'DE', currency: 'USD', formats: ['ebook'] },
    ]);
  });
});

describe('store_sells_to', () => {
  it('is true for an active store in the country (or country-less), in the currency, selling one of the formats', async () => {
    const sells = async (where: string, country: string | null, currency: string, formats: string[]): Promise<boolean[]> =>
      (
        await db.sql<{ ok: boolean }>(`select store_sells_to(s, $1, $2, $3::text[]) as ok from store s where ${where} order by store_id`, [
          country,
          currency,
          formats,
        ])
      ).map((r) => r.ok);
    const [store] = await db.sql<{ store_id: string; country: string | null; currency: string; formats: string[] }>(
      'select store_id, country, currency, formats from store where is_active order by store_id limit 1',
    );
    const id = `store_id = ${store!.store_id}`;
    expect(await sells(id, store!.country, store!.currency, store!.formats)).toEqual([true]);
    expect(await sells(id, store!.country, store!.currency === 'EUR' ? 'USD' : 'EUR', store!.formats)).toEqual([false]);
    const otherFormats = ['hardcover', 'paperback', 'ebook', 'audiobook'].filter((f) => !store!.formats.includes(f));
    if (otherFormats.length > 0) expect(await sells(id, store!.country, store!.currency, otherFormats)).toEqual([false]);
    await db.sql(`update store set is_active = false where ${id}`);
    expect(await sells(id, store!.country, store!.currency, store!.formats)).toEqual([false]);
  });
});
