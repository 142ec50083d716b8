import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import type { PreferencesRepository } from '../../../application/preferences/ports/preferences-repository.js';
import { DEFAULT_CHANNEL_ALERT_KINDS } from '../../../domain/alerts/channel-settings.js';
import type { EditionFormat } from '../../../domain/catalog/edition.js';
import type { AlertDefaults, DefaultTarget, LowestDays } from '../../../domain/alerts/alert-settings.js';
import { Money } from '../../../domain/shared/money.js';
import type { Preferences } from '../../../domain/wishes/preferences.js';
import { OrmEntityManager } from '../orm-tokens.js';
import { type Row, textArray } from './row-mapping.js';

@injectable()
export class SqlPreferencesRepository implements PreferencesRepository {
  constructor(@inject(OrmEntityManager) private readonly em: EntityManager) {}

  // `alertEmail` is the account's default e-mail channel, on when it exists and is enabled. The column
  // `user_preferences.alert_email` is kept equal to it for the alert e-mail path, which still reads the column.
  async find(userId: number): Promise<Preferences | null> {
    const rows = await this.em.execute<Row[]>(
      `select p.country, p.currency, p.formats, p.convert_currencies,
         p.alert_drop_percent, p.alert_lowest_days, p.default_target_minor, p.default_target_currency, p.default_target_discount_percent,
         exists (select 1 from notification_channel c where c.user_id = p.user_id and c.is_default and c.is_enabled) as alert_email
       from user_preferences p where p.user_id = ?`,
      [userId],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      country: (row.country as string | null) ?? null,
      currency: String(row.currency),
      formats: row.formats as EditionFormat[],
      alertEmail: Boolean(row.alert_email),
      convertCurrencies: Boolean(row.convert_currencies),
      alertDefaults: {
        dropPercent: nullableNumber(row.alert_drop_percent),
        lowestDays: nullableNumber(row.alert_lowest_days) as LowestDays | null,
        defaultTarget: targetFromRow(row),
      },
    };
  }

  async save(userId: number, p: Preferences): Promise<void> {
    await this.em.execute(
      `insert into user_preferences (user_id, country, currency, formats, alert_email, convert_currencies,
         alert_drop_percent, alert_lowest_days, default_target_minor, default_target_currency, default_target_discount_percent, updated_at)
       values (?, ?, ?, ?::text[], ?, ?, ?, ?, ?, ?, ?, now())
       on conflict (user_id) do update set country = excluded.country, currency = excluded.currency,
         formats = excluded.formats, alert_email = excluded.alert_email, convert_currencies = excluded.convert_currencies,
         alert_drop_percent = excluded.alert_drop_percent, alert_lowest_days = excluded.alert_lowest_days,
         default_target_minor = excluded.default_target_minor, default_target_currency = excluded.default_target_currency,
         default_target_discount_percent = excluded.default_target_discount_percent,
         updated_at = now()`,
      [userId, p.country, p.currency, `{${p.formats.join(',')}}`, p.alertEmail, p.convertCurrencies, ...alertDefaultColumns(p.alertDefaults)],
    );
    if (p.alertEmail) {
      // On: the default channel is created (the account's address, every kind, at once) or enabled as it was left.
      await this.em.execute(
        `insert into notification_channel (user_id, kind, target, secret, alert_kinds, delivery, is_enabled, is_default)
         values (?, 'email', null, null, ?::text[], 'immediate', true, true)
         on conflict (user_id) where is_default do update set is_enabled = true`,
        [userId, textArray(DEFAULT_CHANNEL_ALERT_KINDS)],
      );
    } else {
      await this.em.execute('update notification_channel set is_enabled = false where user_id = ? and is_default and is_enabled', [userId]);
    }
  }
}

const nullableNumber = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

function targetFromRow(row: Row): DefaultTarget | null {
  if (row.default_target_minor !== null && row.default_target_minor !== undefined) {
    return { maxPrice: Money.fromMinor(BigInt(String(row.default_target_minor)), String(row.default_target_currency).trim()) };
  }
  const discount = nullableNumber(row.default_target_discount_percent);
  return discount === null ? null : { discountPercent: discount };
}

/** alert_drop_percent, alert_lowest_days, default_target_minor, default_target_currency, default_target_discount_percent. */
function alertDefaultColumns(a: AlertDefaults): unknown[] {
  const target = a.defaultTarget;
  const max = target !== null && 'maxPrice' in target ? target.maxPrice : null;
  const discount = target !== null && 'discountPercent' in target ? target.discountPercent : null;
  return [a.dropPercent, a.lowestDays, max?.toMinor().toString() ?? null, max?.currency ?? null, discount];
}
