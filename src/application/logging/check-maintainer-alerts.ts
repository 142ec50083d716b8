import { inject, injectable } from 'inversify';
import type { LogEvent } from '../../domain/logging/log-event.js';
import {
  exceedsThreshold,
  isGroupedAlertEvent,
  maintainerAlert,
  THRESHOLD_ALERT_EVENT,
} from '../../domain/logging/maintainer-alert.js';
import { Clock } from '../shared/clock.js';
import { AlertChannel } from './ports/alert-channel.js';
import { LogStore } from './ports/log-store.js';
import { MaintainerAlertPolicy } from './ports/maintainer-alert-policy.js';
import { MaintainerAlertLedger } from './ports/maintainer-alert-ledger.js';

/**
 * Maintainer alerts, checked on each write. Grouped failures open a window shared by all instances
 * through the ledger; the window is summarised and sent once it has ended (`sendDueGroups`), so its count
 * includes events that other instances wrote. `api_error` counts what the table holds within the window.
 */
@injectable()
export class CheckMaintainerAlerts {
  constructor(
    @inject(LogStore) private readonly store: LogStore,
    @inject(MaintainerAlertLedger) private readonly ledger: MaintainerAlertLedger,
    @inject(AlertChannel) private readonly channel: AlertChannel,
    @inject(MaintainerAlertPolicy) private readonly policy: MaintainerAlertPolicy,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  /** After a batch was written: open group windows, fire the api_error alert when over the threshold. */
  async afterWrite(batch: readonly LogEvent[]): Promise<void> {
    const grouped = new Map<string, number[]>();
    let lastApiError: number | null = null;
    for (const e of batch) {
      if (isGroupedAlertEvent(e.event)) {
        const times = grouped.get(e.event) ?? [];
        times.push(e.time.getTime());
        grouped.set(e.event, times);
      } else if (e.event === THRESHOLD_ALERT_EVENT) {
        lastApiError = Math.max(lastApiError ?? 0, e.time.getTime());
      }
    }
    for (const [event, times] of grouped) await this.openWindows(event, times.sort((a, b) => a - b));
    if (lastApiError !== null) await this.checkThreshold(new Date(lastApiError));
  }

  /** Sends every group window that has ended (plus `graceMs`, for other instances' buffers); once each. */
  async sendDueGroups(graceMs: number): Promise<number> {
    const due = await this.ledger.claimDueGroupWindows(new Date(this.clock.now().getTime() - graceMs));
    for (const window of due) {
      const summary = await this.store.summarise(window.event, window.start, window.end);
      if (summary) await this.channel.send(maintainerAlert(window.event, summary, this.policy.groupWindowMs, 'group'));
    }
    return due.length;
  }

  private async openWindows(event: string, sortedTimes: number[]): Promise<void> {
    let coveredUntil = -Infinity;
    for (const time of sortedTimes) {
      if (time < coveredUntil) continue;
      const window = await this.ledger.openGroupWindow(event, new Date(time), this.policy.groupWindowMs);
      coveredUntil = window.end.getTime();
    }
  }

  private async checkThreshold(at: Date): Promise<void> {
    const windowMs = this.policy.apiErrorWindowMs;
    // The window ends just after the newest event of the batch (the range is half-open).
    const to = new Date(at.getTime() + 1);
    const summary = await this.store.summarise(THRESHOLD_ALERT_EVENT, new Date(to.getTime() - windowMs), to);
    if (!summary || !exceedsThreshold(summary.count, this.policy.apiErrorThreshold)) return;
    if (!(await this.ledger.claimQuietPeriod(THRESHOLD_ALERT_EVENT, at, windowMs))) return;
    await this.channel.send(maintainerAlert(THRESHOLD_ALERT_EVENT, summary, windowMs, 'threshold'));
  }
}
