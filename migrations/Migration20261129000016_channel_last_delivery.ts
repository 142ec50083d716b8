import { Migration } from '@mikro-orm/migrations';

/**
 * Each channel keeps its latest delivery attempt (alert, digest or test), which the channel's representation shows:
 * the test action is queued, so this is how its owner sees whether the receiver took the message, and why not. The
 * failure is stored in words already safe to show (no URL beyond its host, no secret).
 */
export class Migration20261129000016_channel_last_delivery extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table notification_channel
      add column last_attempt_at timestamptz,
      add column last_attempt_kind text check (last_attempt_kind in ('alert', 'digest', 'test')),
      add column last_attempt_ok boolean,
      add column last_attempt_failure text check (char_length(last_attempt_failure) between 1 and 300),
      add column last_attempt_retryable boolean,
      add constraint notification_channel_last_attempt check (
        (last_attempt_at is null and last_attempt_kind is null and last_attempt_ok is null and last_attempt_failure is null
          and last_attempt_retryable is null)
        or (last_attempt_at is not null and last_attempt_kind is not null and last_attempt_retryable is not null
          and last_attempt_ok = (last_attempt_failure is null)));`);
  }
}
