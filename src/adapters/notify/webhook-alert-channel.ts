import type { MaintainerAlert } from '../../domain/logging/maintainer-alert.js';

const WEBHOOK_TIMEOUT_MS = 10_000;

/** Maintainer alerts as a JSON POST to `ALERT_WEBHOOK_URL` (alert, log_event, count, first and last log_time, a sample record); anything but 2xx is a failure. */
export class WebhookAlertChannel {
  constructor(private readonly url: string) {}

  async send(alert: MaintainerAlert): Promise<void> {
    const response = await fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(alert),
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
    await response.body?.cancel();
    if (!response.ok) throw new Error(`webhook answered ${response.status}`);
  }
}
