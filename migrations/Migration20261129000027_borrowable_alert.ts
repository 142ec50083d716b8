import { Migration } from '@mikro-orm/migrations';

const literal = (text: string): string => `'${text.replace(/'/g, "''")}'`;

// The kinds as of this migration, written out: a later kind replaces the two checks in its own migration.
const KINDS = ['below_max_price', 'price_drop', 'new_lowest', 'back_in_stock', 'percent_drop', 'lowest_in_days', 'below_target', 'borrowable'];
const KIND_ARRAY = `array[${KINDS.map(literal).join(', ')}]`;

/**
 * The `borrowable` alert kind (issue 27 §4): a wished book became borrowable as an e-book. Such an alert has no store
 * and no price, and its edition is the lent one only when the lender lends one of the book's, so those columns may be
 * null — for this kind only: `alert_shape` keeps every price alert complete as before. The lender's page is stored on
 * the alert (`borrow_url`), as the check that raised it found it; a price alert's page stays the latest quote's. The
 * alert and channel kind checks take the new kind.
 */
export class Migration20261129000027_borrowable_alert extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table alert
      alter column edition_id drop not null,
      alter column store_id drop not null,
      alter column amount_minor drop not null,
      alter column currency drop not null,
      add column if not exists borrow_url text check (borrow_url is null or borrow_url ~ '^https?://');`);
    this.addSql('alter table alert drop constraint if exists alert_shape;');
    this.addSql(`alter table alert add constraint alert_shape check (
      case when alert_kind = 'borrowable'
        then store_id is null and amount_minor is null and currency is null and previous_minor is null and borrow_url is not null
        else edition_id is not null and store_id is not null and amount_minor is not null and currency is not null and borrow_url is null
      end);`);

    this.addSql('alter table alert drop constraint if exists alert_alert_kind_check;');
    this.addSql(`alter table alert add constraint alert_alert_kind_check check (alert_kind = any (${KIND_ARRAY}));`);
    this.addSql('alter table notification_channel drop constraint if exists notification_channel_alert_kinds_check;');
    this.addSql(`alter table notification_channel add constraint notification_channel_alert_kinds_check
      check (cardinality(alert_kinds) between 1 and ${KINDS.length} and alert_kinds <@ ${KIND_ARRAY});`);
  }
}
