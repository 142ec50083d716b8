import type { Transporter } from 'nodemailer';
import type { MaintainerAlert } from '../../domain/logging/maintainer-alert.js';
import { smtpTransport } from './smtp-transport.js';

/** Maintainer alerts by e-mail (`ALERT_EMAIL_TO` through `SMTP_URL`): the payload as readable text. */
export class SmtpMaintainerAlertChannel {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
    private readonly to: string,
  ) {
    this.transport = smtpTransport(smtpUrl);
  }

  async send(alert: MaintainerAlert): Promise<void> {
    await this.transport.sendMail({
      from: this.from,
      to: this.to,
      subject: `[Shelfwatch] ${alert.alert}`,
      text: [
        alert.alert,
        '',
        `Event: ${alert.log_event}`,
        `Count: ${alert.count}`,
        `First: ${alert.first_log_time}`,
        `Last: ${alert.last_log_time}`,
        '',
        'Sample record:',
        JSON.stringify(alert.sample, null, 2),
      ].join('\n'),
    });
  }
}
