import type { CheckMaintainerAlerts } from '../../application/logging/check-maintainer-alerts.js';
import { consoleLogger } from './console-output.js';

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
    // Grace after a window's end, so other instances' buffers have written their events of the window.
    const graceMs = this.options.flushMs + 1000;
    this.timer = setInterval(() => {
      this.running = this.running.then(() =>
        this.alerts.sendDueGroups(graceMs).catch((error: unknown) =>
          consoleLogger.error('maintainer alert sweep failed', { error: error instanceof Error ? error.message : String(error) }),
        ),
      );
    }, every);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}
