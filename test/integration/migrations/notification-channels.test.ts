// Migration 12 turns the account's e-mail alerts into its default e-mail channel: every user whose preferences had
// alert_email on gets one (the account's address, every alert kind, at once, enabled); the others get none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateUp } from '../../support/migrate-up.js';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.js';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

describe('Migration20261125000012_notification_channels', () => {
  it('gives each user with alert_email on a default e-mail channel, and nobody else', async () => {
    // Back to the schema before the migration (and the later migrations' objects), with users and preferences in it.
    await db.sql('drop table channel_digest_item, channel_delivery, notification_channel, edition_store_price');
    for (const trigger of ['insert', 'update', 'delete']) await db.sql(`drop trigger edition_store_price_on_${trigger} on price_quote`);
    await db.sql('drop function edition_store_price_add(), edition_store_price_rebuild()');
    // Migration 22 replaces the view with its own columns; migration 23's wider view cannot be narrowed in place.
    await db.sql('drop view effective_preferences');
    await db.sql("delete from mikro_orm_migrations where name >= 'Migration20261125000012'");
    const users = new Map<string, string>();
    for (const subject of ['wants-mail', 'no-mail', 'no-prefs', 'wants-mail-no-address']) {
      const email = subject === 'wants-mail-no-address' ? null : `${subject}@example.org`;
      const [row] = await db.sql<{ user_id: string }>('insert into app_user (subject, email) values ($1, $2) returning user_id', [subject, email]);
      users.set(subject, row!.user_id);
    }
    for (const [subject, on] of [['wants-mail', true], ['no-mail', false], ['wants-mail-no-address', true]] as const) {
      await db.sql("insert into user_preferences (user_id, country, currency, formats, alert_email) values ($1, 'DE', 'EUR', '{ebook}', $2)", [users.get(subject), on]);
    }

    await migrateUp(db.url);

    const channels = await db.sql(
      `select u.subject, c.kind, c.target, c.secret, c.alert_kinds, c.delivery, c.is_enabled, c.is_default
       from notification_channel c join app_user u on u.user_id = c.user_id order by u.subject`,
    );
    const defaultChannel = { kind: 'email', target: null, secret: null, alert_kinds: ['below_max_price', 'price_drop', 'new_lowest', 'back_in_stock'], delivery: 'immediate', is_enabled: true, is_default: true };
    expect(channels).toEqual([
      { subject: 'wants-mail', ...defaultChannel },
      { subject: 'wants-mail-no-address', ...defaultChannel },
    ]);
  });

  it('refuses rows the domain would refuse', async () => {
    const [user] = await db.sql<{ user_id: string }>("insert into app_user (subject) values ('constraints') returning user_id");
    const insert = (kind: string, target: string | null, secret: string | null, alertKinds: string[], delivery = 'immediate', isDefault = false) =>
      db.sql(
        'insert into notification_channel (user_id, kind, target, secret, alert_kinds, delivery, is_default) values ($1, $2, $3, $4, $5, $6, $7)',
        [user!.user_id, kind, target, secret, alertKinds, delivery, isDefault],
      );
    await insert('webhook', 'https://hooks.example.org/x', 'secret', ['price_drop']);
    await insert('email', null, null, ['price_drop'], 'daily_digest', true);
    const refusals: Array<[string, () => Promise<unknown>]> = [
      ['unknown kind', () => insert('sms', 'me@example.org', null, ['price_drop'])],
      ['webhook without target', () => insert('webhook', null, 'secret', ['price_drop'])],
      ['ntfy without target', () => insert('ntfy', null, null, ['price_drop'])],
      ['no http(s) URL', () => insert('ntfy', 'ftp://example.org', null, ['price_drop'])],
      ['webhook without secret', () => insert('webhook', 'https://hooks.example.org/x', null, ['price_drop'])],
      ['secret on ntfy', () => insert('ntfy', 'https://ntfy.example.org/t', 'secret', ['price_drop'])],
      ['no alert kind', () => insert('email', null, null, [])],
      ['unknown alert kind', () => insert('email', null, null, ['sale'])],
      ['digest off e-mail', () => insert('ntfy', 'https://ntfy.example.org/t', null, ['price_drop'], 'daily_digest')],
      ['default off e-mail', () => insert('ntfy', 'https://ntfy.example.org/t', null, ['price_drop'], 'immediate', true)],
      ['a second default', () => insert('email', null, null, ['price_drop'], 'immediate', true)],
    ];
    for (const [label, refused] of refusals) {
      await expect(refused(), label).rejects.toThrow();
    }
  });
});
