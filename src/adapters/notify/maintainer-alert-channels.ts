import type { MailConfig, MaintainerAlertConfig } from '../../../config/config.js';
import type { AlertChannel } from '../../application/logging/ports/alert-channel.js';
import type { MaintainerAlert } from '../../domain/logging/maintainer-alert.js';
import { consoleLogger } from '../kits/console/console-output.js';
import { SmtpMaintainerAlertChannel } from './smtp-maintainer-alert-channel.js';
import { WebhookAlertChannel } from './webhook-alert-channel.js';

interface Destination {
  name: string;
  send(alert: MaintainerAlert): Promise<void>;
}

/** Every configured destination gets the alert; a failed delivery goes to the console, never up the stack. */
export class FanOutAlertChannel implements AlertChannel {
  constructor(private readonly destinations: readonly Destination[]) {}

  async send(alert: MaintainerAlert): Promise<void> {
    await Promise.all(
      this.destinations.map(async (d) => {
        try {
          await d.send(alert);
        } catch (error) {
          consoleLogger.error('maintainer alert delivery failed', {
            channel: d.name,
            error: error instanceof Error ? error.message : String(error),
            alert,
          });
        }
      }),
    );
  }
}

/** Webhook and/or e-mail from configuration; with neither, alerts are written to the console. */
export function alertChannelFromConfig(alerts: MaintainerAlertConfig, mail: MailConfig): AlertChannel {
  const destinations: Destination[] = [];
  if (alerts.webhookUrl) {
    const webhook = new WebhookAlertChannel(alerts.webhookUrl);
    destinations.push({ name: 'webhook', send: (alert) => webhook.send(alert) });
  }
  if (alerts.emailTo && mail.smtpUrl) {
    const email = new SmtpMaintainerAlertChannel(mail.smtpUrl, mail.from, alerts.emailTo);
    destinations.push({ name: 'email', send: (alert) => email.send(alert) });
  }
  if (destinations.length === 0) {
    destinations.push({ name: 'console', send: async (alert) => void consoleLogger.warn('maintainer alert (no ALERT_WEBHOOK_URL or ALERT_EMAIL_TO)', { alert }) });
  }
  return new FanOutAlertChannel(destinations);
}
