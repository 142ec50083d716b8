import type { CheckMaintainerAlerts } from '../../application/logging/check-maintainer-alerts.js';
import { consoleLine, errorText } from '../kits/console/console-output.js';

/**
 * How long after a window's end (beyond one flush interval) events of the window may still arrive: another
 * instance's buffer, the component's HTTP intake under load. The alert waits for them.
 */
const LATE_ARRIVAL_MS = 5000;

/**
 * Sends grouped maintainer alerts once their window has ended. Every instance sweeps; the ledger hands each
 * window to one of them, and a window whose opener died is still sent by another.
 */
export class MaintainerAlertSweep {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly alerts: CheckMaintainerAlerts,
    private readonly options: { groupWindowMs: number; flushMs: number },
  ) {}

  start(): void {
    const every = Math.min(5000, Math.max(200, Math.floor(this.options.groupWindowMs / 5)));
    const graceMs = this.options.flushMs + LATE_ARRIVAL_MS;
    this.timer = setInterval(() => {
      // consoleLine cannot throw: a rejected `running` would skip every later sweep.
      this.running = this.running.then(() =>
        this.alerts.sendDueGroups(graceMs).catch((error: unknown) => consoleLine('error', 'maintainer alert sweep failed', { error: errorText(error) })),
      );
    }, every);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}
