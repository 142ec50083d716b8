import { inject, injectable } from 'inversify';
import { Clock } from '../shared/clock.js';
import { LogStore } from './ports/log-store.js';
import { RetentionPolicy } from './ports/retention-policy.js';
import { MaintainerAlertLedger } from './ports/maintainer-alert-ledger.js';

const DAY_MS = 86_400_000;

/** Retention: deletes rows older than LOG_RETENTION_DAYS, one short batch at a time. */
@injectable()
export class PurgeOldLogs {
  constructor(
    @inject(LogStore) private readonly store: LogStore,
    @inject(MaintainerAlertLedger) private readonly ledger: MaintainerAlertLedger,
    @inject(RetentionPolicy) private readonly policy: RetentionPolicy,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(): Promise<{ deleted: number; cutoff: Date }> {
    const cutoff = new Date(this.clock.now().getTime() - this.policy.days * DAY_MS);
    let deleted = 0;
    for (;;) {
      const batch = await this.store.deleteBefore(cutoff, this.policy.batchSize);
      deleted += batch;
      if (batch < this.policy.batchSize) break;
    }
    // Alert windows that old were sent long ago; a few rows a day, gone in one statement.
    await this.ledger.forgetBefore(cutoff);
    return { deleted, cutoff };
  }
}
